// Reads of /messages: one query key per request, shared by every screen that
// shows them, so a write anywhere refreshes them everywhere (docs/ARCHITECTURE.md,
// "Where code lives").
import { queryOptions } from '@tanstack/react-query'
import type { ContactMessage } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'

export const messageKeys = {
  all: ['messages'] as const,
}

export const getMessages = (signal?: AbortSignal) =>
  api.get<ContactMessage[]>('/messages', { signal })

export const messagesQueryOptions = () =>
  queryOptions({ queryKey: messageKeys.all, queryFn: ({ signal }) => getMessages(signal) })
