// "Publishing" (docs/PRODUCT.md §7, docs/decisions/024): for a site whose pages
// a static host builds, when it was last published, whether changes are
// waiting, why the last attempt failed, and "Publish now" for admins.
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { ApiError } from '@/lib/api-client'
import { usePublishNow, usePublishStatus } from '../api/publish'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

export function PublishCard({ canWrite }: { canWrite: boolean }) {
  const status = usePublishStatus()
  const publish = usePublishNow()
  const data = status.data
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-semibold">Publishing</h2>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {status.isPending ? (
          <p className="text-muted-foreground">Loading the publishing status...</p>
        ) : status.isError || !data ? (
          <p className="text-destructive">Could not load the publishing status</p>
        ) : !data.configured ? (
          <p className="text-muted-foreground">
            Automatic publishing is off. This server shows every change at once; a site built ahead
            of time is rebuilt after changes once DEPLOY_HOOK_URL is set on the server.
          </p>
        ) : (
          <>
            <p>
              {data.publishedAt ? (
                <>
                  Last published{' '}
                  <time dateTime={data.publishedAt}>{when.format(new Date(data.publishedAt))}</time>
                </>
              ) : (
                'Not published yet'
              )}
            </p>
            <p>
              <Badge variant={data.upToDate ? 'secondary' : 'outline'}>
                {data.upToDate ? 'Up to date' : 'Changes waiting to be published'}
              </Badge>
            </p>
            {data.lastError ? (
              <p className="text-destructive">Last attempt failed: {data.lastError}</p>
            ) : null}
            {canWrite ? (
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  type="button"
                  onClick={() => publish.mutate()}
                  disabled={publish.isPending}
                  aria-describedby="publish-result"
                >
                  {publish.isPending ? 'Publishing...' : 'Publish now'}
                </Button>
                <p id="publish-result" role="status" className="text-muted-foreground">
                  {publish.isSuccess
                    ? 'The host is building the site'
                    : publish.isError
                      ? publish.error instanceof ApiError
                        ? publish.error.message
                        : 'Could not publish'
                      : ''}
                </p>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  )
}
