// Build-time settings, checked once: a wrong value fails loudly at start-up
// instead of as a confusing network error later.
import { z } from 'zod'

const envSchema = z.object({
  VITE_API_URL: z
    .string()
    .trim()
    .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'VITE_API_URL must be an http(s) URL or a path starting with /')
    .default('/functions/v1/api'),
})

export const env = envSchema.parse({
  VITE_API_URL: import.meta.env.VITE_API_URL || undefined,
})

export let apiUrl = env.VITE_API_URL.replace(/\/+$/, '')

/**
 * Component tests point the client at a real API server on another port
 * (tests/support/real-api.tsx). `apiUrl` is a live binding, so the client sees it.
 */
export function setApiUrlForTests(url: string) {
  apiUrl = url.replace(/\/+$/, '')
}
