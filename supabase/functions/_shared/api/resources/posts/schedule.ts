// Scheduled posts publish themselves (docs/decisions/054): a scheduled post is
// public from publish_at on (row-level security), and app.publish_due_posts
// makes it published then, so the content version moves and kept answers,
// pages and the deploy hook follow. The pass is periodic work claimed in the
// database (docs/decisions/035): every process or worker asks at most every
// SCHEDULE_ASK_EVERY_MS, and one of them per SCHEDULE_EVERY_MS makes the pass,
// so a post is published at most 45 s after its moment while a server runs.
import type { Driver } from '../../../db/db.ts'
import { claimPeriodic } from '../../../images/sweep.ts'

export const SCHEDULE_EVERY_MS = 30 * 1000
export const SCHEDULE_ASK_EVERY_MS = 15 * 1000

/** Publishes every scheduled post whose moment has come; answers how many. */
export async function publishDuePosts(driver: Driver): Promise<number> {
  const [row] = await driver.query<{ published: number }>(
    'select app.publish_due_posts() as published',
  )
  const published = Number(row?.published ?? 0)
  if (published) console.info(`Scheduled posts published: ${published}`)
  return published
}

export interface SchedulePass {
  /** Asks, at most every askEveryMs, whether the pass is due, and makes it if claimed; null when it did not ask. Never rejects. */
  runIfDue(): Promise<void> | null
}

export function schedulePass(
  driver: Driver,
  options: { now?: () => number; everyMs?: number; askEveryMs?: number } = {},
): SchedulePass {
  const now = options.now ?? Date.now
  const everyMs = options.everyMs ?? SCHEDULE_EVERY_MS
  const askEveryMs = options.askEveryMs ?? SCHEDULE_ASK_EVERY_MS
  let lastAsked = Number.NEGATIVE_INFINITY
  let running: Promise<void> | null = null
  return {
    runIfDue() {
      if (running || now() - lastAsked < askEveryMs) return null
      lastAsked = now()
      running = (async () => {
        try {
          if (await claimPeriodic(driver, 'scheduled_posts', everyMs)) await publishDuePosts(driver)
        } catch (error) {
          const code = (error as { code?: unknown } | null)?.code
          console.warn(
            'Scheduled posts pass failed; the next pass tries again',
            String(code ?? 'error'),
          )
        }
      })().finally(() => {
        running = null
      })
      return running
    },
  }
}
