// /admin/backup (docs/PRODUCT.md §14): download everything as one zip, or
// restore such a zip, or one of the backups the server kept (before removing
// the demo content). Admins only (the route table sends a `user` away).
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { useDownloadBackup } from '../api/download-backup'
import { KeptBackupsCard } from '../components/kept-backups-card'
import { RestoreCard } from '../components/restore-card'

export default function BackupRoute() {
  const [withMessages, setWithMessages] = useState(false)
  const download = useDownloadBackup()
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="text-2xl font-bold">Backup</h1>
      <Card>
        <CardHeader className="pb-2">
          <h2 className="text-lg font-semibold">Download</h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            One zip file with every project, technology, certification, configuration and image.
            Accounts are never part of it.
          </p>
          <div className="flex items-center gap-2">
            <Checkbox
              id="with-messages"
              checked={withMessages}
              onCheckedChange={(value) => setWithMessages(value === true)}
            />
            <Label htmlFor="with-messages">Include contact messages</Label>
          </div>
          <Button
            className="justify-self-start"
            disabled={download.isPending}
            onClick={() => download.mutate(withMessages)}
          >
            {download.isPending ? 'Preparing backup...' : 'Download backup'}
          </Button>
          <div aria-live="polite">
            {download.isSuccess ? <p className="text-sm">Backup downloaded</p> : null}
            {download.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {download.error.message}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>
      <KeptBackupsCard />
      <RestoreCard />
    </div>
  )
}
