// DELETE /share-links/{id} revokes a link (docs/PRODUCT.md §24): it stays
// listed, as revoked, so the list is read again rather than the row taken out
// as a delete does (lib/queries/content-writes.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateAfterWrite } from '@/lib/queries/keys'

export function useRevokeShareLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete('/share-links/{id}', undefined, { params: { id } }),
    onSuccess: () => invalidateAfterWrite(queryClient, 'share-links'),
  })
}
