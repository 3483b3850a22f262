// /projects: the portfolio's five calls. The list may come in pages or for one
// technology (docs/decisions/010); a project's body may carry a gallery, so
// its writes read up to PROJECT_BODY_LIMIT.
import { PROJECT_BODY_LIMIT } from '../../../http/body-limit.ts'
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

export const projectApi = crudApi(
  projects,
  { tag: 'Projects', base: '/projects', one: 'Project', many: 'Projects' },
  {
    bodyLimit: PROJECT_BODY_LIMIT,
    list: {
      query: projectListQuery,
      handler: async (c, query: ProjectListQuery) => {
        const whole = query.limit === undefined && query.technologyId === undefined
        // The database writes the list's JSON (docs/decisions/006-http-caching-and-measured-speed.md).
        const answer = await c.get('deps').db.as(
          c.get('principal'),
          async (tx) => {
            const lang = await shownLanguage(tx, query.lang)
            if (whole) return { body: await projects.listJson(tx, lang), page: null }
            const [page] = await tx.query<ProjectPageRow>(
              projectPageSql(projects.listJsonSql, query, lang),
            )
            if (!page) throw new Error('the page query answered no row')
            return { body: projects.listHtml(page.body), page }
          },
          { readOnly: true },
        )
        return c.body(answer.body, 200, {
          'Content-Type': 'application/json',
          ...(answer.page ? pageHeaders(answer.page) : {}),
        })
      },
    },
  },
)
