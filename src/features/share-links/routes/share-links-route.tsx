// Screen /admin/share-links (docs/PRODUCT.md §24): every link, newest first,
// with its state, views and expiry. Admins add, edit and revoke; the
// read-only `user` role reads the same list without those controls. A
// revoked link stays listed, as revoked.
import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ShareLink } from '@shared/contract/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ResourceItems, type ResourceColumn } from '@/components/resource-items'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { serverMessage } from '@/lib/api-client'
import { useShareLinks } from '@/lib/queries/share-links'
import { isAdmin, useSession } from '@/lib/session'
import { useReturnFocus } from '@/lib/use-return-focus'
import { useRevokeShareLink } from '../api/revoke-share-link'
import { ShareLinkStateBadge } from '../components/share-link-state-badge'
import { formatInstant } from '../lib/share-link-format'

const columns: ResourceColumn<ShareLink>[] = [
  { header: 'State', cell: (link) => <ShareLinkStateBadge state={link.state} /> },
  {
    header: 'Views',
    cell: (link) => link.views.toLocaleString('en-US'),
    className: 'tabular-nums',
  },
  {
    header: 'Last viewed',
    cell: (link) => formatInstant(link.lastViewedAt),
    className: 'whitespace-nowrap',
  },
  {
    header: 'Expires',
    cell: (link) => formatInstant(link.expiresAt),
    className: 'whitespace-nowrap',
  },
]

export default function ShareLinksRoute() {
  const canWrite = isAdmin(useSession())
  const links = useShareLinks()
  const revoke = useRevokeShareLink()
  const [pending, setPending] = useState<ShareLink | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const focus = useReturnFocus(heading)

  const actions: ResourceColumn<ShareLink> = {
    header: 'Actions',
    className: 'whitespace-nowrap text-right max-md:text-left',
    cell: (link) =>
      link.state === 'revoked' ? null : (
        <div className="flex gap-2 md:justify-end">
          <Button asChild variant="outline" size="sm">
            <Link to={paths.admin.editShareLink(link.id)} aria-label={`Edit ${link.label}`}>
              Edit
            </Link>
          </Button>
          <Button
            variant="destructive"
            size="sm"
            aria-label={`Revoke ${link.label}`}
            onClick={() => {
              focus.remember()
              setPending(link)
            }}
          >
            Revoke
          </Button>
        </div>
      ),
  }

  const confirmRevoke = () => {
    if (!pending) return
    revoke.mutate(pending.id, {
      onSuccess: () => {
        toastSuccess(`Link “${pending.label}” revoked`)
        // Its buttons are gone: focus goes back to the heading.
        focus.forget()
        setPending(null)
      },
      onError: (error) => {
        toastError(serverMessage(error, 'Failed to revoke the link. Please try again.'))
        setPending(null)
      },
    })
  }

  return (
    <section className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Share links
        </h1>
        {canWrite ? (
          <Button asChild>
            <Link to={paths.admin.newShareLink}>New share link</Link>
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">
        A link per recipient, showing the projects you chose in your order. Views count each visitor
        once a day; your own visits are not counted.
      </p>
      {links.isPending ? (
        <Spinner label="Loading share links" />
      ) : links.isError ? (
        <Alert variant="destructive">Failed to load share links. Please try again later.</Alert>
      ) : (
        <ResourceItems
          description={{
            empty: 'No share links yet. Create one for your next recipient!',
            name: (link) => link.label,
            nameHeader: 'Label',
            columns: canWrite ? [...columns, actions] : columns,
          }}
          items={links.data}
          controls={null}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Revoke share link"
        description={
          pending
            ? `Revoke “${pending.label}”? Its recipient will be told the link was revoked. This cannot be undone.`
            : null
        }
        confirmLabel="Revoke"
        onConfirm={confirmRevoke}
        busy={revoke.isPending}
        returnFocusTo={focus.target}
      />
    </section>
  )
}
