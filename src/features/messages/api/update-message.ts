import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ContactMessage } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { messagesQueryOptions } from '@/lib/queries/messages'

export const updateMessage = ({ id, isRead }: { id: number; isRead: boolean }) =>
  api.patch<ContactMessage>(`/messages/${id}`, { isRead })

export function useUpdateMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryOptions().queryKey }),
  })
}
