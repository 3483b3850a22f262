import type { ContactMessage } from '@shared/contract/types.ts'
import { ResourceList, type ResourceListDescription } from '@/components/resource-list'
import { useMessages } from '@/lib/queries/messages'
import { MessageItem } from '../components/message-item'

/**
 * The contact-form inbox (docs/PRODUCT.md §10), newest first, each message a
 * card of its own; admins mark them read and delete them.
 */
const messages: ResourceListDescription<ContactMessage> = {
  resource: 'messages',
  one: 'message',
  title: 'Messages',
  empty: 'No messages yet.',
  loadFailed: 'Failed to load messages. Please try again later.',
  name: (message) => `message from ${message.name}`,
  card: (message, controls) => <MessageItem message={message} controls={controls} />,
  confirm: {
    title: 'Delete Message',
    description: 'Are you sure you want to delete this message?',
  },
  notices: { deleted: 'Message deleted successfully', deleteFailed: 'Failed to delete message' },
  useList: useMessages,
  aside: (items) => (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {items.filter((message) => !message.isRead).length} unread
    </p>
  ),
}

export default function MessagesRoute() {
  return <ResourceList description={messages} />
}
