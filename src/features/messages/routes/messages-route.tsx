import { useRef, useState } from 'react'
import type { ContactMessage } from '@shared/contract/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Alert } from '@/components/ui/alert'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { isAdmin, useSession } from '@/lib/session'
import { useReturnFocus } from '@/lib/use-return-focus'
import { useDeleteMessage } from '../api/delete-message'
import { useMessages } from '../api/get-messages'
import { useUpdateMessage } from '../api/update-message'
import { MessageItem } from '../components/message-item'

const newestFirst = (a: ContactMessage, b: ContactMessage) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id

/** The contact-form inbox (docs/ARCHITECTURE.md, "The contract's rules"; our addition to the spec). */
export default function MessagesRoute() {
  const canWrite = isAdmin(useSession())
  const messages = useMessages()
  const updateMessage = useUpdateMessage()
  const deleteMessage = useDeleteMessage()
  const [deleting, setDeleting] = useState<ContactMessage | null>(null)
  // The confirmation has no trigger: focus goes back to the Delete button on cancel,
  // or to the heading once the message is gone.
  const heading = useRef<HTMLHeadingElement>(null)
  const focus = useReturnFocus(heading)
  const unread = messages.data?.filter((m) => !m.isRead).length ?? 0

  const markRead = (message: ContactMessage) =>
    updateMessage.mutate(
      { id: message.id, isRead: true },
      { onError: () => toastError('Failed to update message') },
    )

  const remove = () =>
    deleting &&
    deleteMessage.mutate(deleting.id, {
      onSuccess: () => {
        focus.forget()
        toastSuccess('Message deleted successfully')
      },
      onError: () => toastError('Failed to delete message'),
      onSettled: () => setDeleting(null),
    })

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Messages
        </h1>
        {messages.data ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {unread} unread
          </p>
        ) : null}
      </div>
      {messages.isPending ? (
        <Spinner label="Loading messages" />
      ) : messages.isError ? (
        <Alert variant="destructive">Failed to load messages. Please try again later.</Alert>
      ) : messages.data.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No messages yet.</p>
      ) : (
        <div className="grid gap-4">
          {[...messages.data].sort(newestFirst).map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              busy={updateMessage.isPending && updateMessage.variables?.id === message.id}
              onMarkRead={canWrite ? () => markRead(message) : undefined}
              onDelete={
                canWrite
                  ? () => {
                      focus.remember()
                      setDeleting(message)
                    }
                  : undefined
              }
            />
          ))}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Message"
        description="Are you sure you want to delete this message?"
        onConfirm={remove}
        busy={deleteMessage.isPending}
        returnFocusTo={focus.target}
      />
    </div>
  )
}
