// /projects: the portfolio's five calls. The list may come in pages or for one
// technology (docs/decisions/010); a project's body may carry a gallery, so
// its writes read up to PROJECT_BODY_LIMIT.
import { z } from 'zod'
import { PROJECT_BODY_LIMIT } from '../../../http/body-limit.ts'
import { badRequest } from '../../../http/errors.ts'
import { ok } from '../../operation.ts'
import {
  pageHeaders,
  projectListQuery,
  projectPageSql,
  type ProjectListQuery,
  type ProjectPageRow,
} from './pages.ts'
import { crudApi } from '../../content-table.ts'
import { projects } from './repository.ts'
import { shownLanguage } from '../languages/repository.ts'
import { asCaller, readAsCaller } from '../../../context.ts'
import { answerJson } from '../../../http/json-answer.ts'

export const projectApi = crudApi(
  projects,
  { tag: 'Projects', base: '/projects', one: 'Project', many: 'Projects' },
  {
    bodyLimit: PROJECT_BODY_LIMIT,
    list: {
      query: projectListQuery,
      handler: async (c, query: ProjectListQuery) => {
        const whole =
          query.limit === undefined &&
          query.technologyId === undefined &&
          query.featured === undefined
        // The database writes the list's JSON (docs/decisions/006-http-caching-and-measured-speed.md).
        const answer = await readAsCaller(c, async (tx) => {
          const lang = await shownLanguage(tx, query.lang)
          if (whole) return { body: await projects.listJson(tx, lang), page: null }
          const [page] = await tx.query<ProjectPageRow>(
            projectPageSql(projects.listJsonSql, query, lang),
          )
          if (!page) throw new Error('the page query answered no row')
          return { body: projects.listHtml(page.body), page }
        })
        return answerJson(c, answer.body, 200, answer.page ? pageHeaders(answer.page) : {})
      },
    },
  },
)

/** The most projects the featured row may order. */
const MAX_FEATURED = 100

projectApi.add(
  {
    method: 'put',
    path: '/projects/featured-order',
    operationId: 'setFeaturedOrder',
    summary: "Set the order of the home page's Featured row (docs/PRODUCT.md §15)",
    tag: 'Projects',
    access: 'admin',
    confirmAdmin: true,
    body: z.object({
      projectIds: z
        .array(z.number().int().positive().max(2_147_483_647))
        .max(MAX_FEATURED, `At most ${MAX_FEATURED} projects`)
        .refine((ids) => new Set(ids).size === ids.length, 'A project may be named once')
        .describe('The projects in the order shown, first first; any other loses its place'),
    }),
    answers: { 204: ok('Ordered') },
  },
  async (c, { body }) => {
    const ids = body.projectIds
    await asCaller(c, async (tx) => {
      const known = await tx.query<{ id: number }>(
        'select id from public.projects where id = any($1::int[])',
        [`{${ids.join(',')}}`],
      )
      const missing = ids.filter((id) => !known.some((row) => row.id === id))
      if (missing.length) {
        const message = `Unknown project id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`
        throw badRequest(message, { projectIds: message })
      }
      // Only the rows whose place changes are written: each write moves its version.
      await tx.query(
        `update public.projects p
            set featured_order = o.place
           from (select p2.id, (array_position($1::int[], p2.id) - 1) as place
                   from public.projects p2) o
          where o.id = p.id and p.featured_order is distinct from o.place`,
        [`{${ids.join(',')}}`],
      )
    })
    return c.body(null, 204)
  },
)
