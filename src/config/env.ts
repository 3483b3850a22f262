// Build-time settings, checked once: a wrong value fails loudly at start-up
// instead of as a confusing network error later.
// Checked by hand, not with zod: this module is in the public page's first
// chunk, and zod there would add ~15-24 kB gzipped (the forms load zod in their
// own chunks). Same rule and message as before.
const apiUrlPattern = /^(https?:\/\/[^\s]+|\/[^\s]*)$/

function parseApiUrl(raw: string | undefined): string {
  const value = raw?.trim() || '/functions/v1/api'
  if (!apiUrlPattern.test(value))
    throw new Error('VITE_API_URL must be an http(s) URL or a path starting with /')
  return value
}

export const env = { VITE_API_URL: parseApiUrl(import.meta.env.VITE_API_URL) }

export let apiUrl = env.VITE_API_URL.replace(/\/+$/, '')

/**
 * Component tests point the client at a real API server on another port
 * (tests/support/real-api.tsx). `apiUrl` is a live binding, so the client sees it.
 */
export function setApiUrlForTests(url: string) {
  apiUrl = url.replace(/\/+$/, '')
}
