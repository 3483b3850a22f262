// The REST contract (docs/PRODUCT.md §7 + our additions) as one Hono app. Deno
// serves it on Supabase Edge Functions; Node serves the same app locally and in
// tests (docs/ARCHITECTURE.md, "The shape").
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { principalFrom } from './accounts/auth.ts'
import { bodyEnds } from './http/body-limit.ts'
import type { AppDeps, AppEnv } from './context.ts'
import { fromDatabaseError, HttpError } from './http/errors.ts'
import { Api, ok, type Operation } from './api/operation.ts'
import { answerJson, jsonTextOf, type JsonText } from './http/json-answer.ts'
import { certificationApi } from './api/resources/certifications/routes.ts'
import { configApi } from './api/resources/configs/routes.ts'
import { projectApi } from './api/resources/projects/routes.ts'
import { postApi } from './api/resources/posts/routes.ts'
import { educationApi, experienceApi } from './api/resources/story/routes.ts'
import { technologyApi } from './api/resources/technologies/routes.ts'
import { shareLinkApi } from './api/resources/share-links/routes.ts'
import { sharedApi } from './api/resources/share-links/shared.ts'
import { openApiDocument } from './contract/openapi.ts'
import {
  createHttpCache,
  versionSource,
  type Compressor,
  type KeptLookup,
} from './http/http-cache.ts'
import { NotAnImageError, removeUnreferencedImages } from './images/unreferenced.ts'
import { logUnexpectedError } from './http/log.ts'
import { activityApi } from './api/resources/activity/routes.ts'
import { authApi } from './api/resources/auth/routes.ts'
import { twoStepApi } from './api/resources/two-step/routes.ts'
import { passkeyApi } from './api/resources/passkeys/routes.ts'
import { demoApi } from './api/resources/demo/routes.ts'
import { backupApi } from './api/resources/backup/routes.ts'
import { contactApi } from './api/resources/contact/routes.ts'
import { eventsApi } from './api/resources/events/routes.ts'
import { insightsApi } from './api/resources/insights/routes.ts'
import { githubApi } from './api/resources/github/routes.ts'
import { contributionApi } from './api/resources/contributions/routes.ts'
import { languagesApi } from './api/resources/languages/routes.ts'
import { appearanceApi } from './api/resources/appearance/routes.ts'
import { ASSISTANT_CALLS_PER_MINUTE, mcpApi } from './api/resources/mcp/routes.ts'
import { messagesApi } from './api/resources/messages/routes.ts'
import { publishApi } from './api/resources/publish/routes.ts'
import { resumeApi } from './api/resources/resume/routes.ts'
import { statsApi } from './api/resources/stats/routes.ts'
import { uploadsApi } from './api/resources/uploads/routes.ts'
import { usersApi } from './api/resources/users/routes.ts'
import { addressLimit, defaultWorkQueue } from './http/work-queue.ts'

export interface AppOptions {
  /** Makes the gzip and brotli forms of cached public answers (the Node server passes node:zlib). */
  compress?: Compressor
  /**
   * Where the routes live: `/api` where the edge function is invoked (Supabase
   * strips /functions/v1); the Node stack serves the app in place, under
   * /functions/v1/api, so no request has to be rebuilt with a shorter URL.
   */
  basePath?: string
  /** How much the kept public answers may hold (http-cache.ts, MEMO_LIMITS by default). */
  memoLimits?: { entries: number; bytes: number }
  /**
   * Given the lookup of the kept public answers, for a server that answers
   * them before the request reaches the app (server/http.ts, direct lane).
   */
  onKept?: (kept: KeptLookup) => void
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Runs of uncached expensive work (a CV not kept yet) one visitor's address may start a minute. */
export const EXPENSIVE_PER_MINUTE = 30

/** Whether the API is up, and its own description. */
const system = new Api()
  .add(
    {
      method: 'get',
      path: '/health',
      operationId: 'getHealth',
      summary: 'Whether the API reaches its database',
      tag: 'Health',
      access: 'public',
      answers: { 200: ok('Up', z.object({ status: z.literal('ok') })) },
    },
    async (c) => {
      await c.get('deps').db.as({ kind: 'anon' }, (tx) => tx.query('select 1'), { readOnly: true })
      return c.json({ status: 'ok' as const })
    },
  )
  .add(
    {
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApi',
      summary: 'This document',
      tag: 'Health',
      access: 'public',
      answers: { 200: ok('The OpenAPI 3.1 document', z.record(z.string(), z.unknown())) },
    },
    // Built on first use: the document is the same for the life of the process.
    (c) =>
      answerJson(c, (openApi ??= jsonTextOf(openApiDocument(OPERATIONS))), 200, {
        'Cache-Control': 'public, max-age=300',
      }),
  )
let openApi: JsonText<ReturnType<typeof openApiDocument>> | undefined

/** Every group of declared operations (api/operation.ts), each mounted at the base path. */
const API_GROUPS: readonly Api[] = [
  system,
  authApi,
  twoStepApi,
  passkeyApi,
  projectApi,
  postApi,
  technologyApi,
  certificationApi,
  experienceApi,
  educationApi,
  configApi,
  languagesApi,
  appearanceApi,
  uploadsApi,
  backupApi,
  demoApi,
  publishApi,
  resumeApi,
  usersApi,
  contactApi,
  messagesApi,
  activityApi,
  insightsApi,
  eventsApi,
  statsApi,
  mcpApi,
  shareLinkApi,
  sharedApi,
  githubApi,
  contributionApi,
]
/** The whole contract: every declared call. */
export const OPERATIONS: readonly Operation[] = API_GROUPS.flatMap((api) => api.operations)

export function createApp(given: AppDeps, options: AppOptions = {}) {
  // One queue and one limit per app, so per process (docs/decisions/033).
  const deps: AppDeps = {
    ...given,
    work: given.work ?? defaultWorkQueue(),
    expensiveLimit: given.expensiveLimit ?? addressLimit({ perMinute: EXPENSIVE_PER_MINUTE }),
    assistantLimit: given.assistantLimit ?? addressLimit({ perMinute: ASSISTANT_CALLS_PER_MINUTE }),
  }
  const basePath = options.basePath ?? '/api'
  const app = new Hono<AppEnv>().basePath(basePath)

  /** A visitor's GET of this app: through every middleware, so it is served from the kept answers. */
  const readPublic = async <T>(path: string): Promise<T | null> => {
    const response = await app.request(`${basePath}${path}`)
    if (response.status === 404) return null
    if (!response.ok) {
      const { message } = (await response.json().catch(() => ({}))) as { message?: string }
      throw new HttpError(response.status, message ?? 'The portfolio cannot be read now')
    }
    return (await response.json()) as T
  }
  const cache = createHttpCache({
    versions: versionSource(deps.db.driver),
    compress: options.compress,
    basePath,
    limits: options.memoLimits,
    operations: OPERATIONS,
  })
  options.onKept?.(cache.kept)
  // First, so it also sees the answers onError produced for the middleware below.
  app.use('*', cache.middleware)
  // Each route reads its body with a ceiling (limitBody); what none read is read
  // here (body-limit.ts). Before the token is checked: a 401 for an expired
  // session's save is an answer too, and its body must be read like any other.
  app.use('*', bodyEnds())
  app.use('*', async (c, next) => {
    const onContentVersion = c.get('onContentVersion')
    // A cacheable read learns which content version its transaction saw (http-cache.ts).
    c.set(
      'deps',
      onContentVersion
        ? {
            ...deps,
            db: {
              ...deps.db,
              as: (principal, fn, readOptions) =>
                deps.db.as(principal, fn, { ...readOptions, onContentVersion }),
            },
          }
        : deps,
    )
    const principal = await principalFrom(c.req.header('authorization'), deps.tokenKey)
    c.set('principal', principal)
    c.set('readPublic', readPublic)
    await next()
    // A signed-in write that succeeded may have changed public content: the
    // publisher waits for the content to settle, then rebuilds the static
    // site (publish.ts). Visitors' writes (contact messages) never do.
    if (principal.kind === 'user' && !READS.has(c.req.method) && c.res.status < 400)
      deps.publisher?.nudge()
  })

  for (const api of API_GROUPS) app.route('/', api.routes)

  app.notFound((c) => c.json({ statusCode: 404, message: 'Not found' }, 404))

  app.onError(async (error, c) => {
    // Its transaction is over, so the refused files can go now, if nothing uses them.
    if (error instanceof NotAnImageError)
      await removeUnreferencedImages(
        (fn) => deps.db.as(c.get('principal'), fn),
        deps.images,
        error.urls,
      )
    return errorResponse(error, c)
  })

  return app
}

export type App = ReturnType<typeof createApp>

/** The contract's error body for anything a handler threw; a 500 only for our own bugs. */
export function errorResponse(error: Error, c: Context): Response {
  const http = error instanceof HttpError ? error : fromDatabaseError(error)
  if (http) {
    for (const [name, value] of Object.entries(http.headers ?? {})) c.header(name, value)
    const body = {
      statusCode: http.status,
      message: http.message,
      ...(http.errors ? { errors: http.errors } : {}),
    }
    return c.json(body, http.status as 400)
  }
  // Never the error object itself: it carries the query's parameters (log.ts).
  logUnexpectedError(error, { method: c.req.method, path: c.req.path })
  return c.json({ statusCode: 500, message: 'Internal server error' }, 500)
}
