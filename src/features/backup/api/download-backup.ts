// GET /backup (docs/PRODUCT.md §14): the archive, saved by the browser.
import { useMutation } from '@tanstack/react-query'
import { transfer } from './transfer'

export const backupFileName = (now = new Date()) =>
  `vitrine-backup-${now.toISOString().slice(0, 10)}.zip`

export const downloadBackup = (withMessages: boolean) =>
  transfer<Blob>('GET', `/backup${withMessages ? '?messages=1' : ''}`, { responseType: 'blob' })

/** Hands the archive to the browser as a download. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export const useDownloadBackup = () =>
  useMutation({
    mutationFn: async (withMessages: boolean) => {
      const blob = await downloadBackup(withMessages)
      saveFile(blob, backupFileName())
      return blob.size
    },
  })
