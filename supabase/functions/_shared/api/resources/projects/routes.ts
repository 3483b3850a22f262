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

export const projectApi = crudApi(
  projects,
  { tag: 'Projects', base: '/projects', one: 'Project', many: 'Projects' },
  {
    bodyLimit: PROJECT_BODY_LIMIT,
    list: {
      query: projectListQuery,
      handler: async (c, query: ProjectListQuery) => {
        const { db } = c.get('deps')
        const principal = c.get('principal')
        // The database writes the list's JSON (docs/decisions/006-http-caching-and-measured-speed.md).
        if (query.limit === undefined && query.technologyId === undefined) {
          const body = await db.as(principal, (tx) => projects.listJson(tx), { readOnly: true })
          return c.body(body, 200, { 'Content-Type': 'application/json' })
        }
        const [row] = await db.as(
          principal,
          (tx) => tx.query<ProjectPageRow>(projectPageSql(projects.listJsonSql, query)),
          { readOnly: true },
        )
        if (!row) throw new Error('the page query answered no row')
        return c.body(row.body, 200, { 'Content-Type': 'application/json', ...pageHeaders(row) })
      },
    },
  },
)
