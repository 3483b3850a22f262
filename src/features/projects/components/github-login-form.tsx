// The login field both GitHub dialogs start from (Import from GitHub, Open
// source): the account to read, checked here by GitHub's own rules before
// any request, with the field's error below it.
import { useState, type FormEvent } from 'react'
import { GITHUB_LOGIN } from '@shared/contract/github-names.ts'
import { ApiError, serverMessage } from '@/lib/api-client'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** Why `name` (trimmed) is not a GitHub login, or null when it is one. */
export const githubLoginProblem = (name: string): string | null =>
  GITHUB_LOGIN.test(name)
    ? null
    : 'A GitHub login is letters, digits and single hyphens, 1 to 39 characters'

/**
 * What both dialogs keep about the account they read: the typed login and its
 * error, the list read for it, and the keys ticked in that list. `look` checks
 * the login, reads the list (`read`) and, for another account than the last,
 * clears the ticks; a server's `login` error goes under the field, any other
 * failure to `onError` (the dialog's own message), and the list stays.
 */
export function useGithubLookup<T extends { login: string }>(
  read: (login: string) => Promise<T>,
  readFailed: string,
) {
  const [login, setLogin] = useState('')
  const [loginError, setLoginError] = useState('')
  const [loaded, setLoaded] = useState<T | null>(null)
  const [looking, setLooking] = useState(false)
  const [ticked, setTicked] = useState<Set<string>>(new Set())

  async function look(event: FormEvent, onError: (message: string) => void): Promise<T | null> {
    event.preventDefault()
    const name = login.trim()
    const problem = githubLoginProblem(name)
    if (problem) {
      setLoginError(problem)
      return null
    }
    setLoginError('')
    setLooking(true)
    try {
      const answer = await read(name)
      if (answer.login.toLowerCase() !== loaded?.login.toLowerCase()) setTicked(new Set())
      setLoaded(answer)
      return answer
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors?.login) setLoginError(failure.errors.login)
      else onError(serverMessage(failure, readFailed))
      return null
    } finally {
      setLooking(false)
    }
  }

  function toggle(key: string, on: boolean) {
    setTicked((before) => {
      const next = new Set(before)
      if (on) next.add(key)
      else next.delete(key)
      return next
    })
  }

  return {
    login,
    setLogin,
    loginError,
    loaded,
    setLoaded,
    looking,
    ticked,
    setTicked,
    look,
    toggle,
  }
}

interface GithubLoginFormProps {
  id: string
  login: string
  onLoginChange: (login: string) => void
  /** The field's error: the check above, or the server's for `login`. */
  loginError: string
  busy: boolean
  submitLabel: string
  onSubmit: (event: FormEvent) => void
}

export function GithubLoginForm({
  id,
  login,
  onLoginChange,
  loginError,
  busy,
  submitLabel,
  onSubmit,
}: GithubLoginFormProps) {
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>GitHub login</Label>
        <Input
          id={id}
          value={login}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={loginError ? true : undefined}
          aria-describedby={loginError ? `${id}-error` : undefined}
          onChange={(event) => onLoginChange(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {submitLabel}
      </Button>
      {loginError ? (
        <p id={`${id}-error`} className="w-full text-sm text-destructive">
          {loginError}
        </p>
      ) : null}
    </form>
  )
}
