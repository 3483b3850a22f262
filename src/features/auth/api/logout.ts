import { api } from '@/lib/api-client'
import { takeSessionEndReason } from '@/lib/session'

/**
 * Ends the session on the server too (POST /auth/logout), so its token stops
 * working at once rather than in up to 8 hours. Best effort: the browser forgets
 * the session whatever the answer, and a refused call (an expired token, no
 * network) is not reported as "your session has expired".
 */
export async function endServerSession(token: string): Promise<void> {
  try {
    await api.post('/auth/logout', undefined, { token })
  } catch {
    takeSessionEndReason()
  }
}
