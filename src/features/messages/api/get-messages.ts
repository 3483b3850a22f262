import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ContactMessage } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const getMessages = (signal?: AbortSignal) =>
  api.get<ContactMessage[]>('/messages', { signal })

export const messagesQueryOptions = () =>
  queryOptions({ queryKey: ['messages'], queryFn: ({ signal }) => getMessages(signal) })

export const useMessages = () => useQuery(messagesQueryOptions())

/** Unread count for the sidebar badge; 0 while loading or when the inbox cannot be read. */
export function useUnreadMessageCount() {
  const { data } = useQuery({ ...messagesQueryOptions(), retry: false })
  return data?.filter((message) => !message.isRead).length ?? 0
}
