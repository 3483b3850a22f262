// What every route handler can reach: the database, the image store, the
// token key and the caller, set by the app's middleware.
import type { Context } from 'hono'
import type { Database, Principal, Queryable } from './db/db.ts'
import type { TokenKey } from './accounts/auth.ts'
import type { ImageStore } from './images/image-store.ts'
import type { Publisher } from './toolkit/publish.ts'
import type { StatsSettings } from './visits/stats.ts'
import type { ArchiveStore } from './toolkit/archive-store.ts'
import type { CvFontSource } from './resume/cv-fonts.ts'
import type { SetupRule } from './accounts/setup-code.ts'
import type { VisitQueue } from './visits/visit-batch.ts'
import type { AddressLimit, WorkQueue } from './http/work-queue.ts'
import type { GithubSettings } from './github/client.ts'

/** Which header carries the address, and for X-Forwarded-For which entry counting from the right (client-key.ts). */
export interface ClientAddressRule {
  header: string
  /** 1 is the last entry (appended by the nearest proxy); only for x-forwarded-for. */
  fromRight?: number
}

export interface AppDeps {
  db: Database
  images: ImageStore
  /** Where archives wait for a restore (POST /backup/sign, /backup/restore); absent, those answer 503. */
  archives?: ArchiveStore
  tokenKey: TokenKey
  /** Where rate limits read the caller's address; the last X-Forwarded-For entry when absent (client-key.ts). */
  clientAddress?: ClientAddressRule
  /** Calls the static host's deploy hook after content changes (publish.ts); absent means not set up. */
  publisher?: Publisher
  /** Retention and the per-address limit of visit statistics (stats.ts); the defaults when absent. */
  stats?: StatsSettings
  /**
   * Where the CV's fonts come from (resume/cv-fonts.ts): the module bundled
   * with the code when absent, as in every deployment; a test hands in one
   * that fails.
   */
  cvFonts?: CvFontSource
  /**
   * Draws the CV elsewhere than on the thread answering requests (`npm
   * start`'s render thread, server/render-thread.ts): the route then loads
   * neither pdf-lib nor the fonts. Absent (the edge function, tests): drawn here.
   */
  cvRenderer?: (resume: Record<string, unknown>, lang: string) => Promise<Uint8Array>
  /**
   * Who may create the first admin (setup-code.ts). Both servers set it; absent
   * (an app a test builds by hand), registration takes no proof.
   */
  setup?: SetupRule
  /** How long a session may go unused (SESSION_IDLE_MINUTES), for GET /auth/sessions; 30 minutes when absent. */
  sessionIdleSeconds?: number
  /**
   * ALLOWED_ORIGINS: other origins whose pages may post to /contact and
   * /events (the site, when it is hosted elsewhere than the API; cross-site.ts).
   */
  allowedOrigins?: string[]
  /**
   * SITE_URL: where the back office is opened. Passkeys belong to its host name
   * (the relying party) and are accepted from its origin only; absent, the
   * passkey routes answer 503 (passkeys.ts).
   */
  siteUrl?: string
  /** Where expensive work waits its turn (work-queue.ts); the app makes one per process when absent. */
  work?: WorkQueue
  /** How often one address may start expensive work nothing kept (work-queue.ts); made by the app when absent. */
  expensiveLimit?: AddressLimit
  /** How many calls one address may make to the assistants' endpoint a minute (api/resources/mcp/routes.ts); made by the app when absent. */
  assistantLimit?: AddressLimit
  /**
   * Where POST /events leaves its events for a write once a second
   * (visit-batch.ts): `npm start` and `npm run dev`. Absent (the edge
   * function), each event is written in its request.
   */
  visits?: VisitQueue
  /**
   * GITHUB_API_URL, GITHUB_TOKEN and GITHUB_TIMEOUT_SECONDS (github/client.ts):
   * where /github calls GitHub; api.github.com without a token when absent.
   */
  github?: GithubSettings
}

export type AppEnv = {
  Variables: {
    deps: AppDeps
    principal: Principal
    /** Set by http-cache.ts on a cacheable read: told the content version each read-only transaction saw. */
    onContentVersion?: (version: string) => void
    /** A visitor's GET of this same app (its kept answers): the JSON, or null for a 404 (api/resources/mcp/routes.ts). */
    readPublic: <T>(path: string) => Promise<T | null>
  }
}

/** Runs `fn` in one transaction as the caller, so row-level security decides what it may do. */
export const asCaller = <T>(c: Context<AppEnv>, fn: (tx: Queryable) => Promise<T>): Promise<T> =>
  c.get('deps').db.as(c.get('principal'), fn)

/** The same for a read: read-only, and a kept answer learns the content version it saw (http-cache.ts). */
export const readAsCaller = <T>(
  c: Context<AppEnv>,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> => c.get('deps').db.as(c.get('principal'), fn, { readOnly: true })
