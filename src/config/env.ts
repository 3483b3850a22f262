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
  return value.replace(/\/+$/, '')
}

export const env = { VITE_API_URL: parseApiUrl(import.meta.env.VITE_API_URL) }

let last: { raw: string | undefined; url: string } = {
  raw: import.meta.env.VITE_API_URL,
  url: env.VITE_API_URL,
}

/**
 * The API base without a trailing slash. A build inlines VITE_API_URL, so this
 * is a constant there; under Vitest `import.meta.env` is live, so a test that
 * points the client elsewhere uses `vi.stubEnv('VITE_API_URL', url)`.
 */
export function apiUrl(): string {
  const raw = import.meta.env.VITE_API_URL
  if (raw !== last.raw) last = { raw, url: parseApiUrl(raw) }
  return last.url
}
