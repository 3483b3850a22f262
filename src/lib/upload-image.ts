// Image uploads with progress: only the back office sends files, so this lives
// apart from api-client.ts and stays out of the public page's first chunk.
import { apiUrl } from '@/config/env'
import { ApiError, apiErrorFrom, handleUnauthorized } from '@/lib/api-client'
import { getToken } from '@/lib/session'

/**
 * Uploads one file as multipart field `file` and reports progress (0..1).
 * Uses XMLHttpRequest because fetch cannot report upload progress.
 */
export function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<{ url: string }> {
  const token = getToken()
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${apiUrl()}/uploads/image`)
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300
      let url: unknown
      try {
        url = ok ? (JSON.parse(xhr.responseText) as { url?: unknown }).url : undefined
      } catch {
        // not JSON: not an upload answer
      }
      if (typeof url === 'string') {
        onProgress?.(1)
        resolve({ url })
      } else {
        const error = apiErrorFrom(xhr.status, xhr.responseText, xhr.statusText)
        console.error('POST /uploads/image failed', error)
        handleUnauthorized(xhr.status, token)
        reject(error)
      }
    }
    xhr.onerror = () => reject(new ApiError(0, 'Network error: the server could not be reached'))
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}
