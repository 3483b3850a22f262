// The backups the server kept itself (docs/PRODUCT.md §14, §28): GET
// /backup/kept lists them, newest first, and POST /backup/restore brings one
// back by its path; it stays listed afterwards.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const keptBackupsQueryOptions = () =>
  queryOptions({
    queryKey: ['backup', 'kept'],
    queryFn: ({ signal }) => api.get('/backup/kept', { signal }),
  })

export const useKeptBackups = () => useQuery(keptBackupsQueryOptions())

export const useRestoreKeptBackup = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (path: string) => api.post('/backup/restore', { path }),
    // Every list in the back office may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
