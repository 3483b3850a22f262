// Archives are bytes, not JSON, and a restore's upload reports progress, so
// these calls use XMLHttpRequest with the same token, error shape and 401
// handling as lib/api-client.ts.
import { apiUrl } from '@/config/env'
import { ApiError } from '@/lib/api-client'
import { clearSession, getToken } from '@/lib/session'

export function transfer<T>(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: FormData; responseType: 'blob' | 'json'; onProgress?: (f: number) => void },
): Promise<T> {
  const token = getToken()
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, `${apiUrl()}${path}`)
    xhr.responseType = options.responseType
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total)
    }
    xhr.onload = async () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.response as T)
      let body: { message?: string; errors?: Record<string, string> } = {}
      try {
        const raw = xhr.response instanceof Blob ? await xhr.response.text() : xhr.response
        body = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})
      } catch {
        // not JSON
      }
      const error = new ApiError(xhr.status, body.message ?? `HTTP ${xhr.status}`, body.errors)
      console.error(`${method} ${path} failed`, error)
      if (xhr.status === 401 && token) clearSession('expired')
      reject(error)
    }
    xhr.onerror = () => reject(new ApiError(0, 'Network error: the server could not be reached'))
    xhr.send(options.body ?? null)
  })
}
