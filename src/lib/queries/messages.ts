// Reads of /messages: one query key per request, shared by every screen that
// shows them (the inbox, the sidebar's unread count), so a write anywhere
// refreshes them everywhere (docs/ARCHITECTURE.md, "Where code lives").
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ContactMessage } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { privateKeys } from './keys'

export const messageKeys = {
  list: privateKeys.list('messages'),
}

export const getMessages = (signal?: AbortSignal) =>
  api.get<ContactMessage[]>('/messages', { signal })

export const messagesQueryOptions = () =>
  queryOptions({ queryKey: messageKeys.list, queryFn: ({ signal }) => getMessages(signal) })

const newestFirst = (messages: ContactMessage[]) =>
  [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)

/** The inbox, newest first. */
export const useMessages = () => useQuery({ ...messagesQueryOptions(), select: newestFirst })

/** Unread count for the sidebar badge; 0 while loading or when the inbox cannot be read. */
export function useUnreadMessageCount() {
  const { data } = useQuery({ ...messagesQueryOptions(), retry: false })
  return data?.filter((message) => !message.isRead).length ?? 0
}
