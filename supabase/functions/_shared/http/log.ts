// What the server log may say about an error nobody expected. Database drivers
// attach the failed query's parameters to their errors (PGlite as a plain
// property, postgres.js as a hidden one), and those parameters include
// passwords in clear text on login, registration and account changes. So the
// log gets the request line, the error's code and its message, and nothing else
// from the error object.

import { isConnectionLoss, isUnreachable } from '../db/db-availability.ts'

const MAX_MESSAGE = 500

export interface UnexpectedErrorSummary {
  method: string
  path: string
  /** The SQLSTATE or driver code when there is one, else the error's class name. */
  code: string
  message: string
}

export function summarizeUnexpectedError(
  error: unknown,
  request: { method: string; path: string },
): UnexpectedErrorSummary {
  const record =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {}
  const code =
    typeof record.code === 'string' || typeof record.code === 'number'
      ? String(record.code)
      : error instanceof Error
        ? error.name
        : typeof error
  const raw = typeof record.message === 'string' ? record.message : String(error)
  const message = raw.length > MAX_MESSAGE ? `${raw.slice(0, MAX_MESSAGE)}...` : raw
  return { method: request.method, path: request.path, code, message }
}

/** One line per error: JSON keeps a message with line breaks from forging log lines. */
export function logUnexpectedError(error: unknown, request: { method: string; path: string }) {
  console.error('Unhandled API error', JSON.stringify(summarizeUnexpectedError(error, request)))
}

/**
 * postgres.js 3.4.9 asks each new connection for the array types in a query
 * nothing awaits, so a connection lost during it is a rejection nobody can
 * handle (docs/decisions/022-surviving-the-database.md). It is a lost
 * connection, which the driver already deals with, not an error of ours: the
 * log says so in its own line instead of "Unexpected error".
 */
export function isLostTypeQuery(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const query = (error as { query?: unknown }).query
  return (
    typeof query === 'string' &&
    query.includes('b.typarray') &&
    (isConnectionLoss(error) || isUnreachable(error))
  )
}

/** One line for an error outside any request (an `error` or `unhandledrejection` event). */
export function logErrorOutsideRequest(error: unknown, kind: string) {
  const summary = summarizeUnexpectedError(error, { method: '-', path: kind })
  if (isLostTypeQuery(error))
    console.warn('Database connection lost while it opened; still serving', JSON.stringify(summary))
  else console.error('Unexpected error outside a request; still serving', JSON.stringify(summary))
}
