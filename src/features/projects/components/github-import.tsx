// "Import from GitHub" on the projects list (docs/github.md): type a login,
// see its public repositories (forks and archived ones hidden unless asked,
// imported ones marked and not choosable), tick some, import them as
// projects in one step. A failure is shown in the dialog and what was chosen
// stays. "Sync now" refreshes the imported projects.
import { useId, useState, type FormEvent } from 'react'
import type { GithubRepositoryItem } from '@shared/contract/types.ts'
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
import { Switch } from '@/components/ui/switch'
import { Label } from '@/components/ui/label'
import { serverMessage } from '@/lib/api-client'
import { ChoiceRow } from './choice-row'
import { GithubLoginForm, useGithubLookup } from './github-login-form'
import { fetchGithubRepositories, useImportFromGithub, useSyncFromGithub } from '../api/github'
import { OpenSourceDialog } from './open-source-dialog'

export function GithubImport() {
  return (
    <section aria-labelledby="github-title" className="mb-6 rounded-lg border p-4">
      <h2 id="github-title" className="font-semibold">
        GitHub
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Make projects of your public repositories, and refresh the ones you imported; choose the
        merged pull requests the home page shows under Open source.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <ImportDialog />
        <OpenSourceDialog />
        <SyncButton />
      </div>
    </section>
  )
}

function SyncButton() {
  const sync = useSyncFromGithub()
  const [status, setStatus] = useState('')
  return (
    <>
      <Button
        type="button"
        variant="outline"
        disabled={sync.isPending}
        onClick={() => {
          setStatus('')
          sync.mutate(undefined, {
            onSuccess: ({ updated, gone }) =>
              setStatus(
                `${updated === 1 ? '1 project' : `${updated} projects`} updated from GitHub` +
                  (gone.length ? `; no longer on GitHub: ${gone.join(', ')}` : ''),
              ),
            onError: (error) => setStatus(serverMessage(error, 'Sync failed. Please try again.')),
          })
        }}
      >
        {sync.isPending ? 'Syncing...' : 'Sync now'}
      </Button>
      <p role="status" className="text-sm text-muted-foreground">
        {status}
      </p>
    </>
  )
}

function ImportDialog() {
  const [open, setOpen] = useState(false)
  const [error, setError] = useState('')
  const [showAll, setShowAll] = useState(false)
  const [done, setDone] = useState('')
  const {
    login,
    setLogin,
    loginError,
    loaded,
    setLoaded,
    looking,
    ticked: chosen,
    setTicked: setChosen,
    look,
    toggle,
  } = useGithubLookup(fetchGithubRepositories, 'Could not read the repositories. Please try again.')
  const importing = useImportFromGithub()
  const loginId = useId()
  const errorId = useId()

  function lookUp(event: FormEvent) {
    setError('')
    setDone('')
    return look(event, setError)
  }

  function importChosen() {
    setError('')
    setDone('')
    const names = [...chosen]
    importing.mutate(names, {
      onSuccess: ({ projects }) => {
        const ids = new Map(projects.map((p) => [p.repository.toLowerCase(), p.id]))
        setLoaded(
          (before) =>
            before && {
              ...before,
              repositories: before.repositories.map((r) => ({
                ...r,
                projectId: ids.get(r.fullName.toLowerCase()) ?? r.projectId,
              })),
            },
        )
        setChosen(new Set())
        setDone(
          `Imported ${projects.length === 1 ? '1 project' : `${projects.length} projects`}: ${projects
            .map((p) => p.repository)
            .join(', ')}`,
        )
      },
      // The choice stays, so the owner can try again.
      onError: (failure) => setError(serverMessage(failure, 'Import failed. Please try again.')),
    })
  }

  const repositories = loaded?.repositories ?? []
  const hiddenCount = repositories.filter((r) => r.fork || r.archived).length
  const shown = showAll ? repositories : repositories.filter((r) => !r.fork && !r.archived)

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">Import from GitHub</Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import from GitHub</DialogTitle>
          <DialogDescription>
            Each repository you choose becomes a project: its README as the description, its
            languages and topics as technologies.
          </DialogDescription>
        </DialogHeader>
        <GithubLoginForm
          id={loginId}
          login={login}
          onLoginChange={setLogin}
          loginError={loginError}
          busy={looking}
          submitLabel={looking ? 'Loading...' : 'Show repositories'}
          onSubmit={lookUp}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <p role="status" className="text-sm text-muted-foreground">
          {done ||
            (loaded
              ? `${loaded.repositories.length} public ${loaded.repositories.length === 1 ? 'repository' : 'repositories'} of ${loaded.login}`
              : '')}
        </p>
        {loaded ? (
          <>
            {hiddenCount ? (
              <div className="flex items-center gap-2">
                <Switch id={`${loginId}-all`} checked={showAll} onCheckedChange={setShowAll} />
                <Label htmlFor={`${loginId}-all`}>
                  Show forks and archived repositories ({hiddenCount})
                </Label>
              </div>
            ) : null}
            <fieldset>
              <legend className="sr-only">Repositories to import</legend>
              <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto">
                {shown.map((repo) => (
                  <RepositoryRow
                    key={repo.fullName}
                    repo={repo}
                    checked={chosen.has(repo.fullName)}
                    onChange={(on) => toggle(repo.fullName, on)}
                  />
                ))}
              </ul>
            </fieldset>
          </>
        ) : null}
        <DialogFooter>
          <Button
            type="button"
            disabled={!chosen.size || importing.isPending}
            aria-describedby={error ? errorId : undefined}
            onClick={importChosen}
          >
            {importing.isPending
              ? 'Importing...'
              : `Import ${chosen.size === 1 ? '1 repository' : `${chosen.size} repositories`}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function RepositoryRow({
  repo,
  checked,
  onChange,
}: {
  repo: GithubRepositoryItem
  checked: boolean
  onChange: (on: boolean) => void
}) {
  const imported = repo.projectId !== null
  return (
    <ChoiceRow
      label={repo.fullName}
      marks={[
        repo.fork ? 'fork' : null,
        repo.archived ? 'archived' : null,
        imported ? 'imported' : null,
      ]}
      about={[
        repo.description,
        repo.language,
        `${repo.stars} ${repo.stars === 1 ? 'star' : 'stars'}`,
        imported ? 'already a project' : null,
      ]}
      checked={checked}
      taken={imported ? { checked: false } : undefined}
      onChange={onChange}
    />
  )
}
