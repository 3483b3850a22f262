// /technologies: the five calls of a technology.
import { z } from 'zod'
import { languageParam, trueOrFalse } from '../../query.ts'
import { crudApi } from '../../content-table.ts'
import { shownLanguage } from '../languages/repository.ts'
import { technologies, technologyListSql, technologyLists } from './repository.ts'
import { readAsCaller } from '../../../context.ts'
import type { technologyInList } from '../../../contract/responses.ts'
import { answerJson, jsonTextOf, type JsonText } from '../../../http/json-answer.ts'

/**
 * `?projects=false` leaves out each technology's list of projects: the public
 * page needs only the evidence's count, and with thousands of projects the
 * lists are most of the answer (docs/PERFORMANCE.md, "The first render after a write").
 */
const listQuery = z.object({
  projects: trueOrFalse('projects must be true or false')
    .optional()
    .describe("false leaves out each technology's projects; its evidence still counts them"),
  lang: languageParam().describe(
    'A language of the site other than the default: each post in the evidence has `translations` with its title in that language alone (technology and project names are not translated)',
  ),
})

export const technologyApi = crudApi(
  technologies,
  { tag: 'Technologies', base: '/technologies', one: 'Technology', many: 'Technologies' },
  {
    list: {
      query: listQuery,
      handler: async (c, query: z.output<typeof listQuery>) => {
        const withProjects = query.projects !== false
        const [row] = await readAsCaller(c, async (tx) => {
          const lang = await shownLanguage(tx, query.lang)
          const sql =
            lang === null
              ? technologyLists[withProjects ? 'full' : 'slim']
              : technologyListSql(withProjects, lang)
          return tx.query<{ body: JsonText<z.output<typeof technologyInList>[]> }>(sql)
        })
        return answerJson(c, row?.body ?? jsonTextOf([]))
      },
    },
  },
)
