// One table of content (projects, technologies, certifications, the story,
// configurations) described once: how a row is answered, which payload field
// is stored in which column, which technologies and images it names. The
// table's repository (insert, read, update, delete) and its five CRUD calls
// are derived from that description; backup, restore and the résumé import
// call the repository, never a route.
import type { Context, TypedResponse } from 'hono'
import type { z } from 'zod'
import { asCaller, readAsCaller, type AppEnv } from '../context.ts'
import type { Queryable } from '../db/db.ts'
import { notFound } from '../http/errors.ts'
import {
  checkShownImages,
  deleteShowingImages,
  updateShowingImages,
  type ImageColumns,
  type ShownImages,
} from '../images/image-writes.ts'
import {
  deleteById,
  insertRows,
  jsonParam,
  refusedOrMissing,
  setClause,
  type Assignment,
} from '../db/sql.ts'
import { insertLinks, linkTechnologies, type LinkTable } from './technology-links.ts'
import { answerVersioned, checkIfMatch, type VersionedTable } from '../http/versions.ts'
import { errorBody } from '../contract/responses.ts'
import { renderMarkdown } from '../markdown/render.ts'
import { Api, eTag, ok, type Answer, type Operation } from './operation.ts'
import { answer, answerJson, jsonTextOf, type JsonText } from '../http/json-answer.ts'
import {
  checkTranslationLanguages,
  shownLanguage,
  tagLiteral,
} from './resources/languages/repository.ts'
import { languageQuery, type LanguageQuery } from './query.ts'

/** Where a payload field is stored. */
export interface Field {
  column: string
  /** SQL around the value, `$` standing for it (`$::int`); an INSERT reads the value as JSON text. */
  expression?: string
  /** The expression of an UPDATE, where it differs (a map merged into the stored one). */
  patch?: string
  /** The value as stored, from the checked payload's (image details keyed by URL). */
  stored?: (value: never) => unknown
}

/** A payload field's column: its name in snake_case (coverImage: cover_image). */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Fields stored as given, each in the column of its name. */
export const plainFields = (names: readonly string[]): Record<string, Field> =>
  Object.fromEntries(names.map((name) => [name, { column: columnOf(name) }]))

/** SQL: each field read from the column of its name over `alias`, as the answer names it. */
export const selectFields = (alias: string, names: readonly string[]) =>
  names
    .map((name) => {
      const column = columnOf(name)
      return column === name ? `${alias}.${name}` : `${alias}.${column} as "${name}"`
    })
    .join(', ')

export interface ContentTable<
  C extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
  I extends z.ZodType = z.ZodType,
  L extends z.ZodType = I,
> {
  table: VersionedTable
  /** 'certification', in messages: "Certification not found". */
  what: string
  /** The answer's columns as a SELECT over `public.<table> <alias>`, without WHERE. */
  select: string
  alias: string
  /** The list's order, over the answer's fields (`x."obtainedDate" desc, x.id`). */
  order: string
  /** The payload's fields stored in the row, in the order an UPDATE sets them. */
  fields: Record<string, Field>
  /**
   * The fields with texts in the site's other languages, kept in the row's
   * `translations` (docs/PRODUCT.md §23): payloads carry `translations`
   * (language -> field -> text), signed-in reads answer it, visitors' do not.
   */
  translatable?: readonly string[]
  /** The table linking a row to the technologies its payload names in `technologiesIds`. */
  links?: LinkTable
  /** The images a row shows, for the writes' file bookkeeping (images/image-writes.ts). */
  images?: {
    /** The columns `shown` reads, named as the payload's fields (`image_details as "imageDetails"`). */
    columns: string
    /** From a stored row or a payload as stored: they have the same fields. */
    shown: (row: Record<string, unknown>) => ShownImages
  }
  /**
   * Before an insert: fills what the rows derive from other rows (a post's
   * slug from its title, made unique); the rows are the payloads as stored.
   */
  prepare?: (tx: Queryable, rows: Record<string, unknown>[]) => Promise<void>
  /** Links besides technologies (a post's projects): after an insert, and on a write that names them. */
  relations?: {
    /** `values[i]` is what payload i named (undefined: nothing); replace drops the old links first. */
    link: (tx: Queryable, ids: number[], values: unknown[], replace: boolean) => Promise<void>
    field: string
    /** The backup's form of the field, as SQL over the exported row `x`. */
    exported: string
  }
  /**
   * One item's answer made from its row, where the database does not write
   * all of it (a post's HTML); `lang` is the read's language (null: the default).
   */
  decorate?: (row: Record<string, unknown>, lang: string | null) => void
  /**
   * Long texts written in Markdown (a project's description): every read,
   * lists included, answers each also as HTML rendered on the server,
   * `<field>Html`, and its translations' in `translationsHtml` (language ->
   * field -> HTML, only the non-blank ones), so the public pages ship no
   * renderer (docs/PRODUCT.md §26).
   */
  markdown?: readonly string[]
  create: C
  update: U
  /** The answer of one item; of a listed one, where it differs. */
  item: I
  listItem?: L
}

/** `row` with the HTML of its Markdown fields (ContentTable's `markdown`). */
export function withMarkdownHtml(fields: readonly string[], row: Record<string, unknown>) {
  for (const field of fields) row[`${field}Html`] = renderMarkdown(String(row[field] ?? ''))
  const texts = row.translations
  if (!texts || typeof texts !== 'object') return row
  const html: Record<string, Record<string, string>> = {}
  for (const [lang, values] of Object.entries(texts as Record<string, Record<string, unknown>>))
    for (const field of fields) {
      const text = values?.[field]
      if (typeof text === 'string' && text.trim()) (html[lang] ??= {})[field] = renderMarkdown(text)
    }
  if (Object.keys(html).length) row.translationsHtml = html
  return row
}

const capitalized = (what: string) => what.charAt(0).toUpperCase() + what.slice(1)

/** A JSON value travels as JSON text so both drivers bind it the same way. */
const bindable = (value: unknown) =>
  value !== null && typeof value === 'object' ? jsonParam(value) : value

type Translations = Record<string, Record<string, string | undefined> | null>

/**
 * The `translations` field of a translatable table: an insert stores the
 * languages given, a PATCH replaces each language it gives and removes one
 * given as null (or with no text); the others stay.
 */
const translationsField: Field = {
  column: 'translations',
  expression: "jsonb_strip_nulls(coalesce($::jsonb, '{}'::jsonb))",
  patch: 'jsonb_strip_nulls(translations || $::jsonb)',
  stored: (given: Translations) =>
    Object.fromEntries(
      Object.entries(given).map(([tag, texts]) => [
        tag,
        texts && Object.values(texts).some((t) => t !== undefined) ? texts : null,
      ]),
    ),
}

/**
 * SQL of one language's texts of the row `alias` as `{ "<tag>": {...} }`.
 * The tag is written in: it was checked to be one of the site's languages,
 * and a language tag is letters, digits and hyphens.
 */
function oneLanguage(alias: string, tag: string): string {
  const literal = tagLiteral(tag)
  return `jsonb_build_object(${literal}, coalesce(${alias}.translations -> ${literal}, '{}'::jsonb))`
}

/** The payload's fields as stored: the description's, and `translations` where it has some. */
const fieldsOf = (spec: ContentTable): Record<string, Field> =>
  spec.translatable ? { ...spec.fields, translations: translationsField } : spec.fields

/** The payload as its columns store it. */
function storedPayload(spec: ContentTable, payload: Record<string, unknown>) {
  const row = { ...payload }
  for (const [name, field] of Object.entries(fieldsOf(spec)))
    if (field.stored && row[name] !== undefined) row[name] = field.stored(row[name] as never)
  return row
}

/** The repository of `spec`: its SQL, derived from the description. */
export function contentRepository<
  C extends z.ZodType,
  U extends z.ZodType,
  I extends z.ZodType,
  L extends z.ZodType = I,
>(spec: ContentTable<C, U, I, L>) {
  /** The rows are typed as the answers' schemas say, as `tx.query<Row>` types rows: the contract suite checks them. */
  type Item = z.output<I>
  const { table, alias } = spec
  const What = capitalized(spec.what)
  const fields = fieldsOf(spec)
  const translated = !!spec.translatable
  /**
   * The answer's rows matching `where` (over the alias), with their
   * `translations`: every language's (`all`: signed-in callers, backups),
   * one language's (a visitor's page in it: `{ "fr": {...} }`, `{}` inside
   * when the row has none), or none (a visitor's default-language read).
   */
  const rows = (where: string, texts: 'all' | string | null) =>
    texts !== null && translated
      ? `select x.*, ${texts === 'all' ? 't.translations' : oneLanguage('t', texts)} as translations
           from (${spec.select} where ${where}) x
           join public.${table} t on t.id = x.id`
      : `${spec.select} where ${where}`
  const arrayOf = (where: string, texts: 'all' | string | null) =>
    `(select coalesce(json_agg(x order by ${spec.order}), '[]'::json) from (${rows(where, texts)}) x)`
  /**
   * Translations are for signed-in callers, and for a visitor's read in one
   * of the site's other languages: a visitor's answer without `?lang=` keeps
   * its keys (kept answers, the public page), so the database picks the form.
   */
  const listJsonSql = (where: string, lang: string | null = null) =>
    translated
      ? `case when app.is_signed_in() then ${arrayOf(where, 'all')} else ${arrayOf(where, lang)} end`
      : arrayOf(where, null)
  const versioned = `select x.*,${
    translated
      ? ` case when app.is_signed_in() then v.translations
               when $2::text is not null then jsonb_build_object($2::text, coalesce(v.translations -> $2::text, '{}'::jsonb))
          end as translations,`
      : ''
  } v.version
       from (${spec.select} where ${alias}.id = $1) x join public.${table} v on v.id = x.id`
  const fallback = Object.values(spec.fields)[0]!.column

  const repository = {
    spec,
    /** Every row the caller may see, as the list's JSON text (written by the database); `lang` as listJsonSql's. */
    async listJson(tx: Queryable, lang: string | null = null): Promise<JsonText<z.output<L>[]>> {
      const [row] = await tx.query<{ body: JsonText<z.output<L>[]> }>(
        `select ${listJsonSql('true', lang)}::text as body`,
      )
      return repository.listHtml(row?.body ?? jsonTextOf([]))
    },
    /** A list's JSON text with the HTML of the Markdown fields added to each item (unchanged without any). */
    listHtml<T>(body: JsonText<T>): JsonText<T> {
      const fields = spec.markdown
      if (!fields?.length) return body
      const items = JSON.parse(body) as Record<string, unknown>[]
      return JSON.stringify(items.map((item) => withMarkdownHtml(fields, item))) as JsonText<T>
    },
    /** SQL of the JSON array of the rows matching `where` (over the alias), as the caller may see them, in order. */
    listJsonSql,
    /**
     * SQL for every row as its payload (each field as the answer writes it,
     * and the ids of its technologies), in id order, as a JSON array: what a
     * backup holds, and what insert takes back. `withId` keeps the row's id
     * (technologies: the archive's items name them).
     */
    exportSql(withId = false): string {
      const pairs = [
        ...(withId ? [`'id', x.id`] : []),
        ...Object.keys(fields).map((name) => `'${name}', x."${name}"`),
        ...(spec.links
          ? [
              `'technologiesIds', coalesce((select json_agg(l.technology_id order by l.technology_id)
                 from public.${spec.links.table} l where l.${spec.links.owner} = x.id), '[]'::json)`,
            ]
          : []),
        ...(spec.relations ? [`'${spec.relations.field}', ${spec.relations.exported}`] : []),
      ]
      return `coalesce((select json_agg(json_build_object(${pairs.join(', ')}) order by x.id)
        from (${rows('true', 'all')}) x), '[]'::json)`
    },
    /** One row as the caller may see it, with its version, or nothing; a visitor's with `lang`'s texts. */
    async read(
      tx: Queryable,
      id: number,
      lang: string | null = null,
    ): Promise<(Item & { version: number }) | undefined> {
      const [row] = await tx.query<Record<string, unknown> & { version: number }>(
        versioned,
        translated ? [id, lang] : [id],
      )
      // A visitor's answer has no translations key at all.
      if (row && translated && row.translations === null) delete row.translations
      if (row && spec.markdown) withMarkdownHtml(spec.markdown, row)
      if (row) spec.decorate?.(row, lang)
      return row as (Item & { version: number }) | undefined
    },
    /**
     * One row as a write answers it, or 404: as a read, but `translations`
     * only when the row holds some, so a write that names no language
     * answers as it did before there were languages.
     */
    async load(tx: Queryable, id: number): Promise<Item> {
      const row = await repository.read(tx, id)
      if (!row) throw notFound(`${What} not found`)
      const { version: _, ...item } = row as Record<string, unknown>
      const texts = item.translations
      if (texts && typeof texts === 'object' && !Object.keys(texts).length) delete item.translations
      return item as Item
    },
    /**
     * Inserts checked payloads in their order (a POST's one, a restore's
     * all), in one statement, each linked to the technologies it names (400
     * for an unknown one); answers their new ids in the same order.
     */
    async insert(tx: Queryable, payloads: readonly z.output<C>[]): Promise<number[]> {
      const rows = payloads.map((p) => storedPayload(spec, p as Record<string, unknown>))
      await spec.prepare?.(tx, rows)
      const columns = Object.fromEntries(
        Object.entries(fields).map(([name, f]) => [
          name,
          { column: f.column, expression: f.expression },
        ]),
      )
      const ids = await insertRows(tx, table, columns, rows)
      if (spec.links)
        await insertLinks(
          tx,
          spec.links,
          ids,
          rows.map((row) => (row.technologiesIds as number[] | undefined) ?? []),
        )
      const { relations } = spec
      if (relations)
        await relations.link(
          tx,
          ids,
          rows.map((row) => row[relations.field]),
          false,
        )
      return ids
    },
    /** The SET clause of an update carrying `input`'s fields (absent ones stay). */
    assignments(input: Record<string, unknown>): { sql: string; params: unknown[] } {
      const stored = storedPayload(spec, input)
      const list: Assignment[] = Object.entries(fields)
        .filter(([name]) => stored[name] !== undefined)
        .map(([name, f]) => ({
          column: f.column,
          value: bindable(stored[name]),
          expression: f.patch ?? f.expression,
        }))
      return setClause(list, fallback)
    },
    /** Replaces the row's technologies when the payload names them. */
    async relink(tx: Queryable, id: number, input: Record<string, unknown>): Promise<void> {
      if (spec.links && input.technologiesIds !== undefined)
        await linkTechnologies(tx, spec.links, id, input.technologiesIds as number[])
      const { relations } = spec
      if (relations && input[relations.field] !== undefined)
        await relations.link(tx, [id], [input[relations.field]], true)
    },
  }
  return repository
}

export type ContentRepository<
  I extends z.ZodType = z.ZodType,
  L extends z.ZodType = I,
> = ReturnType<typeof contentRepository<z.ZodType, z.ZodType, I, L>>

const imageColumns = (spec: ContentTable): ImageColumns<Record<string, unknown>> => ({
  table: spec.table,
  what: spec.what,
  ...spec.images!,
})

/** POST: the files it shows are checked first (409, 415), then the row and its links. */
async function create<I extends z.ZodType, L extends z.ZodType>(
  c: Context<AppEnv>,
  repo: ContentRepository<I, L>,
  input: Record<string, unknown>,
) {
  const { images } = c.get('deps')
  return asCaller(c, async (tx) => {
    const shown = repo.spec.images?.shown(storedPayload(repo.spec, input))
    if (shown) await checkShownImages(tx, images, shown)
    const [id] = await repo.insert(tx, [input])
    return repo.load(tx, id!)
  })
}

/** PATCH, with If-Match (docs/decisions/009) and, for rows that show images, their bookkeeping. */
async function update<I extends z.ZodType, L extends z.ZodType>(
  c: Context<AppEnv>,
  repo: ContentRepository<I, L>,
  id: number,
  input: Record<string, unknown>,
) {
  const { spec } = repo
  const set = repo.assignments(input)
  const then = async (tx: Queryable) => {
    await repo.relink(tx, id, input)
    return repo.load(tx, id)
  }
  if (spec.images) return updateShowingImages(c, imageColumns(spec), id, set, then)
  return asCaller(c, async (tx) => {
    await checkIfMatch(c, tx, spec.table, id, spec.what)
    const updated = await tx.query(
      `update public.${spec.table} set ${set.sql} where id = $1 returning id`,
      [id, ...set.params],
    )
    if (!updated.length) await refusedOrMissing(tx, spec.table, id, capitalized(spec.what))
    return then(tx)
  })
}

/** DELETE; the files only this row showed go after the commit. */
async function remove<I extends z.ZodType, L extends z.ZodType>(
  c: Context<AppEnv>,
  repo: ContentRepository<I, L>,
  id: number,
) {
  const { spec } = repo
  if (spec.images) return deleteShowingImages(c, imageColumns(spec), id)
  await asCaller(c, (tx) => deleteById(tx, spec.table, id, capitalized(spec.what)))
}

/** A write's translations name the site's languages other than the default, or 400. */
async function checkLanguages(c: Context<AppEnv>, body: unknown) {
  const { translations } = body as { translations?: Record<string, unknown> }
  if (translations && Object.keys(translations).length)
    await readAsCaller(c, (tx) => checkTranslationLanguages(tx, translations))
}

/** What a table's own list answers: its items' JSON (a page of them, X-Next-Cursor...). */
export type ListAnswer<L extends z.ZodType> = Response & TypedResponse<z.output<L>[], 200, 'json'>

/** How the five calls of a table are named in the contract. */
export interface CrudNames {
  tag: string
  /** The path of the list, e.g. /projects. */
  base: string
  /** 'Project', 'Projects': operation ids listProjects, getProject, ... */
  one: string
  many: string
}

/**
 * The five CRUD calls of one table, declared and served; `list` replaces the
 * plain list. Each answers its item schema's type (`I`, a listed one `L`).
 */
export function crudApi<I extends z.ZodType, L extends z.ZodType = I>(
  repo: ContentRepository<I, L>,
  names: CrudNames,
  options: {
    list?: {
      query: z.ZodObject
      handler: (c: Context<AppEnv>, query: never) => Promise<ListAnswer<L>>
    }
    /** A POST that answers otherwise than insert-then-load (a configuration's taken name). */
    create?: (c: Context<AppEnv>, input: never) => Promise<z.output<I>>
    /** Checks a PATCH against the row before it is written (a configuration's declared name). */
    beforeUpdate?: (c: Context<AppEnv>, id: number, input: never) => Promise<void>
    bodyLimit?: number
  } = {},
): Api {
  const spec = repo.spec as ContentTable<z.ZodType, z.ZodType, I, L>
  const { tag, base, one, many } = names
  const lower = tag.toLowerCase()
  // A write that points at a newly stored file has its first bytes read: no image, 415.
  const notAnImage: Record<number, Answer> = spec.images
    ? { 415: ok('A referenced file is not a JPEG, PNG, GIF or WEBP image', errorBody) }
    : {}
  const item = `${base}/{id}` as const
  const api = new Api()
  // A translatable table's reads take `?lang=` (docs/PRODUCT.md §23); the
  // kept answers are keyed by it, as by any declared parameter.
  const inLanguage = spec.translatable ? { query: languageQuery } : {}
  const listOp = {
    method: 'get',
    path: base,
    operationId: `list${many}`,
    summary: `List ${lower}`,
    tag,
    access: 'optional',
    ...(options.list ? { query: options.list.query } : inLanguage),
    answers: { 200: ok(`The ${lower}`, (spec.listItem ?? spec.item).array() as z.ZodArray<L>) },
  } satisfies Operation
  api.add(listOp, async (c, input) => {
    if (options.list) return options.list.handler(c, input.query as never)
    const { lang } = (input.query ?? {}) as LanguageQuery
    const body = await readAsCaller(c, async (tx) =>
      repo.listJson(tx, await shownLanguage(tx, lang)),
    )
    return answerJson(c, body)
  })
  api.add(
    {
      method: 'get',
      path: item,
      operationId: `get${one}`,
      summary: `Read one ${spec.what}`,
      tag,
      access: 'optional',
      ...inLanguage,
      answers: { 200: { ...ok(`The ${spec.what}`, spec.item), headers: eTag } },
    },
    (c, { id, query }) => {
      const { lang } = (query ?? {}) as LanguageQuery
      return answerVersioned(
        c,
        id,
        async (tx, id) => repo.read(tx, id, await shownLanguage(tx, lang)),
        `${capitalized(spec.what)} not found`,
      )
    },
  )
  /** POST and PATCH: the item's payload, answered with the item as saved. */
  const write = <M extends 'post' | 'patch', P extends string, A extends Record<number, Answer>>(
    method: M,
    path: P,
    body: z.ZodType,
    verb: string,
    answers: A,
  ) =>
    ({
      method,
      path,
      operationId: `${verb}${one}`,
      summary:
        method === 'post'
          ? `Create a ${spec.what}`
          : `Change a ${spec.what}; absent fields stay as they are`,
      tag,
      access: 'admin',
      body,
      bodyLimit: options.bodyLimit,
      versioned: method === 'patch' ? true : undefined,
      answers: { ...answers, ...notAnImage },
    }) as const satisfies Operation
  const created = { 201: ok(`The new ${spec.what}`, spec.item) }
  api.add(write('post', base, spec.create, 'create', created), async (c, { body }) => {
    await checkLanguages(c, body)
    return answer(
      c,
      await (options.create ?? ((c, input) => create(c, repo, input)))(c, body as never),
      201,
    )
  })
  const saved = { 200: ok(`The ${spec.what} as saved`, spec.item) }
  api.add(write('patch', item, spec.update, 'update', saved), async (c, { id, body }) => {
    await checkLanguages(c, body)
    await options.beforeUpdate?.(c, id, body as never)
    return answer(c, await update(c, repo, id, body as Record<string, unknown>), 200)
  })
  api.add(
    {
      method: 'delete',
      path: item,
      operationId: `delete${one}`,
      summary: `Delete a ${spec.what}`,
      tag,
      access: 'admin',
      answers: { 204: ok('Deleted') },
    },
    async (c, { id }) => {
      await remove(c, repo, id)
      return c.body(null, 204)
    },
  )
  return api
}
