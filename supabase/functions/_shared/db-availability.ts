// What the API does while its database cannot be reached
// (docs/RELIABILITY.md, "Database outages"). A request that finds the server
// unreachable answers 503 at once, and so does every request after it, until a
// background probe gets through again: requests never queue behind a dead
// database, and the first probe that succeeds (every 250 ms) lets them back in.

/** The error every refused request throws; errors.ts maps its code to 503 with Retry-After. */
export class DatabaseUnavailable extends Error {
  readonly code = 'DATABASE_UNAVAILABLE'
  constructor(message = 'Database unavailable', options?: { cause?: unknown }) {
    super(message, options)
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

export function isConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const code = String((error as { code?: unknown }).code ?? '')
  return lostConnectionCodes.has(code) || code.startsWith('08')
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

export function availability(
  probe: () => Promise<unknown>,
  { retryMs = 250 }: { retryMs?: number } = {},
): Availability {
  let down = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const attempt = () => {
    timer = undefined
    if (stopped) return
    probe().then(
      () => {
        down = false
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
