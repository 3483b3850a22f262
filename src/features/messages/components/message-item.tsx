import { Mail, MailOpen, Trash2 } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { ContactMessage } from '@shared/contract/types.ts'
import type { ItemControls } from '@/components/row-actions'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { toastError } from '@/components/ui/sonner'
import { useUpdateContent } from '@/lib/queries/content-writes'
import { mailtoHref } from '@/lib/safe-url'
import { cn } from '@/lib/utils'

const received = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

interface MessageItemProps {
  message: ContactMessage
  /** The list's Delete (with its confirmation); null for read-only accounts, who only read. */
  controls: ItemControls | null
}

export function MessageItem({ message, controls }: MessageItemProps) {
  const update = useUpdateContent('messages')
  const href = mailtoHref(message.email)
  const headingId = `message-${message.id}`
  // Once a message is marked read here, focus moves on to its Delete button
  // (or its heading), the usual next step; marking it unread again keeps
  // focus on the button, which then offers 'Mark as read'.
  const markedHere = useRef(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const deleteRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!message.isRead || !markedHere.current) return
    markedHere.current = false
    ;(deleteRef.current ?? headingRef.current)?.focus()
  }, [message.isRead])
  return (
    <Card
      aria-labelledby={headingId}
      className={cn(!message.isRead && 'border-l-4 border-l-primary')}
      role="article"
    >
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 pb-2">
        <div className="grid gap-1">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className={cn('text-base outline-none', message.isRead ? 'font-medium' : 'font-bold')}
          >
            {message.name}
            {!message.isRead ? (
              <Badge className="ml-2 align-middle">
                Unread<span className="sr-only"> message</span>
              </Badge>
            ) : null}
          </h2>
          <p className="text-sm text-muted-foreground">
            {href ? (
              <a href={href} className="text-primary underline underline-offset-4">
                {message.email}
              </a>
            ) : (
              message.email
            )}
            {' · '}
            <time dateTime={message.createdAt}>{received.format(new Date(message.createdAt))}</time>
          </p>
        </div>
        <div className="flex gap-1">
          {controls ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                markedHere.current = !message.isRead
                update.mutate(
                  { id: message.id, payload: { isRead: !message.isRead } },
                  { onError: () => toastError('Failed to update message') },
                )
              }}
              disabled={update.isPending}
            >
              {message.isRead ? (
                <>
                  <Mail aria-hidden="true" /> Mark as unread
                </>
              ) : (
                <>
                  <MailOpen aria-hidden="true" /> Mark as read
                </>
              )}
            </Button>
          ) : null}
          {controls ? (
            <Button
              ref={deleteRef}
              variant="ghost"
              size="icon"
              className="text-destructive"
              onClick={controls.onDelete}
              aria-label={`Delete ${controls.name}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        <p className="whitespace-pre-wrap break-words text-sm">{message.message}</p>
      </CardContent>
    </Card>
  )
}
