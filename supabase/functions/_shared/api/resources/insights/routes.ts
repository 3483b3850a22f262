// GET /insights: the portfolio's health (docs/PRODUCT.md §13) for any
// signed-in account; visitors get 401. The content is read in one read-only
// transaction as the caller; the store and the links are asked after it has
// ended, so no transaction waits on the network. The links of the demo
// content's rows, while the seed's fingerprints still match them
// (app.demo_rows(), decision 069), are not asked: they are the example's,
// not the owner's to fix.
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import * as answers from '../../../contract/responses.ts'
import { findings, type ContentSnapshot } from '../../../toolkit/insights.ts'
import { sharedLinkChecker } from '../../../toolkit/link-check.ts'
import { readAsCaller } from '../../../context.ts'

const snapshotSql = `
  with demo as (
    select d.entity, d.id from app.demo_rows() d
     -- Never seeded (npm start's default): no row is hashed at all.
     where exists (select 1 from app.demo_content))
  select json_build_object(
    'projects', coalesce((select json_agg(json_build_object(
        'id', p.id, 'name', p.name, 'description', p.description, 'isActive', p.is_active,
        'thumbnail', p.thumbnail, 'images', to_json(p.images),
        'cardUrls', coalesce((select json_agg(e.value ->> 'cardUrl')
            from jsonb_each(coalesce(p.image_details, '{}'::jsonb)) e
            where e.value ->> 'cardUrl' is not null), '[]'::json),
        'liveUrl', p.live_url, 'githubUrl', p.github_url,
        'demo', exists (select 1 from demo d where d.entity = 'projects' and d.id = p.id),
        'technologies', (select count(*) from public.project_technologies pt where pt.project_id = p.id))
        order by p.id) from public.projects p), '[]'::json),
    'technologies', coalesce((select json_agg(json_build_object(
        'id', t.id, 'name', t.name, 'icon', t.icon,
        'projects', (select count(*) from public.project_technologies pt where pt.technology_id = t.id))
        order by t.id) from public.technologies t), '[]'::json),
    'certifications', coalesce((select json_agg(json_build_object(
        'id', c.id, 'name', c.name, 'icon', c.icon) order by c.id) from public.certifications c), '[]'::json),
    'configs', coalesce((select json_agg(json_build_object(
        'id', g.id, 'name', g.name, 'value', g.value,
        'demo', exists (select 1 from demo d where d.entity = 'configs' and d.id = g.id)) order by g.id) from public.configs g), '[]'::json),
    'posts', coalesce((select json_agg(json_build_object(
        'id', x.id, 'title', x.title, 'coverImage', x.cover_image, 'body', x.body,
        'translations', x.translations) order by x.id) from public.posts x), '[]'::json)
  )::text as snapshot`

export const insightsApi = new Api().add(
  {
    method: 'get',
    path: '/insights',
    operationId: 'listInsights',
    summary: "Findings about the portfolio's health",
    tag: 'Insights',
    access: 'signedIn',
    answers: { 200: ok('The findings', z.array(answers.finding)) },
  },
  async (c) => {
    const { images } = c.get('deps')
    const [row] = await readAsCaller(c, (tx) => tx.query<{ snapshot: string }>(snapshotSql))
    const content = JSON.parse(row?.snapshot ?? '{}') as ContentSnapshot
    return c.json(await findings(content, images, sharedLinkChecker()))
  },
)
