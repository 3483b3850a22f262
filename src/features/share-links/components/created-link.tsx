// What follows a new share link (docs/PRODUCT.md §24): its address, to copy
// now, because the token in it is answered this once and only its fingerprint
// is stored; and the page as the recipient will see it, in a new tab.
import { Copy, ExternalLink } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { CreatedShareLink } from '@shared/contract/types.ts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { paths } from '@/config/paths'
import { externalHref } from '@/lib/safe-url'

export function CreatedLink({
  link,
  onAnother,
}: {
  link: CreatedShareLink
  onAnother: () => void
}) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [copied, setCopied] = useState<string>('')
  const href = externalHref(link.url)

  // The form is gone: focus goes to what replaced it, so the news is read out.
  useEffect(() => heading.current?.focus(), [])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url)
      setCopied('Link copied')
    } catch {
      setCopied('Could not copy: select the link and copy it yourself')
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid max-w-2xl gap-4">
      <h2
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold outline-none"
      >
        Link created for “{link.label}”
      </h2>
      <Alert>
        Copy the link now: it is shown only this once. Only a fingerprint of it is kept, so it
        cannot be shown again; if it is lost, create a new link.
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>Link to send</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-url`}
            readOnly
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 font-mono"
          />
          <Button type="button" onClick={() => void copy()}>
            <Copy aria-hidden="true" /> Copy link
          </Button>
        </div>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {copied}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        {href ? (
          <Button asChild variant="outline">
            <a href={href} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" /> Preview as the recipient
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
        <Button type="button" variant="outline" onClick={onAnother}>
          Create another link
        </Button>
        <Button asChild variant="ghost">
          <Link to={paths.admin.shareLinks}>Back to share links</Link>
        </Button>
      </div>
    </section>
  )
}
