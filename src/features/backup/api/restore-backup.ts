// POST /backup (docs/PRODUCT.md §14): replaces all content with the archive's.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RestoreSummary } from '@shared/contract/types.ts'
import { transfer } from './transfer'

export function restoreBackup(file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData()
  form.append('file', file)
  return transfer<RestoreSummary>('POST', '/backup', {
    body: form,
    responseType: 'json',
    onProgress,
  })
}

export const useRestoreBackup = (onProgress: (fraction: number) => void) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => restoreBackup(file, onProgress),
    // Every list in the back office may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
