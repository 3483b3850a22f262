// /configs: the five calls of a configuration, and the reads by name the
// public page and the back office use.
import type { Context } from 'hono'
import { z } from 'zod'
import { asCaller, readAsCaller, type AppEnv } from '../../../context.ts'
import { config, configsObject } from '../../../contract/responses.ts'
import { TRANSLATIONS_KEY } from '../../../contract/config-translations.ts'
import { badRequest, conflict, notFound } from '../../../http/errors.ts'
import type { configSchema, configUpdateSchema } from '../../../contract/schemas.ts'
import { declaredConfigIssues, profileMessages } from '../../../contract/profile.ts'
import type { Queryable } from '../../../db/db.ts'
import { useStoredImages } from '../../../images/unreferenced.ts'
import { setVersionTag } from '../../../http/versions.ts'
import { crudApi } from '../../content-table.ts'
import { eTag, ok } from '../../operation.ts'
import { languageQuery } from '../../query.ts'
import { shownLanguage, tagLiteral } from '../languages/repository.ts'
import { configByName, configNameTaken, configs, insertConfigs } from './repository.ts'

export const configApi = crudApi(
  configs,
  { tag: 'Configurations', base: '/configs', one: 'Config', many: 'Configs' },
  {
    create: (c, input: z.output<typeof configSchema>) =>
      asCaller(c, async (tx) => {
        await checkPhoto(c, tx, input.name, input.value)
        const [created] = await insertConfigs(tx, [input])
        if (created) return configs.load(tx, created.id)
        const [existing] = await tx.query<{ name: string }>(
          'select name from public.configs where lower(name) = lower($1)',
          [input.name],
        )
        throw conflict(configNameTaken(existing?.name ?? input.name, input.name))
      }),
    // The body has no name: the row's says which rule its value follows.
    beforeUpdate: async (c, id, input: z.output<typeof configUpdateSchema>) => {
      const [row] = await readAsCaller(c, (tx) =>
        tx.query<{ name: string }>('select name from public.configs where id = $1', [id]),
      )
      const issues = row ? declaredConfigIssues(row.name, input) : []
      if (issues.length)
        throw badRequest(
          issues[0]!.message,
          Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message])),
        )
      if (row && input.value !== undefined)
        await asCaller(c, (tx) => checkPhoto(c, tx, row.name, input.value!))
    },
  },
)
  .add(
    {
      method: 'get',
      path: '/configs/all-as-object',
      operationId: 'getConfigsAsObject',
      summary: 'Every configuration as one object, name to value',
      tag: 'Configurations',
      access: 'optional',
      query: languageQuery,
      answers: { 200: ok('Name to value', configsObject) },
    },
    async (c, { query }) => {
      const answer = await readAsCaller(c, async (tx) => {
        const lang = await shownLanguage(tx, query.lang)
        // Without a language, the statement as before: no parameter, one round trip.
        const rows = await tx.query<{ name: string; value: string; text: string | null }>(
          lang
            ? `select name, value, translations -> ${tagLiteral(lang)} ->> 'value' as text
                   from public.configs order by name`
            : 'select name, value, null as text from public.configs order by name',
        )
        const object: z.output<typeof configsObject> = Object.fromEntries(
          rows.map((r) => [r.name, r.value]),
        )
        if (lang)
          object[TRANSLATIONS_KEY] = {
            [lang]: Object.fromEntries(
              rows.flatMap((r) => (r.text === null ? [] : [[r.name, r.text]])),
            ),
          }
        return object
      })
      return c.json(answer, 200)
    },
  )
  .add(
    {
      method: 'get',
      path: '/configs/name/{name}',
      operationId: 'getConfigByName',
      summary: 'One configuration, by name',
      tag: 'Configurations',
      access: 'optional',
      answers: { 200: { ...ok('The configuration', config), headers: eTag } },
    },
    async (c) => {
      const { version, ...found } = await byName(c)
      setVersionTag(c, found.id, version)
      return c.json(found)
    },
  )
  .add(
    {
      method: 'get',
      path: '/configs/value/{name}',
      operationId: 'getConfigValue',
      summary: "One configuration's value, by name",
      tag: 'Configurations',
      access: 'optional',
      answers: { 200: ok('The value', z.object({ value: z.string() })) },
    },
    async (c) => c.json({ value: (await byName(c)).value }),
  )

/**
 * The photo is one of this site's images (an upload, kept while shown): 400
 * for an address elsewhere, 409 when its file is gone, 415 when it is no image.
 */
async function checkPhoto(c: Context<AppEnv>, tx: Queryable, name: string, value: string) {
  const url = value.trim()
  if (name !== 'photo' || !url) return
  const { images } = c.get('deps')
  if (images.nameFromUrl(url) === null)
    throw badRequest(profileMessages.photo, { value: profileMessages.photo })
  await useStoredImages(tx, images, [url], 'value')
}

async function byName(c: Context<AppEnv>) {
  const row = await readAsCaller(c, (tx) => configByName(tx, c.req.param('name') ?? ''))
  if (!row) throw notFound('Configuration not found')
  return row
}
