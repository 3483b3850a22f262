// Restore: a file, a confirmation that says what will be replaced, the
// upload's progress, then what was restored or what was wrong.
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
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import type { RestoreSummary } from '@shared/contract/types.ts'
import { useRestoreBackup } from '../api/restore-backup'

/** What a restore wrote, in words. */
export const describeRestore = (s: RestoreSummary) =>
  `Backup restored: ${s.projects} projects, ${s.technologies} technologies, ` +
  `${s.certifications} certifications, ${s.configurations} configurations, ${s.images} images` +
  (s.messages === null ? '' : `, ${s.messages} messages`)

export function RestoreCard() {
  const [file, setFile] = useState<File | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [progress, setProgress] = useState(0)
  const restore = useRestoreBackup(setProgress)

  const start = () => {
    if (!file) return
    setConfirming(false)
    setProgress(0)
    restore.mutate(file)
  }

  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-semibold">Restore</h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Replaces all content of this site with the content of a backup. Accounts stay as they are.
        </p>
        <div className="grid gap-2">
          <Label htmlFor="backup-file">Backup file (.zip)</Label>
          <Input
            id="backup-file"
            type="file"
            accept=".zip,application/zip"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <Button
          className="justify-self-start"
          disabled={!file || restore.isPending}
          onClick={() => setConfirming(true)}
        >
          {restore.isPending ? 'Restoring...' : 'Restore backup'}
        </Button>
        {restore.isPending ? (
          <Progress value={Math.round(progress * 100)} label="Upload progress" />
        ) : null}
        <div aria-live="polite">
          {restore.isSuccess ? <p className="text-sm">{describeRestore(restore.data)}</p> : null}
          {restore.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {restore.error.message}
            </p>
          ) : null}
        </div>
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Replace all content?</AlertDialogTitle>
          <AlertDialogDescription>
            Every project, technology, certification and configuration of this site will be replaced
            by those in {file?.name ?? 'the backup'}, and so will the contact messages if the backup
            holds them. Images are replaced too. Accounts stay as they are. This cannot be undone.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={start}>Replace content</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  )
}
