// /projects: the portfolio. Visitors see active projects only (row-level
// security); admins write; docs/PRODUCT.md §9 decides the order.
import { Hono } from 'hono'
import { PROJECT_BODY_LIMIT } from '../body-limit.ts'
import type { AppEnv } from '../context.ts'
import type { Queryable } from '../db.ts'
import { notFound } from '../errors.ts'
import {
  checkShownImages,
  deleteShowingImages,
  updateShowingImages,
  type ImageColumns,
} from '../images/image-writes.ts'
import {
  pageHeaders,
  projectListQuery,
  projectOrder,
  projectPageSql,
  type ProjectPageRow,
} from '../project-pages.ts'
import { detailsByUrl } from '../images/image-details.ts'
import { linkTechnologies, type LinkTable } from '../technology-links.ts'
import { projectSchema, projectUpdateSchema, type ProjectPayload } from '../schemas.ts'
import {
  insertRows,
  isoTimestamp,
  jsonParam,
  requireSignedIn,
  setClause,
  type Assignment,
  type FieldColumns,
} from '../sql.ts'
import type { Project } from '../contract/responses.ts'
import { idParam, readJson } from '../validate.ts'
import { versionedGet, type WithVersion } from '../versions.ts'

export const projectRoutes = new Hono<AppEnv>()

const selectProjects = `
  select p.id, p.name, p.description,
         p.start_year as "startYear", p.end_year as "endYear",
         p.live_url as "liveUrl", p.github_url as "githubUrl",
         p.is_active as "isActive", p.thumbnail, to_json(p.images) as images,
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
         ${isoTimestamp('p.created_at')} as "createdAt",
         ${isoTimestamp('p.updated_at')} as "updatedAt"
    from public.projects p`

/** One project with its row version (the ETag of docs/decisions/009-optimistic-concurrency.md), as the caller sees it. */
async function readProject(tx: Queryable, id: number): Promise<WithVersion<Project> | undefined> {
  const [row] = await tx.query<WithVersion<Project>>(
    `select x.*, (select v.version from public.projects v where v.id = x.id) as version
       from (${selectProjects} where p.id = $1) x`,
    [id],
  )
  return row
}

/** The project as a write answers it. */
async function loadProject(tx: Queryable, id: number): Promise<Project> {
  const row = await readProject(tx, id)
  if (!row) throw notFound('Project not found')
  const { version: _, ...project } = row
  return project
}

/** A project's payload fields and their columns; images travel as JSON arrays. */
const projectFields: FieldColumns = {
  name: { column: 'name' },
  description: { column: 'description' },
  startYear: { column: 'start_year', expression: '$::int' },
  endYear: { column: 'end_year', expression: '$::int' },
  liveUrl: { column: 'live_url' },
  githubUrl: { column: 'github_url' },
  isActive: { column: 'is_active', expression: '$::boolean' },
  thumbnail: { column: 'thumbnail' },
  images: { column: 'images', expression: 'array(select jsonb_array_elements_text($::jsonb))' },
  imageDetails: { column: 'image_details', expression: '$::jsonb' },
}

/**
 * Inserts the projects' rows (images and their details included) in their
 * order, in one statement; answers their new ids in the same order.
 */
export const insertProjects = (
  tx: Queryable,
  projects: readonly ProjectPayload[],
): Promise<number[]> =>
  insertRows(
    tx,
    'projects',
    projectFields,
    projects.map((p) => ({ ...p, imageDetails: detailsByUrl(p.imageDetails) })),
  )

export const projectLinks: LinkTable = { table: 'project_technologies', owner: 'project_id' }

type ImageDetailsMap = Record<string, { cardUrl?: string | null } | undefined>
type ImageRow = {
  thumbnail: string | null
  images: string[]
  image_details: ImageDetailsMap | null
}

/** A project shows its thumbnail, its images and their card copies. */
const projectImages: ImageColumns<ImageRow> = {
  table: 'projects',
  what: 'project',
  columns: 'thumbnail, to_json(images) as images, image_details',
  shown: (row) => ({
    thumbnail: [row.thumbnail],
    images: row.images,
    imageDetails: Object.values(row.image_details ?? {}).map((d) => d?.cardUrl ?? null),
  }),
}

// The database writes the list's JSON itself (docs/decisions/006-http-caching-and-measured-speed.md): one text value instead of
// thousands of rows to decode, parse and stringify again in JavaScript.
const listProjects = `
  select coalesce(json_agg(p order by ${projectOrder('p')}), '[]'::json)::text as body
    from (${selectProjects}) p`

projectRoutes.get('/', async (c) => {
  const query = projectListQuery(c)
  const { db } = c.get('deps')
  if (query.limit === null && query.technologyId === null) {
    const [row] = await db.as(
      c.get('principal'),
      (tx) => tx.query<{ body: string }>(listProjects),
      {
        readOnly: true,
      },
    )
    return c.body(row?.body ?? '[]', 200, { 'Content-Type': 'application/json' })
  }
  // A page, or the projects using one technology (docs/decisions/010).
  const [row] = await db.as(
    c.get('principal'),
    (tx) => tx.query<ProjectPageRow>(projectPageSql(selectProjects, query)),
    { readOnly: true },
  )
  if (!row) throw new Error('the page query answered no row')
  return c.body(row.body, 200, { 'Content-Type': 'application/json', ...pageHeaders(row) })
})

projectRoutes.get('/:id', versionedGet(readProject, 'Project not found'))

projectRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, projectSchema, PROJECT_BODY_LIMIT)
  const { db, images } = c.get('deps')
  const project = await db.as(principal, async (tx) => {
    await checkShownImages(tx, images, {
      thumbnail: [input.thumbnail],
      images: input.images,
      imageDetails: input.imageDetails.map((d) => d.cardUrl),
    })
    const [id] = await insertProjects(tx, [input])
    await linkTechnologies(tx, projectLinks, id!, input.technologiesIds)
    return loadProject(tx, id!)
  })
  return c.json(project, 201)
})

projectRoutes.patch('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, projectUpdateSchema, PROJECT_BODY_LIMIT)
  const assignments: Assignment[] = []
  const add = (column: string, value: unknown, expression?: string) => {
    if (value !== undefined) assignments.push({ column, value, expression })
  }
  add('name', input.name)
  add('description', input.description)
  add('start_year', input.startYear)
  add('end_year', input.endYear)
  add('live_url', input.liveUrl === undefined ? undefined : input.liveUrl || null)
  add('github_url', input.githubUrl === undefined ? undefined : input.githubUrl || null)
  add('is_active', input.isActive)
  add('thumbnail', input.thumbnail === undefined ? undefined : input.thumbnail || null)
  add(
    'images',
    input.images === undefined ? undefined : jsonParam(input.images),
    'array(select jsonb_array_elements_text($::jsonb))',
  )
  // Entries replace those of the same URL; the others stay (the trigger drops unshown ones).
  add(
    'image_details',
    input.imageDetails === undefined ? undefined : jsonParam(detailsByUrl(input.imageDetails)),
    'image_details || $::jsonb',
  )

  const project = await updateShowingImages(
    c,
    projectImages,
    id,
    setClause(assignments, 'name'),
    async (tx) => {
      if (input.technologiesIds !== undefined)
        await linkTechnologies(tx, projectLinks, id, input.technologiesIds)
      return loadProject(tx, id)
    },
  )
  return c.json(project)
})

projectRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  requireSignedIn(c.get('principal'))
  await deleteShowingImages(c, projectImages, id)
  return c.body(null, 204)
})
