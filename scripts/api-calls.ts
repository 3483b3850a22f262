// The browser's types of the REST calls, written from their declarations
// (api/operation.ts, every Api.add the app serves): for each call, keyed
// 'METHOD /path', its path parameters, query, body and answer. The SPA's
// client (src/lib/api-client.ts) reads them, so a call's path, input and
// answer are checked against what the server declares. A schema the contract
// exports is named (`z.output<typeof responses.project>`), so the SPA sees the
// very types it already uses; any other is written out from its JSON Schema,
// as the OpenAPI document has it. scripts/api-calls.test.ts fails when
// src/lib/api-calls.ts is not what this writes; `npm run api-calls` writes it
// again (docs/decisions/086-typed-answers-and-calls.md).
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import prettier from 'prettier'
import { z } from 'zod'
import { OPERATIONS } from '../supabase/functions/_shared/app.ts'
import type { Operation } from '../supabase/functions/_shared/api/operation.ts'
import * as profile from '../supabase/functions/_shared/contract/profile.ts'
import * as responses from '../supabase/functions/_shared/contract/responses.ts'
import * as schemas from '../supabase/functions/_shared/contract/schemas.ts'

export const API_CALLS_MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'lib',
  'api-calls.ts',
)

/** The contract modules whose exported schemas are named, and how the module imports each. */
const NAMED = { responses, schemas, profile } as const

const names = new Map<unknown, string>()
for (const [module, exports] of Object.entries(NAMED))
  for (const [name, value] of Object.entries(exports))
    if (value instanceof z.ZodType && !names.has(value)) names.set(value, `${module}.${name}`)

type Io = 'input' | 'output'
type JsonSchema = Record<string, unknown>

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))

/** A JSON Schema (the subset zod writes) as a TypeScript type. */
function fromJsonSchema(schema: JsonSchema | boolean): string {
  if (schema === true) return 'unknown'
  if (schema === false) return 'never'
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  const oneOf = schema.anyOf ?? schema.oneOf
  if (Array.isArray(oneOf)) return `(${(oneOf as JsonSchema[]).map(fromJsonSchema).join(' | ')})`
  if (Array.isArray(schema.allOf))
    return `(${(schema.allOf as JsonSchema[]).map(fromJsonSchema).join(' & ')})`
  if ('$ref' in schema) throw new Error(`a $ref is not written out: ${String(schema.$ref)}`)
  const type = schema.type
  if (Array.isArray(type))
    return `(${type.map((t) => fromJsonSchema({ ...schema, type: t })).join(' | ')})`
  switch (type) {
    case 'string':
      return 'string'
    case 'integer':
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array': {
      if (Array.isArray(schema.prefixItems))
        return `[${(schema.prefixItems as JsonSchema[]).map(fromJsonSchema).join(', ')}]`
      return `${fromJsonSchema((schema.items as JsonSchema) ?? true)}[]`
    }
    case 'object': {
      const required = new Set((schema.required as string[]) ?? [])
      const fields = Object.entries((schema.properties as Record<string, JsonSchema>) ?? {}).map(
        ([name, field]) => `${key(name)}${required.has(name) ? '' : '?'}: ${fromJsonSchema(field)}`,
      )
      const more = schema.additionalProperties
      if (more !== undefined && more !== false)
        fields.push(
          `[key: string]: ${fields.length ? 'unknown' : fromJsonSchema(more as JsonSchema)}`,
        )
      return fields.length ? `{ ${fields.join('; ')} }` : 'Record<string, never>'
    }
    default:
      return 'unknown'
  }
}

function jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  return z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema
}

/** `schema`'s type as `io` has it: by name where the contract exports it, else written out. */
function typeOf(schema: z.ZodType, io: Io): string {
  const name = names.get(schema)
  if (name) return `z.${io}<typeof ${name}>`
  if (schema instanceof z.ZodArray) {
    const item = names.get(schema.element)
    if (item) return `z.${io}<typeof ${item}>[]`
  }
  return fromJsonSchema(jsonSchema(schema, io))
}

/** A query parameter as the browser writes it: its value's type, text where it is read from text. */
function queryParameter(field: z.ZodType): string {
  const {
    $schema: _,
    description: _text,
    default: _default,
    ...schema
  } = jsonSchema(field, 'output')
  return Object.keys(schema).length ? fromJsonSchema(schema) : 'string'
}

/** The call's entry, or null for one that answers no JSON (a file). */
function callType(op: Operation): string | null {
  const parts: string[] = []
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  if (params.length)
    parts.push(
      `params: { ${params.map((p) => `${key(p)}: ${p === 'id' ? 'number' : 'string'}`).join('; ')} }`,
    )
  if (op.query) {
    const fields = Object.entries(op.query.shape).map(([name, field]) => {
      const optional = (field as z.ZodType).safeParse(undefined).success
      return `${key(name)}${optional ? '?' : ''}: ${queryParameter(field as z.ZodType)}`
    })
    parts.push(`query: { ${fields.join('; ')} }`)
  }
  if (op.body)
    parts.push(`body${op.emptyBody === undefined ? '' : '?'}: ${typeOf(op.body, 'input')}`)
  else if (op.multipart) parts.push('body: FormData')
  // Refused without a JSON body (http/cross-site.ts): an empty object then.
  else if (op.fromThisSite?.includes('application/json')) parts.push('body: Record<string, never>')
  const answers = Object.entries(op.answers).filter(([status]) => status.startsWith('2'))
  if (answers.length && answers.every(([, answer]) => answer.media)) return null
  const answer = answers.map(([, a]) => (a.schema ? typeOf(a.schema, 'output') : 'undefined'))
  parts.push(`answer: ${[...new Set(answer)].join(' | ') || 'undefined'}`)
  return `${JSON.stringify(`${op.method.toUpperCase()} ${op.path}`)}: { ${parts.join('; ')} }`
}

/** The module's text, formatted as the repository formats TypeScript. */
export async function apiCallsModule(): Promise<string> {
  const calls = OPERATIONS.map(callType).filter((call) => call !== null)
  const used = Object.keys(NAMED).filter((module) => calls.some((c) => c.includes(`${module}.`)))
  const text = `// Written by scripts/api-calls.ts from the API's declarations: do not edit.
// \`npm run api-calls\` writes it again; scripts/api-calls.test.ts fails when it is stale.
import type { z } from 'zod'
${used.map((m) => `import type * as ${m} from '@shared/contract/${m}.ts'`).join('\n')}

/** Every call of the REST contract that answers JSON: path parameters, query, body, answer. */
export interface ApiCalls {
${calls.join('\n')}
}
`
  const options = await prettier.resolveConfig(API_CALLS_MODULE)
  return prettier.format(text, { ...options, filepath: API_CALLS_MODULE })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeFile(API_CALLS_MODULE, await apiCallsModule())
  console.log(`Wrote ${path.relative(process.cwd(), API_CALLS_MODULE)}`)
}
