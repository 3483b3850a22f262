// /languages (docs/PRODUCT.md §23): the site's languages and its default one.
// Anyone reads them; an admin replaces them whole. A language removed leaves
// its texts in the items that hold them (kept, and back if it is added
// again); the answer counts them, so the owner knows what was left behind.
import { Api, ok } from '../../operation.ts'
import { languages, languagesChanged } from '../../../contract/responses.ts'
import { languagesSchema } from '../../../contract/schemas.ts'
import type { Queryable } from '../../../db/db.ts'
import { jsonParam } from '../../../db/sql.ts'
import { readLanguages, replaceLanguages } from './repository.ts'
import { TRANSLATABLE } from '../../registry.ts'
import { asCaller, readAsCaller } from '../../../context.ts'

/** The tables whose rows hold translations: the registry's. */
const TRANSLATED = Object.keys(TRANSLATABLE)

/** For each of `tags`, how many rows of the translated tables hold texts in it. */
async function countTranslations(tx: Queryable, tags: string[]): Promise<Record<string, number>> {
  if (!tags.length) return {}
  const counts = TRANSLATED.map(
    (table) => `(select count(*) from public.${table} r where r.translations ? l.tag)`,
  ).join(' + ')
  const rows = await tx.query<{ tag: string; n: number }>(
    `select l.tag, (${counts})::int as n from jsonb_array_elements_text($1::jsonb) as l(tag)`,
    [jsonParam(tags)],
  )
  return Object.fromEntries(rows.map((r) => [r.tag, Number(r.n)]))
}

export const languagesApi = new Api()
  .add(
    {
      method: 'get',
      path: '/languages',
      operationId: 'getLanguages',
      summary: "The site's languages, in order, and the default one",
      tag: 'Languages',
      access: 'public',
      answers: { 200: ok('The languages', languages) },
    },
    async (c) => c.json(await readAsCaller(c, (tx) => readLanguages(tx))),
  )
  .add(
    {
      method: 'put',
      path: '/languages',
      operationId: 'replaceLanguages',
      summary: "Replace the site's languages; texts of a removed one are kept",
      tag: 'Languages',
      access: 'admin',
      confirmAdmin: true,
      body: languagesSchema,
      answers: { 200: ok('The languages as saved', languagesChanged) },
    },
    async (c, { body }) =>
      c.json(
        await asCaller(c, async (tx) => {
          const before = await readLanguages(tx)
          await replaceLanguages(tx, body)
          const removed = before.languages.filter((tag) => !body.languages.includes(tag))
          return {
            ...(await readLanguages(tx)),
            keptTranslations: await countTranslations(tx, removed),
          }
        }),
      ),
  )
