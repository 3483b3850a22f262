// How much expensive work runs at once and how much memory kept answers may
// hold (docs/PRODUCT.md §22), from the environment of `npm start` or the edge
// function. The defaults fit a small server; a larger one may raise them.
import { cores } from './work-queue.ts'

export interface LoadSettings {
  /** EXPENSIVE_WORK_CONCURRENCY: renderings, restores and imports at once (default: one per core). */
  workConcurrency: number
  /** EXPENSIVE_WORK_WAITING: how many may wait for a turn before the answer is 503 (default: twice the above). */
  workWaiting: number
  /** KEPT_ANSWERS_ENTRIES and KEPT_ANSWERS_BYTES: the kept public answers' bounds (default 512, 16 MiB). */
  keptAnswers: { entries: number; bytes: number }
}

export function readLoadSettings(value: (name: string) => string | undefined): LoadSettings {
  const whole = (name: string, fallback: number, min: number) => {
    const raw = value(name)?.trim()
    if (!raw) return fallback
    const parsed = Number(raw)
    if (!Number.isInteger(parsed) || parsed < min)
      throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`)
    return parsed
  }
  const workConcurrency = whole('EXPENSIVE_WORK_CONCURRENCY', cores(), 1)
  return {
    workConcurrency,
    workWaiting: whole('EXPENSIVE_WORK_WAITING', 2 * workConcurrency, 0),
    keptAnswers: {
      entries: whole('KEPT_ANSWERS_ENTRIES', 512, 1),
      bytes: whole('KEPT_ANSWERS_BYTES', 16 * 1024 * 1024, 1),
    },
  }
}
