// Visit events written in batches by a long-lived server (`npm start`, `npm run
// dev`; docs/decisions/043-batched-visit-events.md). POST /events checks the
// beacon and the address's rate limit here, in memory, answers at once, and
// leaves the event in this queue; a flusher writes the waiting events, 100 to a
// statement (app.record_visits), once a second, or sooner when `batchSize` wait.
//
// A failed write (the database out of reach) keeps its events and tries again
// after 1, 2, 4 ... up to 30 s; at most `maxHeld` events wait, and beyond that
// the oldest are dropped, counted and logged. `close()` writes what waits (the
// server calls it on SIGTERM/SIGINT). A kill -9 loses the events still waiting:
// at most the last second's, or those of an outage still going on.
//
// The edge function has no such queue: a worker may be stopped as soon as it
// has answered, so it writes each event in its request (api/resources/events/routes.ts).
import type { Database, Principal } from '../db/db.ts'
import { HttpError } from '../http/errors.ts'
import type { StatsSettings } from './stats.ts'
import { addressLimit, type AddressLimit } from '../http/work-queue.ts'

/** One beacon, as app.record_visits takes it (migration ..._batched_visits.sql). */
export interface VisitEvent {
  /** The client's address or key (client-key.ts): hashed with the day's salt in the database, never stored. */
  client: string
  user_agent: string
  site: string
  kind: 'view' | 'click'
  path: string
  project_id: number | null
  target: string | null
  referrer_host: string | null
  utm_source: string | null
  utm_campaign: string | null
}

export interface VisitQueueOptions {
  /** How often waiting events are written, in ms (1,000). */
  everyMs?: number
  /** A write starts as soon as this many wait (2,000). */
  batchSize?: number
  /** Events per statement of a write (100): the rest follow in statements of their own. */
  statementSize?: number
  /** Events kept while writes fail; the oldest beyond it are dropped (100,000, about 40 MB). */
  maxHeld?: number
  /** The longest wait between two failed writes, in ms (30,000). */
  maxBackoffMs?: number
  log?: (message: string) => void
}

export interface VisitQueueCounts {
  /** Events waiting to be written. */
  waiting: number
  /** Events the database stored. */
  stored: number
  /** Events written that the database refused as over an address's limit (another process counted them). */
  refused: number
  /** Events dropped, oldest first, while writes failed and more than maxHeld waited. */
  dropped: number
  /** Writes that failed (each one retried). */
  failures: number
}

export interface VisitQueue {
  /** Counts the event against its address's limit (throws the 429) and keeps it for the next write. */
  add(event: VisitEvent): void
  /** Writes what waits now; rejects if the database does (the events stay queued). */
  flush(): Promise<void>
  counts(): VisitQueueCounts
  /** Stops the timer and writes what waits (one attempt); the events a failure leaves are logged as lost. */
  close(): Promise<void>
}

const ANON: Principal = { kind: 'anon' }

// The project as a visitor sees it, under row-level security in the calling
// statement, as api/resources/events/routes.ts does for one event: an unknown or inactive
// one becomes null.
const RECORD = `select app.record_visits(
  (select coalesce(jsonb_agg(e || jsonb_build_object('project_id',
     (select p.id from public.projects p where p.id = (e ->> 'project_id')::integer))), '[]'::jsonb)
     from jsonb_array_elements($1::jsonb) e),
  $2, $3) as stored`

export function createVisitQueue(
  db: Database,
  stats: StatsSettings,
  options: VisitQueueOptions = {},
): VisitQueue {
  const everyMs = options.everyMs ?? 1000
  const batchSize = options.batchSize ?? 2000
  const statementSize = options.statementSize ?? 100
  const maxHeld = options.maxHeld ?? 100_000
  const maxBackoffMs = options.maxBackoffMs ?? 30_000
  const log = options.log ?? ((message: string) => console.warn(message))
  // The same rule app.record_visits applies, checked here so the beacon gets its 429 now.
  const limit: AddressLimit = addressLimit({ perMinute: stats.eventsPerMinute, keys: 100_000 })
  let waiting: VisitEvent[] = []
  const counts = { stored: 0, refused: 0, dropped: 0, failures: 0 }
  let writing: Promise<void> | null = null
  let backoffMs = 0
  let retryAt = 0
  let closed = false

  const write = async (): Promise<void> => {
    let batch = waiting
    waiting = []
    if (batch.length === 0) return
    try {
      // A statement per `statementSize` events, each its own transaction: an
      // embedded database (PGlite) runs a statement on this thread, and one
      // for a whole second's beacons at 3,000 requests a second held every
      // other request up for tens of milliseconds.
      while (batch.length > 0) {
        const part = batch.slice(0, statementSize)
        const [row] = await db.as(ANON, (tx) =>
          tx.query<{ stored: number }>(RECORD, [
            JSON.stringify(part),
            stats.eventsPerMinute,
            stats.retentionDays,
          ]),
        )
        batch = batch.slice(part.length)
        const stored = Number(row?.stored ?? 0)
        counts.stored += stored
        counts.refused += part.length - stored
        // Requests waiting on this thread go first.
        if (batch.length > 0) await new Promise((resolve) => setTimeout(resolve, 0))
      }
      backoffMs = 0
      retryAt = 0
    } catch (error) {
      counts.failures++
      // What was not written goes back in front of what came meanwhile, in
      // order; the oldest go beyond the cap.
      waiting = batch.concat(waiting)
      const over = waiting.length - maxHeld
      if (over > 0) {
        waiting = waiting.slice(over)
        counts.dropped += over
      }
      backoffMs = Math.min(maxBackoffMs, backoffMs ? backoffMs * 2 : everyMs)
      retryAt = Date.now() + backoffMs
      log(
        `Visit events not written (${(error as { message?: string }).message ?? 'error'}): ` +
          `${waiting.length} waiting, next try in ${backoffMs / 1000} s` +
          (over > 0 ? `, ${over} oldest dropped (${counts.dropped} in all)` : ''),
      )
      throw error
    }
  }

  /** One write at a time; a call during a write waits for it, then writes what came since. */
  const flush = async (): Promise<void> => {
    while (writing) await writing.catch(() => {})
    writing = write()
    try {
      await writing
    } finally {
      writing = null
    }
  }

  const due = () => !writing && waiting.length > 0 && Date.now() >= retryAt
  const timer = setInterval(() => {
    if (due()) flush().catch(() => {})
  }, everyMs)
  // Node: the timer alone does not keep the process up (Deno has no unref, and no queue).
  ;(timer as { unref?: () => void }).unref?.()

  return {
    add(event) {
      // A beacon that comes after the shutdown's last write: 503, never a 500.
      if (closed)
        throw new HttpError(503, 'The server is shutting down. Please try again.', undefined, {
          'Retry-After': '1',
        })
      limit.take(event.client)
      waiting.push(event)
      if (waiting.length >= batchSize && due()) flush().catch(() => {})
    },
    flush,
    counts: () => ({ waiting: waiting.length, ...counts }),
    async close() {
      if (closed) return
      closed = true
      clearInterval(timer)
      try {
        await flush()
      } catch {
        if (waiting.length)
          log(`${waiting.length} visit events lost at shutdown: the database refused them`)
      }
    },
  }
}
