// What the API does while its database cannot be reached
// (docs/RELIABILITY.md, "Database outages"). A request that finds the server
// unreachable, or finds it turning connections away, answers 503 at once, and
// so does every request after it, until a background probe gets through
// again: requests never queue behind a dead database, and the first probe that
// succeeds (every 250 ms) lets them back in. Each outage is logged once when it
// begins and once when it ends, never per request.

/** The error every refused request throws; errors.ts maps its code to 503 with Retry-After. */
export class DatabaseUnavailable extends Error {
  readonly code = 'DATABASE_UNAVAILABLE'
  /** The code that showed the database unavailable (a SQLSTATE, a socket error), for the log. */
  readonly reason: string | undefined
  constructor(message = 'Database unavailable', options?: { cause?: unknown; reason?: string }) {
    super(message, options)
    this.reason = options?.reason
  }
}

/**
 * Errors that mean no connection could be made at all, as opposed to one
 * connection lost in the middle of a request (which answers 503 for that
 * request only, while the pool opens a new one for the next).
 */
const unreachableCodes = new Set([
  'DATABASE_UNAVAILABLE',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  '57P03', // cannot_connect_now: starting up or shutting down
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
])

/**
 * SQLSTATEs with which a server turns a connection away however it is asked:
 * a refused login (28000, 28P01: a password rotated under the app), a database
 * that does not exist (3D000: dropped or renamed), too many connections
 * (53300: the server's, the database's or the role's limit, the usual failure
 * of many edge workers on direct connections), a server starting up, shutting
 * down or in recovery (57P03), a connection that could not be made (08001,
 * 08004). No statement of ours is answered with them, so they mean the same
 * wherever they come from: a new connection, or a pooler that connects late.
 */
const refusalCodes = new Set(['28000', '28P01', '3D000', '53300', '57P03', '08001', '08004'])

/**
 * These mean the database is unavailable only while connecting. 55000 is
 * object_not_in_prerequisite_state, which statements raise for many reasons;
 * at connection time it is "database … is not currently accepting
 * connections" (ALTER DATABASE … ALLOW_CONNECTIONS false). On an open
 * connection, 57P01, 57P02 and the rest of class 08 end that connection only
 * (isConnectionLoss: 503 for its request, the pool opens another), but a new
 * connection that gets them found a server that will not take one.
 */
const refusalCodesWhileConnecting = new Set(['55000', '57P01', '57P02'])

/** Said by PostgreSQL at connection time for 55000 (its message, in English). */
const NOT_ACCEPTING = /not (currently )?accepting connections/i

/**
 * The DatabaseUnavailable a database's refusal to connect becomes, or null
 * when `error` is no such refusal. `connecting`: the error came before the
 * operation's statement reached a connection, so it is the connection's.
 */
export function refusal(error: unknown, connecting: boolean): DatabaseUnavailable | null {
  if (typeof error !== 'object' || error === null || error instanceof DatabaseUnavailable)
    return null
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code !== 'string') return null
  const refused =
    refusalCodes.has(code) ||
    (connecting && (refusalCodesWhileConnecting.has(code) || code.startsWith('08'))) ||
    (code === '55000' && typeof message === 'string' && NOT_ACCEPTING.test(message))
  return refused ? new DatabaseUnavailable(undefined, { cause: error, reason: code }) : null
}

export function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, errno } = error as { code?: unknown; errno?: unknown }
  return unreachableCodes.has(String(code ?? '')) || unreachableCodes.has(String(errno ?? ''))
}

/** Errors after which a connection is gone or going: nothing more may be sent on it. */
const lostConnectionCodes = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
])

/**
 * A socket that failed to read or write with no code of its own: the
 * connection is gone. Deno 2.1's node:net reports a write on a reset socket
 * as "write UNKNOWN" (code UNKNOWN), which answered 500. Only that case: a
 * file write fails with syscall "write" too, and its ENOSPC or EIO is not a
 * database matter (507 and 500, errors.ts).
 */
const socketCalls = new Set(['read', 'write'])
const noCode = new Set(['', 'UNKNOWN'])

export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, syscall } = error as { code?: unknown; syscall?: unknown }
  const text = String(code ?? '')
  return (
    lostConnectionCodes.has(text) ||
    text.startsWith('08') ||
    (typeof syscall === 'string' && socketCalls.has(syscall) && noCode.has(text))
  )
}

export interface Availability {
  /** Throws DatabaseUnavailable while the database is known to be unreachable. */
  check(): void
  /** Reports an operation's error; an unreachable database starts the probe. */
  failed(error: unknown): void
  readonly down: boolean
  /** Stops probing (the driver is closing). */
  stop(): void
}

/**
 * What the log says of an outage: the code and the message of what showed it,
 * never the error object, which may carry a statement's parameters (log.ts).
 * A server's refusal names a role or a database, never a password.
 */
export function outageSummary(error: unknown): { code: string; message: string } {
  const record = (typeof error === 'object' && error !== null ? error : {}) as {
    reason?: unknown
    code?: unknown
    errno?: unknown
    message?: unknown
    cause?: unknown
  }
  const code = String(record.reason ?? record.code ?? record.errno ?? 'unknown')
  const source =
    error instanceof DatabaseUnavailable && typeof record.cause === 'object' && record.cause
      ? (record.cause as { message?: unknown })
      : record
  const message = typeof source.message === 'string' ? source.message.slice(0, 300) : ''
  return { code, message }
}

export function availability(
  probe: () => Promise<unknown>,
  { retryMs = 250 }: { retryMs?: number } = {},
): Availability {
  let down = false
  let stopped = false
  let since = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const attempt = () => {
    timer = undefined
    if (stopped) return
    probe().then(
      () => {
        if (stopped) return
        down = false
        const ms = Math.round(performance.now() - since)
        console.info('Database available again', JSON.stringify({ unavailableMs: ms }))
      },
      () => {
        if (!stopped) timer = setTimeout(attempt, retryMs)
      },
    )
  }

  return {
    check() {
      if (down) throw new DatabaseUnavailable()
    },
    failed(error) {
      if (down || stopped || !isUnreachable(error)) return
      down = true
      since = performance.now()
      console.error(
        'Database unavailable, answering 503 until it is back',
        JSON.stringify(outageSummary(error)),
      )
      attempt()
    },
    get down() {
      return down
    },
    stop() {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
    },
  }
}

/**
 * Waiting too long for a pooled connection: 503 for this request, but not a
 * sign that the server is down (every connection may be busy, say behind a
 * lock), so it does not stop the other requests.
 */
export class PoolTimeout extends Error {
  readonly code = 'POOL_TIMEOUT'
}

/** Rejects with PoolTimeout when `promise` has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PoolTimeout(`No database connection within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
