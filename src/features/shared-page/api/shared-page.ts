// The recipient's reads and writes of a share link (docs/PRODUCT.md §24):
// GET /shared/{token}, POST /shared/{token}/unlock, POST /shared/{token}/views.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiUrl } from '@/config/env'
import { ApiError, api } from '@/lib/api-client'
import { getToken } from '@/lib/session'
import { SHARED_PAGE_KEY } from '../lib/link-language'
import { storedPass, storePass } from '../lib/share-pass'

const linkPath = (token: string) => `/shared/${encodeURIComponent(token)}`

/** The link's page; `pass` goes as X-Share-Pass (the page renderer forwards the cookie's this way). */
export const fetchSharedPage = (token: string, pass: string | null) =>
  api.get('/shared/{token}', {
    params: { token },
    token: null,
    headers: pass ? { 'X-Share-Pass': pass } : undefined,
  })

export const sharedPageQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [SHARED_PAGE_KEY, token] as const,
    queryFn: () => fetchSharedPage(token, storedPass(token)),
    // The server's rendering holds it: no second read on hydration.
    staleTime: 5 * 60_000,
    // 401, 404 and 410 are answers, not trouble: not asked again on mount or hydration.
    retryOnMount: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })

/** Whether a read failed for want of the passphrase (not a sign-in token's 401). */
export const needsPassphrase = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && Boolean(error.errors?.passphrase)

/** POST /shared/{token}/unlock; the right passphrase keeps the pass and reads the page again. */
export function useUnlockSharedPage(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (passphrase: string) =>
      api.post('/shared/{token}/unlock', { passphrase }, { params: { token }, token: null }),
    onSuccess: async ({ pass }) => {
      storePass(token, pass)
      await client.resetQueries({ queryKey: sharedPageQueryOptions(token).queryKey })
    },
  })
}

const optedOut = () =>
  navigator.doNotTrack === '1' ||
  (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true

const beaconed = new Set<string>()

/**
 * The view beacon, once per link and page load, after the page has loaded.
 * A signed-in browser (the owner) sends its token, so the API does not count
 * it; the pass goes in the body, where the link's cookie does not reach the API.
 */
export function sendSharedView(token: string): void {
  if (beaconed.has(token) || optedOut()) return
  beaconed.add(token)
  const signedIn = getToken()
  const pass = storedPass(token)
  const send = () =>
    void fetch(`${apiUrl()}${linkPath(token)}/views`, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'text/plain;charset=UTF-8',
        ...(signedIn ? { Authorization: `Bearer ${signedIn}` } : {}),
      },
      body: JSON.stringify(pass ? { pass } : {}),
    }).catch(() => undefined)
  if (document.readyState === 'complete') setTimeout(send)
  else addEventListener('load', () => setTimeout(send), { once: true })
}
