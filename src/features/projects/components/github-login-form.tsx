// The login field both GitHub dialogs start from (Import from GitHub, Open
// source): the account to read, checked here by GitHub's own rules before
// any request, with the field's error below it.
import type { FormEvent } from 'react'
import { GITHUB_LOGIN } from '@shared/contract/github-names.ts'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

/** Why `name` (trimmed) is not a GitHub login, or null when it is one. */
export const githubLoginProblem = (name: string): string | null =>
  GITHUB_LOGIN.test(name)
    ? null
    : 'A GitHub login is letters, digits and single hyphens, 1 to 39 characters'

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
