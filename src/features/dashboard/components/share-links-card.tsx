// The dashboard's 'Share links opened' card (docs/PRODUCT.md §24): the links
// a recipient opened in the last 7 days, the latest first, from the list's
// lastViewedAt, and the way to the Share links screen.
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { useShareLinks } from '@/lib/queries/share-links'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

export function ShareLinksCard({ canWrite }: { canWrite: boolean }) {
  const links = useShareLinks()
  const since = Date.now() - WEEK_MS
  const opened = (links.data ?? [])
    .filter((link) => link.lastViewedAt && Date.parse(link.lastViewedAt) >= since)
    .sort((a, b) => Date.parse(b.lastViewedAt!) - Date.parse(a.lastViewedAt!))
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-semibold">Share links opened</h2>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <p className="text-sm text-muted-foreground">Loading share links...</p>
        ) : links.isError ? (
          <p className="text-sm text-destructive">Could not load the share links</p>
        ) : opened.length === 0 ? (
          <p className="text-sm text-muted-foreground">No share link opened in the last 7 days</p>
        ) : (
          <ul aria-label="Share links opened in the last 7 days" className="divide-y text-sm">
            {opened.map((link) => (
              <li key={link.id} className="grid gap-0.5 py-2">
                {canWrite && link.state !== 'revoked' ? (
                  <Link
                    className="font-medium underline-offset-4 hover:underline"
                    to={paths.admin.editShareLink(link.id)}
                  >
                    {link.label}
                  </Link>
                ) : (
                  <span className="font-medium">{link.label}</span>
                )}
                <span className="text-xs text-muted-foreground">
                  {link.views.toLocaleString('en-US')} {link.views === 1 ? 'view' : 'views'}, last{' '}
                  <time dateTime={link.lastViewedAt!}>
                    {when.format(new Date(link.lastViewedAt!))}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.admin.shareLinks}>Manage share links</Link>
        </Button>
      </CardFooter>
    </Card>
  )
}
