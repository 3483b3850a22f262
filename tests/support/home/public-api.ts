// The public page's reads on the shared fetch stand-in (tests/support/fake-api.ts),
// for what the shared real test server cannot give on demand: an exact list of
// projects, a request held open, a failure. GET /projects pages like the
// contract (docs/decisions/010): `?limit=` answers that many in the given
// order with X-Total-Count, and X-Next-Cursor unless it is the last page;
// `?technologyId=` keeps the projects using it. The cursor here is opaque too.
import type { Project } from '@shared/contract/types.ts'
import { fakeApi, ok, type Handler } from '../fake-api'
import * as data from './fixtures'

/** Answers GET /projects from `projects`, taken as already in the spec's order. */
export function pagedProjects(projects: Project[]): Handler {
  return ({ query }) => {
    const technologyId = query.get('technologyId')
    const matching =
      technologyId === null
        ? projects
        : projects.filter((p) => p.technologies.some((t) => String(t.id) === technologyId))
    const limit = query.get('limit')
    if (limit === null) return ok(matching)
    const cursor = query.get('cursor')
    const start = cursor === null ? 0 : matching.findIndex((p) => `after-${p.id}` === cursor) + 1
    const page = matching.slice(start, start + Number(limit))
    const more = start + page.length < matching.length
    return {
      status: 200,
      body: page,
      headers: {
        'X-Total-Count': String(matching.length),
        ...(more ? { 'X-Next-Cursor': `after-${page[page.length - 1]!.id}` } : {}),
      },
    }
  }
}

/** The public reads with the fixtures; override any route ('GET /projects': …). */
export function publicApi(overrides: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /projects': pagedProjects(data.projects),
    'GET /technologies': () => ok(data.technologies),
    'GET /certifications': () => ok(data.certifications),
    'GET /configs/all-as-object': () => ok(data.configs),
    'GET /experiences': () => ok(data.experiences),
    'GET /education': () => ok(data.education),
    'GET /languages': () => ok({ default: 'en', languages: ['en'] }),
    ...overrides,
  })
}
