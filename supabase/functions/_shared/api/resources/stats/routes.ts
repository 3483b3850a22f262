// GET /stats?days=7|30|90: visit statistics for the back office (docs/PRODUCT.md
// §17). Signed-in accounts only; visitors get 401. Events not rolled up yet
// are rolled up first, so the owner sees the visits of a minute ago; the
// answer itself is read from the daily rollups alone, under row-level security.
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import { oneOf } from '../../query.ts'
import * as answers from '../../../contract/responses.ts'
import { DEFAULT_STATS_SETTINGS } from '../../../visits/stats.ts'
import type { VisitStats } from '../../../contract/responses.ts'
import type { VisitTarget } from '../../../contract/schemas.ts'
import { asCaller, readAsCaller } from '../../../context.ts'

interface KeyRow {
  kind: string
  key: string
  events: number
  name: string | null
}

export const statsApi = new Api().add(
  {
    method: 'get',
    path: '/stats',
    operationId: 'getVisitStats',
    summary: 'Visitors, views, top projects, referrers and clicks per day',
    tag: 'Statistics',
    access: 'signedIn',
    query: z.object({
      days: oneOf(['7', '30', '90'], 'days must be 7, 30 or 90')
        .default('30')
        .transform(Number)
        .pipe(z.number().int())
        .describe('The period in days, ending today (UTC); 30 when absent'),
    }),
    answers: { 200: ok('The statistics', answers.visitStats) },
  },
  async (c, { query: { days } }) => {
    const { stats = DEFAULT_STATS_SETTINGS, visits } = c.get('deps')
    // This process's waiting events first (visit-batch.ts): the owner sees the visit of a second ago.
    await visits?.flush()
    await asCaller(c, (tx) => tx.query('select app.visit_rollup_now($1)', [stats.retentionDays]))
    const from = `(now() at time zone 'UTC')::date - ${days - 1}`
    const [perDay, perKey, perLink] = await readAsCaller(c, async (tx) => [
      await tx.query<{ date: string; visitors: number; views: number }>(
        `select to_char(g.day, 'YYYY-MM-DD') as date,
                  coalesce(d.visitors, 0)::int as visitors, coalesce(d.events, 0)::int as views
             from generate_series(${from}, (now() at time zone 'UTC')::date, interval '1 day') g(day)
             left join public.visit_daily d on d.day = g.day::date and d.kind = 'total' and d.key = ''
            order by g.day`,
      ),
      // The ten largest of each dimension; a project's name as it is now.
      await tx.query<KeyRow>(
        `select kind, key, events, name from (
             select d.kind, d.key, sum(d.events)::int as events, min(p.name) as name,
                    row_number() over (partition by d.kind order by sum(d.events) desc, d.key) as place
               from public.visit_daily d
               left join public.projects p on d.kind = 'project' and p.id::text = d.key
              where d.day >= ${from} and d.kind <> 'total'
              group by d.kind, d.key) ranked
            where place <= 10 and (kind <> 'project' or name is not null)
            order by kind, place`,
      ),
      // Share links' views (docs/PRODUCT.md §24): visitors of a link, once a day each.
      await tx.query<{ id: number; label: string; views: number }>(
        `select s.id, s.label, sum(v.views)::int as views
             from public.share_link_views v join public.share_links s on s.id = v.share_link_id
            where v.day >= ${from}
            group by s.id, s.label
            order by sum(v.views) desc, s.id
            limit 10`,
      ),
    ])
    const of = (kind: string) => (perKey as KeyRow[]).filter((row) => row.kind === kind)
    const body: VisitStats = {
      totals: {
        visitors: perDay.reduce((sum, day) => sum + Number(day.visitors), 0),
        views: perDay.reduce((sum, day) => sum + Number(day.views), 0),
      },
      days: perDay.map((day) => ({
        date: day.date,
        visitors: Number(day.visitors),
        views: Number(day.views),
      })),
      projects: of('project').map((row) => ({
        id: Number(row.key),
        name: row.name ?? '',
        views: Number(row.events),
      })),
      referrers: of('referrer').map((row) => ({ host: row.key, visits: Number(row.events) })),
      clicks: of('click').map((row) => ({
        target: row.key as VisitTarget,
        count: Number(row.events),
      })),
      sources: of('utm_source').map((row) => ({ name: row.key, visits: Number(row.events) })),
      campaigns: of('utm_campaign').map((row) => ({ name: row.key, visits: Number(row.events) })),
      shareLinks: perLink.map((row) => ({
        id: Number(row.id),
        label: row.label,
        views: Number(row.views),
      })),
    }
    return c.json(body)
  },
)
