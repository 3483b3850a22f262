import { useQuery } from '@tanstack/react-query'
import { messagesQueryOptions } from '@/lib/queries/messages'

export const useMessages = () => useQuery(messagesQueryOptions())

/** Unread count for the sidebar badge; 0 while loading or when the inbox cannot be read. */
export function useUnreadMessageCount() {
  const { data } = useQuery({ ...messagesQueryOptions(), retry: false })
  return data?.filter((message) => !message.isRead).length ?? 0
}
