// A restore (docs/PRODUCT.md §14) in two steps, so the archive never passes
// through the API (docs/decisions/029-archives-through-storage.md): the
// browser sends it straight to storage with a link from POST /backup/sign,
// then POST /backup/restore replaces all content with the archive's.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { uploadSigned } from '@/lib/upload-image'

export async function restoreBackup(file: File, onProgress?: (fraction: number) => void) {
  const signed = await api.post('/backup/sign', { size: file.size })
  // The bucket takes zips by their declared type, which browsers name differently.
  const zip = file.slice(0, file.size, 'application/zip')
  await uploadSigned('backups', signed, zip, onProgress)
  return api.post('/backup/restore', { path: signed.path })
}

export const useRestoreBackup = (onProgress: (fraction: number) => void) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => restoreBackup(file, onProgress),
    // Every list in the back office may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
