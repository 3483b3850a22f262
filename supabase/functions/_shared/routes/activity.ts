// /activity: the history the database records by itself
// (supabase/schemas/08_activity.sql, docs/PRODUCT.md §12). Signed-in accounts read it, newest
// first, in pages: `?limit=` (1-100, 50 by default) and `?before=` an entry id
// (the last one of the previous page). Nobody writes it through the API.
import { Hono } from 'hono'
import type { AppEnv } from '../context.ts'
import { badRequest } from '../errors.ts'
import { isoTimestamp, requireSignedIn } from '../sql.ts'
import type { ActivityEntry } from '../contract/responses.ts'

export const activityRoutes = new Hono<AppEnv>()

export const MAX_ACTIVITY_PAGE = 100
const WHOLE = /^\d{1,18}$/

/** Whether the row an entry is about is still there, as the caller sees it. */
const exists = `case a.entity
    when 'projects' then exists (select 1 from public.projects x where x.id = a.entity_id)
    when 'technologies' then exists (select 1 from public.technologies x where x.id = a.entity_id)
    when 'certifications' then exists (select 1 from public.certifications x where x.id = a.entity_id)
    when 'configs' then exists (select 1 from public.configs x where x.id = a.entity_id)
    when 'users' then exists (select 1 from public.users x where x.id = a.entity_id)
    when 'contact_messages' then exists (select 1 from public.contact_messages x where x.id = a.entity_id)
    when 'experiences' then exists (select 1 from public.experiences x where x.id = a.entity_id)
    when 'education' then exists (select 1 from public.education x where x.id = a.entity_id)
    else false end`

activityRoutes.get('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const rawLimit = c.req.query('limit')
  const rawBefore = c.req.query('before')
  const errors: Record<string, string> = {}
  const limit = rawLimit === undefined ? 50 : WHOLE.test(rawLimit) ? Number(rawLimit) : NaN
  if (!(limit >= 1 && limit <= MAX_ACTIVITY_PAGE))
    errors.limit = `limit must be a whole number from 1 to ${MAX_ACTIVITY_PAGE}`
  const before = rawBefore === undefined ? null : WHOLE.test(rawBefore) ? rawBefore : ''
  if (before === '') errors.before = 'before must be the id of an entry'
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors)

  const { db } = c.get('deps')
  const rows = await db.as(
    principal,
    (tx) =>
      tx.query<ActivityEntry & Record<string, unknown>>(
        `select a.id::int as id, ${isoTimestamp('a.at')} as at, a.actor_name as actor, a.action,
                a.entity, a.entity_id as "entityId", a.summary,
                to_json(a.changed_fields) as "changedFields", ${exists} as "entityExists"
           from public.activity a
          where ($1::bigint is null or a.id < $1::bigint)
          order by a.id desc
          limit ${limit}`,
        [before],
      ),
    { readOnly: true },
  )
  return c.json(rows)
})
