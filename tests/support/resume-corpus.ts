// Résumés valid and broken, made from the official sample by changing one
// thing at a time, walked from the official schema itself so that no field is
// forgotten (docs/PRODUCT.md §20): each field removed, given the wrong type or
// null, bad and odd dates, e-mails and URLs, an extra property in every object.
// tests/api/resume-schema.test.ts asks ajv for each one's verdict and expects
// the zod port to agree; tests/api/resume.test.ts sends them to the API.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

interface JsonSchema {
  type?: string
  format?: string
  $ref?: string
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  definitions?: Record<string, JsonSchema>
}

export const officialSchema = require('@jsonresume/schema/schema.json') as JsonSchema
export const officialSample = require('@jsonresume/schema/sample.resume.json') as Record<
  string,
  unknown
>

/** The official sample plus the one kind it lacks, so that every field of the schema is in it. */
export const corpusBase = {
  ...structuredClone(officialSample),
  certificates: [
    {
      name: 'Certified Kubernetes Administrator',
      date: '2021-06-30',
      url: 'https://www.cncf.io/certification/cka/',
      issuer: 'CNCF',
    },
  ],
}

export type Change =
  | 'none'
  | 'removed'
  | 'wrong type'
  | 'null'
  | 'bad date'
  | 'odd date'
  | 'bad e-mail'
  | 'good e-mail'
  | 'bad URL'
  | 'good URL'
  | 'extra property'
  | 'not an object'

export interface Variant {
  /** e.g. "work[0].startDate: bad date '2020-1'". */
  name: string
  change: Change
  /** The path of what changed, as the API names it: "work[0].startDate", "" for the file. */
  path: string
  resume: unknown
}

/** Outside the schema's iso8601 pattern. */
const BAD_DATES = ['March 2020', '2020-1', '20-01-01', '2020-01-15T10:00:00', '', '0999', '2020/01']
/** Inside the pattern, though no calendar has them: the schema lets them through. */
const ODD_DATES = ['2020-13', '2020-02-30', '2020-00', '1000', '2999-19-39']
const BAD_EMAILS = ['richard', 'richard@', '@mail.com', 'richard@mail', 'a b@mail.com', '']
const GOOD_EMAILS = ['r.h+cv@mail.example.com', "o'brien@mail.co"]
const BAD_URLS = ['not a url', 'example.com', '/relative/path', '', 'http://exa mple.com']
const GOOD_URLS = [
  'javascript:alert(1)',
  'mailto:richard@mail.com',
  'ftp://files.example.com/cv',
  'https://',
]

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? officialSchema.definitions![schema.$ref.split('/').pop()!]! : schema

const pathText = (path: readonly (string | number)[]) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${key}`)).join('')

/** A JSON object or array, indexed alike ('0' for an array's first item). */
type Node = Record<string, unknown>

/** A copy of the base with `change` applied at `path`. */
function changed(path: readonly (string | number)[], change: (parent: Node, key: string) => void) {
  const copy = structuredClone(corpusBase) as Node
  let parent = copy
  for (const key of path.slice(0, -1)) parent = parent[key] as Node
  change(parent, String(path.at(-1)))
  return copy
}

function* variantsOf(schema: JsonSchema, path: (string | number)[]): Generator<Variant> {
  const at = pathText(path)
  const value = (v: unknown, change: Change, shown = JSON.stringify(v)): Variant => ({
    name: `${at}: ${change} ${shown}`,
    change,
    path: at,
    resume: changed(path, (parent, key) => (parent[key] = v)),
  })
  yield {
    name: `${at}: removed`,
    change: 'removed',
    path: at,
    resume: changed(path, (parent, key) => delete parent[key]),
  }
  yield value(null, 'null')
  if (schema.type === 'string') yield value(42, 'wrong type')
  if (schema.type === 'array') yield* [value('text', 'wrong type'), value({}, 'wrong type')]
  if (schema.type === 'object') yield* [value('text', 'wrong type'), value([], 'wrong type')]
  if (schema.type === 'array' && resolve(schema.items!).type === 'string')
    yield { ...value([42], 'wrong type'), path: `${at}[0]` }
  if (schema === officialSchema.definitions!.iso8601) {
    for (const date of BAD_DATES) yield value(date, 'bad date')
    for (const date of ODD_DATES) yield value(date, 'odd date')
  }
  if (schema.format === 'email') {
    for (const email of BAD_EMAILS) yield value(email, 'bad e-mail')
    for (const email of GOOD_EMAILS) yield value(email, 'good e-mail')
  }
  if (schema.format === 'uri') {
    for (const url of BAD_URLS) yield value(url, 'bad URL')
    for (const url of GOOD_URLS) yield value(url, 'good URL')
  }
}

/** Every field the schema names, where the base holds it (an array's first item). */
function* fieldsOf(schema: JsonSchema, path: (string | number)[], base: Node): Generator<Variant> {
  yield {
    name: `${pathText(path) || 'the file'}: extra property`,
    change: 'extra property',
    path: pathText(path),
    resume: changed([...path, 'x-extra'], (parent, key) => (parent[key] = { any: ['thing', 1] })),
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const field = resolve(property)
    const fieldPath = [...path, key]
    if (base[key] === undefined) throw new Error(`The corpus base lacks ${pathText(fieldPath)}`)
    yield* variantsOf(field, fieldPath)
    if (field.type === 'object') yield* fieldsOf(field, fieldPath, base[key] as Node)
    if (field.type === 'array' && field.items?.type === 'object') {
      const itemPath = [...fieldPath, 0]
      yield {
        name: `${pathText(itemPath)}: not an object`,
        change: 'not an object',
        path: pathText(itemPath),
        resume: changed(itemPath, (parent, i) => (parent[i] = 'text')),
      }
      yield* fieldsOf(field.items, itemPath, (base[key] as Node[])[0]!)
    }
  }
}

/** The corpus: the base itself, every variant, and files that are no object. */
export function resumeCorpus(): Variant[] {
  const notObjects = [[], null, 'résumé', 42].map((resume): Variant => ({
    name: `the file: ${JSON.stringify(resume)}`,
    change: 'not an object',
    path: '',
    resume,
  }))
  return [
    { name: 'the base', change: 'none', path: '', resume: structuredClone(corpusBase) },
    { name: 'the empty file', change: 'none', path: '', resume: {} },
    ...notObjects,
    ...fieldsOf(officialSchema, [], corpusBase),
  ]
}
