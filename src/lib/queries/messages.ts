// Reads of /messages (owner-reads.ts), shared by the inbox and the sidebar's unread count.
import { useQuery } from '@tanstack/react-query'
import type { ContactMessage } from '@shared/contract/types.ts'
import { ownerReads } from './owner-reads'

export const messagesQueryOptions = ownerReads('messages').listOptions

const newestFirst = (messages: ContactMessage[]) =>
  [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)

/** The inbox, newest first. */
export const useMessages = () => useQuery({ ...messagesQueryOptions(), select: newestFirst })

/** Unread count for the sidebar badge; 0 while loading or when the inbox cannot be read. */
export function useUnreadMessageCount() {
  const { data } = useQuery({ ...messagesQueryOptions(), retry: false })
  return data?.filter((message) => !message.isRead).length ?? 0
}
