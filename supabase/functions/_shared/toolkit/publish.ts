// Publishing the prerendered site through the host's deploy hook
// (docs/decisions/024-publishing-through-a-deploy-hook.md). After a signed-in
// write, the API waits until public content has been quiet for `quietMs`, then
// calls DEPLOY_HOOK_URL once for the newest content version; the host (Netlify,
// Cloudflare Pages, Vercel) then runs `npm run build`, which prerenders from
// this API. The table public.site_publish (supabase/schemas/04_content_version_and_publish.sql)
// remembers what was asked and what the host answered, shared by every worker.
import type { PublishStatus } from '../contract/responses.ts'
import type { Driver } from '../db/db.ts'

export interface PublishSettings {
  /** The host's build hook. A secret (it starts builds): never sent to a browser, never logged. */
  hookUrl: string
  /** How long public content must stay unchanged before the hook is called. */
  quietMs: number
}

/** What GET /publish answers (docs/PRODUCT.md §7); its schema is in contract/responses.ts. */
export type { PublishStatus }

export interface Publisher {
  readonly configured: boolean
  /**
   * Called after a request that may have changed public content: records in
   * the database that the current version should be published, then waits
   * for the quiet period if this process has no wait pending already. Answers
   * that work (for the edge runtime's waitUntil), or undefined when publishing
   * is not configured.
   */
  nudge(): Promise<void> | undefined
  /**
   * Publishes when a publish some process asked for is due (its quiet period
   * has passed) and nobody has made it. Asks the database at most every
   * PUBLISH_ASK_EVERY_MS; undefined when it did not ask.
   */
  publishIfDue(): Promise<void> | undefined
  /** Calls the hook now for the current version, whatever was tried before. */
  publishNow(): Promise<{ ok: boolean; error: string | null }>
  /** Stops waiting (server shutdown, tests). */
  cancel(): void
}

export interface PublisherOptions {
  /**
   * When every wait must be over, in ms since the epoch: the edge worker's
   * wall-clock limit. A wait that would end later is not started, and the
   * publish is left to publishIfDue in a later request. None: a process that
   * lives on waits as long as content takes to settle.
   */
  waitsEndBy?: number
  now?: () => number
}

export const DEFAULT_PUBLISH_QUIET_SECONDS = 30
/** How often a process or worker asks whether a requested publish is due (one read when none is). */
export const PUBLISH_ASK_EVERY_MS = 10_000
/** The hook must answer within this; hosts answer at once and build afterwards. */
const HOOK_TIMEOUT_MS = 10_000
/** How many quiet periods a worker waits for, at most, while content keeps changing. */
const MAX_WAITS = 5

/**
 * DEPLOY_HOOK_URL and DEPLOY_HOOK_QUIET_SECONDS from the environment; null
 * without a hook. A malformed value stops the boot with the variable's name.
 */
export function readPublishSettings(
  value: (name: string) => string | undefined,
): PublishSettings | null {
  const hookUrl = value('DEPLOY_HOOK_URL')?.trim()
  const rawQuiet = value('DEPLOY_HOOK_QUIET_SECONDS')?.trim()
  const quietSeconds = rawQuiet ? Number(rawQuiet) : DEFAULT_PUBLISH_QUIET_SECONDS
  if (!Number.isFinite(quietSeconds) || quietSeconds < 0 || quietSeconds > 600) {
    throw new Error(
      `DEPLOY_HOOK_QUIET_SECONDS must be a number of seconds from 0 to 600, got "${rawQuiet}"`,
    )
  }
  if (!hookUrl) return null
  // The address is a secret: the message names the variable, not the value.
  if (!/^https?:\/\/[^\s/]/i.test(hookUrl) || !URL.canParse(hookUrl)) {
    throw new Error('DEPLOY_HOOK_URL must be an http:// or https:// address')
  }
  return { hookUrl, quietMs: Math.round(quietSeconds * 1000) }
}

const sleep = (ms: number, timers: Set<ReturnType<typeof setTimeout>>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      resolve()
    }, ms)
    timers.add(timer)
  })

/** The database may be down; the next write, a later request, or "Publish now" tries again. */
function putOff(error: unknown): void {
  console.warn(`Publishing was put off: ${(error as Error).message ?? error}`)
}

/** Calls the hook; answers why it failed, or null. */
async function callHook(hookUrl: string): Promise<string | null> {
  try {
    const response = await fetch(hookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      redirect: 'error',
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    })
    await response.body?.cancel()
    return response.ok ? null : `The deploy hook answered ${response.status}`
  } catch (error) {
    if ((error as Error).name === 'TimeoutError')
      return `The deploy hook did not answer within ${HOOK_TIMEOUT_MS / 1000} s`
    // Only an error code: a message may quote the address, which is a secret.
    const code = (error as { cause?: { code?: unknown } }).cause?.code
    return `The deploy hook could not be reached${typeof code === 'string' ? ` (${code})` : ''}`
  }
}

export function createPublisher(
  driver: Driver,
  settings: PublishSettings | null,
  options: PublisherOptions = {},
): Publisher {
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const now = options.now ?? Date.now
  let pending: Promise<void> | undefined
  let checking: Promise<void> | undefined
  let lastAsked = Number.NEGATIVE_INFINITY
  let cancelled = false

  async function claim(
    quietMs: number,
    force = false,
    due = false,
  ): Promise<{ version: string | null; waitMs: number | null }> {
    const [row] = await driver.query<{ version: string | null; wait_ms: number | null }>(
      due
        ? `select version::text as version, (extract(epoch from wait) * 1000)::float8 as wait_ms
             from app.claim_due_publish(make_interval(secs => $1))`
        : `select version::text as version, (extract(epoch from wait) * 1000)::float8 as wait_ms
             from app.claim_publish(make_interval(secs => $1), $2)`,
      due ? [quietMs / 1000] : [quietMs / 1000, force],
    )
    return { version: row?.version ?? null, waitMs: row?.wait_ms ?? null }
  }

  /** A wait this process may start: none that would outlast the worker. */
  const mayWait = (ms: number) =>
    options.waitsEndBy === undefined || now() + ms <= options.waitsEndBy

  async function publish(version: string): Promise<string | null> {
    const error = await callHook(settings!.hookUrl)
    await driver.query('select app.record_publish($1::bigint, $2)', [version, error])
    if (error) console.warn(`Publishing content version ${version} failed: ${error}`)
    return error
  }

  /**
   * Waits for quiet content, then publishes once; other workers' claims make
   * theirs a no-op. Content that keeps changing is published after MAX_WAITS
   * waits all the same.
   */
  async function waitAndPublish(): Promise<void> {
    let waitMs = settings!.quietMs
    for (let round = 1; round <= MAX_WAITS && !cancelled; round++) {
      // Left recorded in the database for a later request to publish (publishIfDue).
      if (!mayWait(waitMs)) return
      await sleep(waitMs, timers)
      if (cancelled) return
      const { version, waitMs: more } = await claim(round < MAX_WAITS ? settings!.quietMs : 0)
      if (version) {
        await publish(version)
        return
      }
      if (more === null) return
      // Content changed again meanwhile (here or in another worker): wait for it to settle.
      waitMs = Math.max(50, Math.ceil(more))
    }
  }

  return {
    configured: settings !== null,
    nudge() {
      if (!settings || cancelled) return undefined
      // Recorded even while a wait is pending here: a write during the hook
      // call of that wait needs a publish of its own.
      const request = driver.query('select app.request_publish()').then(() => {})
      if (pending) return request.catch(putOff)
      const work = request
        .then(waitAndPublish)
        .catch(putOff)
        .finally(() => {
          pending = undefined
        })
      pending = work
      return work
    },
    publishIfDue() {
      if (!settings || cancelled || pending || checking) return undefined
      if (now() - lastAsked < PUBLISH_ASK_EVERY_MS) return undefined
      lastAsked = now()
      const work = claim(settings.quietMs, false, true)
        .then(async ({ version }) => {
          if (version) await publish(version)
        })
        .catch(putOff)
        .finally(() => {
          checking = undefined
        })
      checking = work
      return work
    },
    async publishNow() {
      if (!settings) throw new Error('Publishing is not configured')
      const { version } = await claim(0, true)
      const error = await publish(version ?? '0')
      return { ok: error === null, error }
    },
    cancel() {
      cancelled = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}
