// A project: its answer, its columns, the technologies it uses and the images
// it shows (a thumbnail, a gallery and each image's card copy), and the
// repository it was imported from with its figures (github_projects, docs/github.md). Visitors see
// active projects only (row-level security); docs/PRODUCT.md §9 decides the order.
import { project } from '../../../contract/responses.ts'
import { detailsByUrl } from '../../../images/image-details.ts'
import { projectOrder } from './pages.ts'
import {
  projectSchema,
  projectUpdateSchema,
  type ImageDetailInput,
} from '../../../contract/schemas.ts'
import { isoTimestamp } from '../../../db/sql.ts'
import { contentRepository } from '../../content-table.ts'
import { TRANSLATABLE } from '../../registry.ts'

/** The answer's columns over `public.projects p`: the gallery in order, once per URL, and the technologies. */
export const selectProjects = `
  select p.id, p.name, p.description,
         p.start_year as "startYear", p.end_year as "endYear",
         p.live_url as "liveUrl", p.github_url as "githubUrl",
         p.is_active as "isActive", p.featured, p.featured_order as "featuredOrder", p.thumbnail, to_json(p.images) as images,
         coalesce((
           select json_agg(json_build_object(
                    'url', g.url, 'alt', d.v ->> 'alt',
                    'width', (d.v ->> 'width')::int, 'height', (d.v ->> 'height')::int,
                    'cardUrl', d.v ->> 'cardUrl') order by g.n)
             from (select distinct on (u.url) u.url, u.n
                     from (select p.thumbnail as url, 0::bigint as n where p.thumbnail is not null
                           union all
                           select i.url, i.n from unnest(p.images) with ordinality as i(url, n)) u
                    order by u.url, u.n) g
             cross join lateral (select p.image_details -> g.url as v) d
         ), '[]'::json) as "imageDetails",
         coalesce((
           select json_agg(json_build_object('id', t.id, 'name', t.name, 'icon', t.icon) order by lower(t.name), t.id)
             from public.project_technologies pt
             join public.technologies t on t.id = pt.technology_id
            where pt.project_id = p.id
         ), '[]'::json) as technologies,
         (select json_build_object(
                   'repository', g.repository, 'stars', g.stars, 'forks', g.forks,
                   'pushedAt', ${isoTimestamp('g.pushed_at')}, 'syncedAt', ${isoTimestamp('g.synced_at')})
            from public.github_projects g where g.project_id = p.id) as github,
         ${isoTimestamp('p.created_at')} as "createdAt",
         ${isoTimestamp('p.updated_at')} as "updatedAt"
    from public.projects p`

const orNull = (value: string | null) => value || null
type DetailsMap = Record<string, { cardUrl?: string | null } | undefined> | null

export const projects = contentRepository({
  table: 'projects',
  what: 'project',
  select: selectProjects,
  alias: 'p',
  order: projectOrder('x'),
  fields: {
    name: { column: 'name' },
    description: { column: 'description' },
    startYear: { column: 'start_year', expression: '$::int' },
    endYear: { column: 'end_year', expression: '$::int' },
    liveUrl: { column: 'live_url', stored: orNull },
    githubUrl: { column: 'github_url', stored: orNull },
    isActive: { column: 'is_active', expression: '$::boolean' },
    featured: { column: 'featured', expression: '$::boolean' },
    featuredOrder: { column: 'featured_order', expression: '$::int' },
    thumbnail: { column: 'thumbnail', stored: orNull },
    // Images travel as JSON arrays.
    images: { column: 'images', expression: 'array(select jsonb_array_elements_text($::jsonb))' },
    // Entries replace those of the same URL; the others stay (the trigger drops unshown ones).
    imageDetails: {
      column: 'image_details',
      expression: '$::jsonb',
      patch: 'image_details || $::jsonb',
      stored: (list: ImageDetailInput[]) => detailsByUrl(list),
    },
  },
  translatable: TRANSLATABLE.projects,
  markdown: ['description'],
  links: { table: 'project_technologies', owner: 'project_id' },
  images: {
    columns: 'thumbnail, to_json(images) as images, image_details as "imageDetails"',
    shown: (row) => ({
      thumbnail: [row.thumbnail as string | null],
      images: row.images as string[],
      imageDetails: Object.values((row.imageDetails as DetailsMap) ?? {}).map(
        (d) => d?.cardUrl ?? null,
      ),
    }),
  },
  create: projectSchema,
  update: projectUpdateSchema,
  item: project,
})
