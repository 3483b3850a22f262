// /activity: the history the database records by itself
// (supabase/schemas/08_activity.sql, docs/PRODUCT.md §12). Signed-in accounts read it, newest
// first, in pages: `?limit=` (1-100, 50 by default) and `?before=` an entry id
// (the last one of the previous page). Nobody writes it through the API.
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import { wholeNumber } from '../../query.ts'
import * as answers from '../../../contract/responses.ts'
import { isoTimestamp } from '../../../db/sql.ts'
import type { ActivityEntry } from '../../../contract/responses.ts'

export const MAX_ACTIVITY_PAGE = 100

/**
 * Whether the row an entry is about (an entity is its table's name) is still
 * there, as the caller sees it. The site's languages are one list, always there.
 */
const exists = `case a.entity
    ${answers.activityEntity.options
      .map((t) =>
        t === 'languages'
          ? `when '${t}' then true`
          : `when '${t}' then exists (select 1 from public.${t} x where x.id = a.entity_id)`,
      )
      .join('\n    ')}
    else false end`

export const activityApi = new Api().add(
  {
    method: 'get',
    path: '/activity',
    operationId: 'listActivity',
    summary: 'The history of changes, newest first, in pages',
    tag: 'Activity',
    access: 'signedIn',
    query: z.object({
      limit: wholeNumber(
        `limit must be a whole number from 1 to ${MAX_ACTIVITY_PAGE}`,
        1,
        MAX_ACTIVITY_PAGE,
      )
        .default(50)
        .describe('Page size'),
      before: z
        .string()
        .regex(/^\d{1,18}$/, 'before must be the id of an entry')
        .optional()
        .describe('The last id of the previous page'),
    }),
    answers: { 200: ok('The entries', z.array(answers.activityEntry)) },
  },
  async (c, { query }) => {
    const { db } = c.get('deps')
    const rows = await db.as(
      c.get('principal'),
      (tx) =>
        tx.query<ActivityEntry & Record<string, unknown>>(
          `select a.id::int as id, ${isoTimestamp('a.at')} as at, a.actor_name as actor, a.action,
                  a.entity, a.entity_id as "entityId", a.summary,
                  to_json(a.changed_fields) as "changedFields", ${exists} as "entityExists"
             from public.activity a
            where ($1::bigint is null or a.id < $1::bigint)
            order by a.id desc
            limit ${query.limit}`,
          [query.before ?? null],
        ),
      { readOnly: true },
    )
    return c.json(rows)
  },
)
