// "Open source" beside the GitHub import (docs/github.md): the merged pull
// requests the home page's Open source section shows, each removable, and an
// account's merged pull requests to others' repositories to choose more from
// (those shown already marked and not choosable). A failure is shown in the
// dialog and what was ticked stays.
import { useEffect, useId, useState, type FormEvent } from 'react'
import type { Contribution } from '@shared/contract/types.ts'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { serverMessage } from '@/lib/api-client'
import { ChoiceRow } from './choice-row'
import { GithubLoginForm, useGithubLookup } from './github-login-form'
import {
  fetchContributions,
  fetchGithubPullRequests,
  removeContribution,
  showPullRequests,
} from '../api/github'

const day = (iso: string) => iso.slice(0, 10)
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function OpenSourceDialog() {
  const [open, setOpen] = useState(false)
  const [shown, setShown] = useState<Contribution[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [status, setStatus] = useState('')
  const { login, setLogin, loginError, loaded, looking, ticked, setTicked, look, toggle } =
    useGithubLookup(fetchGithubPullRequests, 'Could not read the pull requests. Please try again.')
  const loginId = useId()

  useEffect(() => {
    if (!open) return
    fetchContributions()
      .then(setShown)
      .catch((failure) =>
        setError(serverMessage(failure, 'Could not read the pull requests shown. Try again.')),
      )
  }, [open])

  const shownUrls = new Set((shown ?? []).map((c) => c.url.toLowerCase()))

  async function lookUp(event: FormEvent) {
    setError('')
    setStatus('')
    const answer = await look(event, setError)
    if (answer)
      setStatus(
        `${plural(answer.pullRequests.length, 'merged pull request', 'merged pull requests')} of ${answer.login} to others' repositories`,
      )
  }

  async function save() {
    setError('')
    setStatus('')
    setBusy(true)
    const chosen = (loaded?.pullRequests ?? []).filter(
      (p) => ticked.has(p.url) && !shownUrls.has(p.url.toLowerCase()),
    )
    try {
      const saved = await showPullRequests(chosen)
      setShown((before) => [...(before ?? []), ...saved])
      setTicked(new Set())
      setStatus(`Now shown: ${plural(saved.length, 'pull request', 'pull requests')}`)
    } catch (failure) {
      // What was saved before the failure is shown; the ticks stay for the rest.
      setShown(await fetchContributions().catch(() => shown))
      setError(serverMessage(failure, 'Saving failed. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  async function remove(contribution: Contribution) {
    setError('')
    setStatus('')
    try {
      await removeContribution(contribution.id)
      setShown((before) => (before ?? []).filter((c) => c.id !== contribution.id))
      setStatus(`No longer shown: ${contribution.repository}#${contribution.number}`)
    } catch (failure) {
      setError(serverMessage(failure, 'Removing failed. Please try again.'))
    }
  }

  // Reading a list or saving: the login's button and Show wait.
  const working = busy || looking
  const choosable = [...ticked].filter((url) => !shownUrls.has(url.toLowerCase())).length

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          Open source
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Open source contributions</DialogTitle>
          <DialogDescription>
            Merged pull requests to others&apos; repositories, shown in the home page&apos;s Open
            source section, grouped by repository.
          </DialogDescription>
        </DialogHeader>
        <section aria-labelledby={`${loginId}-shown`}>
          <h3 id={`${loginId}-shown`} className="text-sm font-semibold">
            Shown on the home page
          </h3>
          {shown === null ? null : shown.length === 0 ? (
            <p className="text-sm text-muted-foreground">None yet.</p>
          ) : (
            <ul className="flex max-h-40 flex-col gap-1 overflow-y-auto">
              {shown.map((c) => (
                <li key={c.id} className="flex items-center justify-between gap-2 text-sm">
                  <span>
                    {c.repository}#{c.number}: {c.title}
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${c.repository}#${c.number}`}
                    onClick={() => void remove(c)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <GithubLoginForm
          id={loginId}
          login={login}
          onLoginChange={setLogin}
          loginError={loginError}
          busy={working}
          submitLabel={'Show pull requests'}
          onSubmit={lookUp}
        />
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <p role="status" className="text-sm text-muted-foreground">
          {status}
        </p>
        {loaded ? (
          <fieldset>
            <legend className="sr-only">Pull requests to show</legend>
            <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto">
              {loaded.pullRequests.map((p) => {
                const isShown = shownUrls.has(p.url.toLowerCase())
                return (
                  <ChoiceRow
                    key={p.url}
                    label={p.title}
                    about={[
                      `${p.repository}#${p.number}`,
                      `merged ${day(p.mergedAt)}`,
                      isShown ? 'shown already' : null,
                    ]}
                    checked={ticked.has(p.url)}
                    taken={isShown ? { checked: true } : undefined}
                    onChange={(on) => toggle(p.url, on)}
                  />
                )
              })}
            </ul>
          </fieldset>
        ) : null}
        <DialogFooter>
          <Button type="button" disabled={!choosable || working} onClick={() => void save()}>
            {`Show ${plural(choosable, 'pull request', 'pull requests')}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
