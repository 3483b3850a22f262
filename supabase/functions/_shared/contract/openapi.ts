// The REST contract as an OpenAPI 3.1 document, generated from the zod
// schemas the API validates requests with (schemas.ts) and the ones that
// describe its answers (contract/responses.ts). Served at GET /openapi.json on
// every path; the contract suite checks every answer it receives against it,
// and a test checks that every route the app registers is in it
// (docs/decisions/026-the-contract-described-once.md).
import { z } from 'zod'
import type { Operation } from '../api/operation.ts'
import * as answers from './responses.ts'

const idPath = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s id`,
  schema: { type: 'integer', minimum: 1 },
})

/** The answers an operation gives besides its own, from what it is. */
function commonAnswers(op: Operation): Record<number, string> {
  const common: Record<number, string> = {
    503: 'The database or Storage (images, backups) is unavailable, or the server is busy with expensive work; try again (Retry-After)',
  }
  const writes = op.method !== 'get'
  // Public reads are kept per content version and answer If-None-Match (docs/decisions/010).
  if (!writes) common[304] = 'Not modified since the ETag sent in If-None-Match'
  if (op.body || op.multipart || op.query || op.path.includes('{'))
    common[400] = 'Invalid input; `errors` names the fields'
  if (op.body || op.multipart) common[413] = 'The body is too large'
  if (op.access === 'signedIn' || op.access === 'admin') common[401] = 'Sign in first'
  // A token that is no longer valid is refused even where none is needed
  // (app.ts reads it before any route: POST /events too).
  if (op.access === 'optional' || op.access === 'public')
    common[401] = 'The token sent is no longer valid'
  if (op.access === 'admin' || (op.access === 'signedIn' && writes))
    common[403] = 'This account may not do this'
  if (op.path.includes('{')) common[404] = 'No such item (for this caller)'
  if (writes) {
    common[409] = 'A conflict with stored content, or with a change made at the same moment'
    common[507] = 'The server is out of storage space; nothing was saved'
  }
  if (op.versioned) common[412] = 'The item changed after it was loaded (If-Match)'
  return common
}

type JsonSchema = Record<string, unknown>

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    // Transforms and refinements have no JSON Schema form: the shape is kept.
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema
  return rest
}

const errorRef = { $ref: '#/components/schemas/Error' }

function operationObject(op: Operation) {
  const parameters: object[] = []
  for (const match of op.path.matchAll(/\{(\w+)\}/g)) {
    const name = match[1]!
    parameters.push(
      name === 'id'
        ? idPath(op.tag.toLowerCase().replace(/s$/, ''))
        : { name, in: 'path', required: true, schema: { type: 'string' } },
    )
  }
  for (const [name, field] of Object.entries(op.query?.shape ?? {})) {
    // The value the route reads from the parameter's text (api/query.ts).
    const { description, ...schema } = jsonSchema(field as z.ZodType, 'output')
    parameters.push({
      name,
      in: 'query',
      required: !(field as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema,
    })
  }
  if (op.versioned)
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'The ETag the item was loaded with; the write is refused (412) if it changed since',
      schema: { type: 'string' },
    })

  const responses: Record<string, object> = {}
  for (const [status, description] of Object.entries(commonAnswers(op)))
    responses[status] = { description, content: { 'application/json': { schema: errorRef } } }
  for (const [status, answer] of Object.entries(op.answers)) {
    const headers = answer.headers
      ? Object.fromEntries(
          Object.entries(answer.headers).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        )
      : undefined
    const content = answer.media
      ? { [answer.media]: { schema: { type: 'string', contentEncoding: 'binary' } } }
      : answer.schema === answers.errorBody
        ? { 'application/json': { schema: errorRef } }
        : answer.schema
          ? { 'application/json': { schema: jsonSchema(answer.schema, 'output') } }
          : undefined
    responses[status] = {
      description: answer.description,
      ...(headers ? { headers } : {}),
      ...(content ? { content } : {}),
    }
  }

  const requestBody = op.body
    ? {
        required: op.emptyBody === undefined,
        content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
      }
    : op.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: Object.keys(op.multipart),
                properties: Object.fromEntries(
                  Object.entries(op.multipart).map(([name, description]) => [
                    name,
                    { type: 'string', contentMediaType: 'application/octet-stream', description },
                  ]),
                ),
              },
            },
          },
        }
      : undefined

  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    ...(op.access === 'signedIn' || op.access === 'admin'
      ? { security: [{ bearer: [] }] }
      : op.access === 'optional'
        ? { security: [{}, { bearer: [] }] }
        : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  }
}

/**
 * The document of `operations`, every declared call of the app (api/operation.ts);
 * `serverUrl` is where the API answers (…/functions/v1/api).
 */
export function openApiDocument(operations: readonly Operation[], serverUrl = '/functions/v1/api') {
  const paths: Record<string, Record<string, object>> = {}
  for (const op of operations) (paths[op.path] ??= {})[op.method] = operationObject(op)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vitrine API',
      version: '1.0.0',
      description:
        "The REST contract of a developer's portfolio: public reads for visitors, and the back office's calls for signed-in accounts. Product rules: docs/PRODUCT.md.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'From POST /auth/login',
        },
      },
      schemas: { Error: jsonSchema(answers.errorBody, 'output') },
    },
    paths,
  }
}
