// What an edit form shows when its save answered 412: someone else saved the
// item after this screen loaded it (docs/decisions/009-optimistic-concurrency.md).
// Nothing is thrown away on its own: the owner's typed values stay in the form
// until they choose to load the other version.
import { useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import type { VersionedEdit } from '@/lib/use-versioned-record'

interface ChangedElsewhereAlertProps {
  /** 'project', 'technology', ... as the owner calls it. */
  what: string
  /** Loads the server's current copy into the form. */
  onReload: () => Promise<unknown>
  /** The screen's usual failure message (the spec's wording), shown first. */
  failure?: string
}

export function ChangedElsewhereAlert({ what, onReload, failure }: ChangedElsewhereAlertProps) {
  const [reloading, setReloading] = useState(false)
  const reload = () => {
    setReloading(true)
    void onReload().finally(() => setReloading(false))
  }
  return (
    <Alert variant="destructive" className="grid gap-3">
      {failure ? <p className="font-medium">{failure}</p> : null}
      <p>
        Someone else changed this {what} after you opened it, so your changes were not saved. Reload
        to see the current version; what you typed here will be replaced.
      </p>
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={reload}
          disabled={reloading}
          aria-busy={reloading || undefined}
        >
          {reloading ? 'Reloading...' : `Reload ${what}`}
        </Button>
      </div>
    </Alert>
  )
}

/**
 * Where an edit page's form says its save failed: after a 412 the explanation
 * above with its Reload button, else the message alone (`edit` is absent when
 * the form creates).
 */
export function SaveFailedAlert(props: { what: string; message?: string; edit?: VersionedEdit }) {
  const { what, message, edit } = props
  return (
    <div aria-live="polite">
      {edit?.changedElsewhere ? (
        <ChangedElsewhereAlert what={what} failure={message} onReload={edit.reload} />
      ) : message ? (
        <Alert variant="destructive">{message}</Alert>
      ) : null}
    </div>
  )
}
