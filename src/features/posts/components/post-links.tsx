import { ExternalLink } from 'lucide-react'
import { useState } from 'react'
import type { Post, PreviewLink } from '@shared/contract/types.ts'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { paths } from '@/config/paths'
import { useCreatePreviewLink, useRevokePreviewLinks } from '../api/preview-links'

/**
 * Beside an edited post: View, its public page; and while it is not public, a
 * preview link for a reviewer without an account, valid 7 days, shown this
 * once (docs/PRODUCT.md §26), and the revocation of every link made.
 */
export function PostLinks({ post }: { post: Post }) {
  const create = useCreatePreviewLink(post.id)
  const revoke = useRevokePreviewLinks(post.id)
  const [link, setLink] = useState<PreviewLink | null>(null)
  const hidden = post.status !== 'published'

  const copy = (url: string) =>
    navigator.clipboard
      .writeText(url)
      .then(() => toastSuccess('Preview link copied'))
      .catch(() => toastError('Could not copy. Select the link and copy it instead.'))

  return (
    <section
      aria-labelledby="post-links-heading"
      className="grid max-w-3xl gap-3 rounded-lg border p-4"
    >
      <h2 id="post-links-heading" className="font-semibold">
        Links
      </h2>
      <div>
        <Button asChild variant="outline" size="sm">
          <a href={paths.post(post.slug)} target="_blank" rel="noreferrer">
            View <ExternalLink aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
      {hidden ? (
        <>
          <p className="text-sm text-muted-foreground">
            Visitors do not see this post yet. A preview link shows it to anyone who has the link,
            without an account.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={create.isPending}
              aria-busy={create.isPending || undefined}
              onClick={() =>
                create.mutate(undefined, {
                  onSuccess: setLink,
                  onError: () => toastError('Failed to create the preview link. Please try again.'),
                })
              }
            >
              Create preview link
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              aria-busy={revoke.isPending || undefined}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => {
                    setLink(null)
                    toastSuccess('Preview links revoked')
                  },
                  onError: () =>
                    toastError('Failed to revoke the preview links. Please try again.'),
                })
              }
            >
              Revoke preview links
            </Button>
          </div>
          {link ? (
            <div className="grid gap-2">
              <Label htmlFor="preview-link-url">Preview link</Label>
              <div className="flex flex-wrap gap-2">
                <Input
                  id="preview-link-url"
                  readOnly
                  value={link.url}
                  onFocus={(event) => event.target.select()}
                  aria-describedby="preview-link-expiry"
                  className="min-w-0 flex-1 font-mono text-xs"
                />
                <Button size="sm" variant="outline" onClick={() => void copy(link.url)}>
                  Copy link
                </Button>
              </div>
              <p id="preview-link-expiry" className="text-xs text-muted-foreground">
                It expires in 7 days. It is shown only now: copy it before leaving this page.
              </p>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
