// The backups the server kept (docs/PRODUCT.md §14, §28): each with when it
// was written and its size, and a Restore button that asks first, then says
// what came back. Left out while there is none.
import { useState } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import type { KeptBackup } from '@shared/contract/types.ts'
import { useKeptBackups, useRestoreKeptBackup } from '../api/kept-backups'
import { describeRestore } from './restore-card'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

export function KeptBackupsCard() {
  const kept = useKeptBackups()
  const restore = useRestoreKeptBackup()
  const [confirming, setConfirming] = useState<KeptBackup | null>(null)
  if (!kept.data?.length && !restore.isSuccess) return null
  const label = (backup: KeptBackup) => when.format(new Date(backup.createdAt))

  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 id="kept-backups" className="text-lg font-semibold">
          Kept backups
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Backups this site wrote itself before removing the demo content. Restoring one replaces
          all content with what it holds.
        </p>
        <ul aria-labelledby="kept-backups" className="grid gap-2">
          {kept.data?.map((backup) => (
            <li key={backup.path} className="flex flex-wrap items-center justify-between gap-3">
              <span className="text-sm">
                <time dateTime={backup.createdAt}>{label(backup)}</time>
                <span className="text-muted-foreground"> · {size(backup.size)}</span>
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={restore.isPending}
                aria-label={`Restore the backup of ${label(backup)}`}
                onClick={() => setConfirming(backup)}
              >
                Restore
              </Button>
            </li>
          ))}
        </ul>
        <div aria-live="polite">
          {restore.isPending ? <p className="text-sm">Restoring...</p> : null}
          {restore.isSuccess ? <p className="text-sm">{describeRestore(restore.data)}</p> : null}
          {restore.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {restore.error.message}
            </p>
          ) : null}
        </div>
      </CardContent>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Replace all content?</AlertDialogTitle>
          <AlertDialogDescription>
            Every project, technology, certification, story entry, post and configuration of this
            site will be replaced by those in the backup of{' '}
            {confirming ? label(confirming) : 'this backup'}. Accounts stay as they are.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (confirming) restore.mutate(confirming.path)
                setConfirming(null)
              }}
            >
              Replace content
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  )
}
