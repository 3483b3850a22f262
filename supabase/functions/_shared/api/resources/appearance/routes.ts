// /appearance (docs/PRODUCT.md §27, docs/decisions/073): the theme, accent
// colour, font pair and home-page sections every public page is drawn with.
// Anyone reads it (a kept public answer); an admin changes any of it, with
// If-Match as for the other edits (decision 009); the database refuses the
// read-only role. The lists of what may be chosen are appearance.ts's.
import { arrangeSections, FONTS, HOME_SECTIONS, THEMES } from '../../../contract/appearance.ts'
import { appearance, appearanceOptions, type Appearance } from '../../../contract/responses.ts'
import { appearanceSchema } from '../../../contract/schemas.ts'
import { asCaller, readAsCaller } from '../../../context.ts'
import type { Queryable } from '../../../db/db.ts'
import { jsonParam, refusedOrMissing } from '../../../db/sql.ts'
import { checkIfMatch, setVersionTag } from '../../../http/versions.ts'
import { Api, eTag, ok } from '../../operation.ts'

const WHAT = 'appearance'

/** The row as the page uses it, every section in order, with its version. */
async function readAppearance(tx: Queryable): Promise<Appearance & { version: number }> {
  const [row] = await tx.query<
    Omit<Appearance, 'sections'> & { sections: unknown; version: number }
  >('select theme, accent, font, sections, version from public.appearance where id = 1')
  const stored = Array.isArray(row?.sections) ? (row.sections as Appearance['sections']) : []
  return {
    theme: row?.theme ?? THEMES[0].id,
    accent: row?.accent ?? '#db2777',
    font: row?.font ?? FONTS[0].id,
    sections: arrangeSections(stored),
    version: row?.version ?? 0,
  }
}

export const appearanceApi = new Api()
  .add(
    {
      method: 'get',
      path: '/appearance',
      operationId: 'getAppearance',
      summary: "The site's theme, accent colour, font pair and home-page sections",
      tag: 'Appearance',
      access: 'optional',
      answers: { 200: { ...ok('The appearance', appearance), headers: eTag } },
    },
    async (c) => {
      const { version, ...answer } = await readAsCaller(c, readAppearance)
      setVersionTag(c, 1, version)
      return c.json(answer)
    },
  )
  .add(
    {
      method: 'get',
      path: '/appearance/options',
      operationId: 'getAppearanceOptions',
      summary: 'The themes, font pairs and sections one may choose',
      tag: 'Appearance',
      access: 'public',
      answers: { 200: ok('What may be chosen', appearanceOptions) },
    },
    (c) =>
      c.json({
        themes: THEMES.map(({ id, name }) => ({ id, name })),
        fonts: FONTS.map(({ id, name }) => ({ id, name })),
        sections: [...HOME_SECTIONS],
      }),
  )
  .add(
    {
      method: 'put',
      path: '/appearance',
      operationId: 'changeAppearance',
      summary: 'Change any of the theme, accent colour, font pair and sections',
      tag: 'Appearance',
      access: 'admin',
      body: appearanceSchema,
      versioned: true,
      answers: { 200: { ...ok('The appearance as saved', appearance), headers: eTag } },
    },
    async (c, { body }) => {
      const { version, ...answer } = await asCaller(c, async (tx) => {
        await checkIfMatch(c, tx, 'appearance', 1, WHAT)
        const updated = await tx.query(
          `update public.appearance set
             theme = coalesce($1, theme), accent = coalesce($2, accent),
             font = coalesce($3, font), sections = coalesce($4::jsonb, sections)
           where id = 1 returning id`,
          [
            body.theme ?? null,
            body.accent ?? null,
            body.font ?? null,
            body.sections ? jsonParam(body.sections) : null,
          ],
        )
        if (!updated.length) await refusedOrMissing(tx, 'appearance', 1, 'Appearance')
        return readAppearance(tx)
      })
      setVersionTag(c, 1, version)
      return c.json(answer)
    },
  )
