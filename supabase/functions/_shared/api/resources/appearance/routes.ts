// /appearance (docs/PRODUCT.md §27, docs/decisions/073): the theme, accent
// colour, font pair and home-page sections every public page is drawn with.
// Anyone reads it (a kept public answer); an admin changes any of it, with
// If-Match as for the other edits (decision 009); the database refuses the
// read-only role. The lists of what may be chosen are appearance.ts's.
import { FONTS, HOME_SECTIONS, THEMES } from '../../../contract/appearance.ts'
import { appearance, appearanceOptions } from '../../../contract/responses.ts'
import { appearanceSchema } from '../../../contract/schemas.ts'
import { asCaller, readAsCaller } from '../../../context.ts'
import { refusedOrMissing } from '../../../db/sql.ts'
import { checkIfMatch, setVersionTag } from '../../../http/versions.ts'
import { Api, eTag, ok } from '../../operation.ts'
import { changeAppearance, readAppearance } from './repository.ts'

const WHAT = 'appearance'

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
        if (!(await changeAppearance(tx, body)))
          await refusedOrMissing(tx, 'appearance', 1, 'Appearance')
        return readAppearance(tx)
      })
      setVersionTag(c, 1, version)
      return c.json(answer)
    },
  )
