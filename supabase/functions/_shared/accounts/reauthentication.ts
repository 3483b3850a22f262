// The current password, sent with a write that hands out or takes away
// access (docs/decisions/042-reauthentication-and-common-passwords.md). The
// database decides which writes need it: a trigger on users refuses them
// unless app.confirm_password passed earlier in the same transaction, which
// also counts wrong passwords (supabase/schemas/02_accounts.sql).
import type { Database, Principal, Queryable } from '../db/db.ts'
import { fromDatabaseError, HttpError } from '../http/errors.ts'

interface Confirmation {
  status: 'ok' | 'wrong' | 'locked'
  retryAfter?: number
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.'
const CONFIRM_FIRST = 'Confirm with your current password to '

/**
 * Runs `work` in one transaction as `principal`, after checking `current`
 * (when sent) in that same transaction. A wrong or rate-limited password
 * stops before `work`, and its count is kept: the transaction commits and
 * the refusal is thrown after it.
 */
export async function withCurrentPassword<T>(
  db: Database,
  principal: Principal,
  current: string | null | undefined,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  let outcome: { refused: Confirmation } | { done: T }
  try {
    outcome = await db.as(principal, async (tx) => {
      if (current) {
        const [row] = await tx.query<{ result: Confirmation }>(
          'select app.confirm_password($1) as result',
          [current],
        )
        const confirmation = row?.result ?? { status: 'wrong' }
        if (confirmation.status !== 'ok') return { refused: confirmation }
      }
      return { done: await work(tx) }
    })
  } catch (error) {
    // The trigger's refusal names what needed the password; the form shows it on that field.
    const http = error instanceof HttpError ? error : fromDatabaseError(error)
    if (http?.status === 403 && http.message.startsWith(CONFIRM_FIRST))
      throw new HttpError(403, http.message, { currentPassword: http.message })
    throw error
  }
  if ('done' in outcome) return outcome.done
  if (outcome.refused.status === 'locked')
    throw new HttpError(
      429,
      'Too many wrong passwords. Please try again later.',
      { currentPassword: 'Too many wrong passwords. Please try again later.' },
      { 'Retry-After': String(outcome.refused.retryAfter ?? 60) },
    )
  throw new HttpError(403, WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD })
}
