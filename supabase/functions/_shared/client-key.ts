// The caller's address, used only as a rate-limit key. Behind Supabase's edge
// and the local server the first X-Forwarded-For entry is the client.
import type { Context } from 'hono'

export function clientKey(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  return (forwarded || c.req.header('x-real-ip') || 'unknown').slice(0, 64)
}
