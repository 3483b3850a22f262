// The site's languages (docs/PRODUCT.md §23, supabase/schemas/13_languages.sql):
// read by anyone, replaced whole by an admin. Content rows keep their texts
// in the other languages in their `translations` (api/content-table.ts).
import type { Queryable } from '../../../db/db.ts'
import { badRequest, type FieldErrors } from '../../../http/errors.ts'
import { jsonParam } from '../../../db/sql.ts'
import type { Languages } from '../../../contract/responses.ts'

/** The languages in the owner's order, and the default one. */
export async function readLanguages(tx: Queryable): Promise<Languages> {
  const rows = await tx.query<{ tag: string; is_default: boolean }>(
    'select tag, is_default from public.languages order by position',
  )
  return {
    default: rows.find((r) => r.is_default)?.tag ?? rows[0]?.tag ?? 'en',
    languages: rows.map((r) => r.tag),
  }
}

/** Replaces the languages with `next` (checked: canonical tags, no duplicate, the default among them). */
export async function replaceLanguages(tx: Queryable, next: Languages): Promise<void> {
  await tx.query('delete from public.languages')
  await tx.query(
    `insert into public.languages (tag, position, is_default)
     select e.value #>> '{}', (e.ord - 1)::int, e.value #>> '{}' = $2
       from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)`,
    [jsonParam(next.languages), next.default],
  )
}

/**
 * 400 unless each language `translations` gives texts for is one of the
 * site's other than the default. A language given as null (a PATCH removing
 * its texts) may be any: the texts of a removed language are kept until then.
 */
export async function checkTranslationLanguages(
  tx: Queryable,
  translations: Record<string, unknown> | undefined,
): Promise<void> {
  const given = Object.entries(translations ?? {})
    .filter(([, texts]) => texts !== null)
    .map(([tag]) => tag)
  if (!given.length) return
  const site = await readLanguages(tx)
  const errors: FieldErrors = {}
  for (const tag of given) {
    if (tag === site.default)
      errors[`translations.${tag}`] = "The default language's text is the field itself"
    else if (!site.languages.includes(tag))
      errors[`translations.${tag}`] = `Unknown language: ${tag}`
  }
  const first = Object.values(errors)[0]
  if (first) throw badRequest(first, errors)
}

/**
 * The language a visitor's read answers texts in (`?lang=`): null without
 * one or for the default language (the fields are its texts), the tag for
 * another of the site's languages, else 400. A language removed from the
 * site keeps its texts in the rows, but no page shows them.
 */
export async function shownLanguage(
  tx: Queryable,
  lang: string | undefined,
): Promise<string | null> {
  if (lang === undefined) return null
  const site = await readLanguages(tx)
  if (lang === site.default) return null
  if (!site.languages.includes(lang))
    throw badRequest(`Unknown language: ${lang}`, { lang: `Unknown language: ${lang}` })
  return lang
}

/**
 * A checked language tag as an SQL literal, for statements that write their
 * checked values in (one round trip, no parameter). A tag is letters, digits
 * and hyphens; anything else is a bug, never a client's input.
 */
export function tagLiteral(tag: string): string {
  if (!/^[A-Za-z0-9-]{2,20}$/.test(tag)) throw new Error(`not a language tag: ${tag}`)
  return `'${tag}'`
}
