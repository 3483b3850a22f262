// Expensive work (a CV's PDF, a link-preview image, a page rendered on the
// server, a restore or an import) runs through a small queue per process, so a
// burst of it waits its turn instead of slowing every other answer: at most
// `concurrency` run at once, at most `waiting` wait, and past that the caller
// is answered 503 with Retry-After at once. And a visitor who keeps asking for
// such work that is not kept (a new URL every time) is limited per address.
// docs/decisions/038-bounded-expensive-work.md; the figures in docs/PERFORMANCE.md.
import { HttpError } from './errors.ts'

export interface WorkQueueOptions {
  /** Runs at once; about one per core for CPU-bound work. */
  concurrency: number
  /** Runs waiting for a turn; beyond that the answer is 503. */
  waiting: number
  /** Seconds a refused caller is told to wait (Retry-After). */
  retryAfterSeconds?: number
}

export interface WorkQueue {
  /** `work` once a turn is free; throws a 503 HttpError when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>
  readonly running: number
  readonly queued: number
}

export const busy = (retryAfterSeconds = 1) =>
  new HttpError(503, 'The server is busy. Please try again in a moment.', undefined, {
    'Retry-After': String(retryAfterSeconds),
  })

export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  let running = 0
  const waiters: (() => void)[] = []
  const release = () => {
    const next = waiters.shift()
    if (next) next()
    else running--
  }
  return {
    get running() {
      return running
    },
    get queued() {
      return waiters.length
    },
    async run(work) {
      if (running >= options.concurrency) {
        if (waiters.length >= options.waiting) throw busy(options.retryAfterSeconds)
        // The turn is handed over by release(): `running` stays counted.
        await new Promise<void>((resolve) => waiters.push(resolve))
      } else {
        running++
      }
      try {
        return await work()
      } finally {
        release()
      }
    },
  }
}

/** Cores this process may use: navigator.hardwareConcurrency on Deno and Node 21+, else 2. */
export function cores(): number {
  const count = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator
    ?.hardwareConcurrency
  return typeof count === 'number' && count > 0 ? count : 2
}

/** The default queue: one run per core, twice that waiting. */
export const defaultWorkQueue = () => {
  const n = cores()
  return createWorkQueue({ concurrency: n, waiting: 2 * n })
}

export interface AddressLimit {
  /** Counts one run of uncached expensive work for `key`; throws 429 with Retry-After past the limit. */
  take(key: string): void
}

/**
 * A fixed window per address, in this process's memory: the count of a busy
 * minute only has to outlive that minute, and an instance that restarts starts
 * afresh, which costs at most one more window of work. At most `keys`
 * addresses are tracked; past that the oldest window is dropped.
 */
export function addressLimit(
  options: { perMinute: number; keys?: number },
  now: () => number = Date.now,
): AddressLimit {
  const windows = new Map<string, { start: number; count: number }>()
  const keys = options.keys ?? 10_000
  return {
    take(key) {
      const time = now()
      let window = windows.get(key)
      if (!window || time - window.start >= 60_000) {
        windows.delete(key)
        window = { start: time, count: 0 }
        windows.set(key, window)
        if (windows.size > keys) windows.delete(windows.keys().next().value!)
      }
      window.count++
      if (window.count > options.perMinute)
        throw new HttpError(429, 'Too many requests. Please try again later.', undefined, {
          'Retry-After': String(Math.max(1, Math.ceil((window.start + 60_000 - time) / 1000))),
        })
    },
  }
}
