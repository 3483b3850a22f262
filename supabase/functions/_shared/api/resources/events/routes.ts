// POST /events: a public page's beacon, one page view or outbound click
// (docs/PRODUCT.md §17). It answers 204 whatever becomes of the event, so a
// page learns nothing from it and never waits for it: visitors who asked not
// to be followed (DNT, GPC) and robots are answered without a database call.
// What is stored, and what is not, is decided here and in app.record_visit.
import { Api, crossSiteRefusals, ok } from '../../operation.ts'
import { clientKey } from '../../../http/client-key.ts'
import * as answers from '../../../contract/responses.ts'
import { sameSiteOnly } from '../../../http/cross-site.ts'
import { HttpError } from '../../../http/errors.ts'
import { visitEventSchema } from '../../../contract/schemas.ts'
import {
  DEFAULT_STATS_SETTINGS,
  isRobot,
  optedOut,
  pageOf,
  referrerHost,
} from '../../../visits/stats.ts'
import type { VisitEvent } from '../../../visits/visit-batch.ts'
import { asCaller } from '../../../context.ts'

/** A beacon is a few hundred bytes; nothing larger is read (body-limit.ts). */
export const EVENT_BODY_LIMIT = 2 * 1024

const TOO_MANY = 'Too many events. Please try again later.'

export const eventsApi = new Api()

// Registered ahead of the declared call, so that these answer whatever the
// body is, before it is read (the declared body's 400 and 413 would come first):
// - the type: navigator.sendBeacon with a string (src/lib/visits.ts) sends
//   text/plain;charset=UTF-8, a script may send JSON; anything else, or another
//   site's page, is refused (cross-site.ts);
// - a visitor who asked not to be followed, or a robot, gets its 204 unread.
eventsApi.routes.post(
  '/events',
  sameSiteOnly(['text/plain', 'application/json']),
  async (c, next) => {
    const header = (name: string) => c.req.header(name)
    if (optedOut(header) || isRobot(header('user-agent'))) return c.body(null, 204)
    await next()
  },
)

eventsApi.add(
  {
    method: 'post',
    path: '/events',
    operationId: 'recordVisitEvent',
    summary: "A public page's beacon: one page view or outbound click",
    tag: 'Statistics',
    access: 'public',
    // A text/plain beacon's body is JSON all the same.
    body: visitEventSchema,
    bodyLimit: EVENT_BODY_LIMIT,
    answers: {
      204: ok('Received (also when it is not counted: Do Not Track, GPC, robots)'),
      ...crossSiteRefusals,
      429: ok('Too many events from this address', answers.errorBody),
    },
  },
  async (c, { body: event }) => {
    const page = pageOf(event.path)
    let referrer = event.type === 'view' ? referrerHost(event.referrer) : null
    // A link from one of the site's own pages is no referrer.
    if (referrer && referrer === referrerHost(c.req.header('origin'))) referrer = null
    const { stats = DEFAULT_STATS_SETTINGS, visits } = c.get('deps')
    // The event as both paths write it; the user agent is only ever hashed with
    // the day's salt (app.record_visit, app.record_visits), never stored.
    const visit: VisitEvent = {
      client: clientKey(c),
      user_agent: (c.req.header('user-agent') ?? '').slice(0, 512),
      site: new URL(c.req.url).host,
      kind: event.type,
      path: page.path,
      project_id: event.projectId ?? null,
      target: event.type === 'click' ? (event.target ?? null) : null,
      referrer_host: referrer,
      utm_source: page.utmSource,
      utm_campaign: page.utmCampaign,
    }
    if (visits) {
      // A long-lived server: the event waits in memory and is written with the
      // others of this second (visit-batch.ts, docs/decisions/043).
      try {
        visits.add(visit)
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 429) throw error
        throw new HttpError(429, TOO_MANY, undefined, error.headers)
      }
      return c.body(null, 204)
    }
    const retry = await asCaller(c, async (tx) => {
      const [row] = await tx.query<{ retry: number }>(
        // The project as the caller sees it: an unknown or inactive one is
        // dropped here, under row-level security, in the same statement.
        `select app.record_visit($1, $2, $3, $4, $5,
           (select p.id from public.projects p where p.id = $6::integer),
           $7, $8, $9, $10, $11, $12) as retry`,
        [
          visit.client,
          visit.user_agent,
          visit.site,
          visit.kind,
          visit.path,
          visit.project_id,
          visit.target,
          visit.referrer_host,
          visit.utm_source,
          visit.utm_campaign,
          stats.eventsPerMinute,
          stats.retentionDays,
        ],
      )
      return Number(row?.retry ?? 0)
    })
    if (retry > 0)
      throw new HttpError(429, TOO_MANY, undefined, {
        'Retry-After': String(retry),
      })
    return c.body(null, 204)
  },
)
