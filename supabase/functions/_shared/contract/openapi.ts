// The REST contract as an OpenAPI 3.1 document, generated from the zod
// schemas the API validates requests with (schemas.ts) and the ones that
// describe its answers (contract/responses.ts). Served at GET /openapi.json on
// every path; the contract suite checks every answer it receives against it,
// and a test checks that every route the app registers is in it
// (docs/decisions/026-the-contract-described-once.md).
import { z } from 'zod'
import * as requests from '../schemas.ts'
import * as answers from './responses.ts'

import { eTag, ok, type Answer, type Operation } from '../api/operation.ts'
import { oneOf, wholeNumber } from '../api/query.ts'

const idPath = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s id`,
  schema: { type: 'integer', minimum: 1 },
})

const list = (schema: z.ZodType) => z.array(schema)

/** The writes on accounts that take the caller's current password (docs/decisions/042). */
const reauthentication: Record<number, Answer> = {
  403: ok(
    'This account may not do this, or the current password is missing or wrong (`errors.currentPassword` says which)',
    answers.errorBody,
  ),
  429: {
    ...ok('Too many wrong current passwords; try again later', answers.errorBody),
    headers: { 'Retry-After': 'Seconds to wait' },
  },
}

/** A visitor's write sent by another site's page, or in another type (cross-site.ts). */
const crossSiteRefusals: Record<number, Answer> = {
  403: ok(
    'Sent from another site (Origin, Sec-Fetch-Site) not in ALLOWED_ORIGINS',
    answers.errorBody,
  ),
  415: ok('The body is not of a type this call reads', answers.errorBody),
}

const operations: Operation[] = [
  // accounts
  {
    method: 'get',
    path: '/users',
    operationId: 'listUsers',
    summary: 'List accounts (a `user` sees itself only)',
    tag: 'Users',
    access: 'signedIn',
    answers: { 200: ok('The accounts', list(answers.user)) },
  },
  {
    method: 'get',
    path: '/users/{id}',
    operationId: 'getUser',
    summary: 'Read one account',
    tag: 'Users',
    access: 'signedIn',
    answers: { 200: { ...ok('The account', answers.user), headers: eTag } },
  },
  {
    method: 'post',
    path: '/users',
    operationId: 'createUser',
    summary: 'Create an account; an admin (the default role) takes `currentPassword`',
    tag: 'Users',
    access: 'admin',
    body: requests.userCreateSchema,
    answers: { 201: ok('The new account', answers.user), ...reauthentication },
  },
  {
    method: 'put',
    path: '/users/{id}',
    operationId: 'updateUser',
    summary:
      'Change an account: any of username, password, role; a new role or password takes `currentPassword`',
    tag: 'Users',
    access: 'signedIn',
    body: requests.userUpdateSchema,
    versioned: true,
    answers: { 200: ok('The account as saved', answers.user), ...reauthentication },
  },
  {
    method: 'delete',
    path: '/users/{id}',
    operationId: 'deleteUser',
    summary: 'Delete an account; takes `currentPassword` in the body',
    tag: 'Users',
    access: 'admin',
    body: requests.userDeleteSchema,
    emptyBody: {},
    answers: { 204: ok('Deleted'), ...reauthentication },
  },
  // contact
  {
    method: 'post',
    path: '/contact',
    operationId: 'sendContactMessage',
    summary: "Send a message to the portfolio's owner",
    tag: 'Contact',
    access: 'public',
    body: requests.contactSchema,
    answers: {
      201: ok('Received', answers.success),
      ...crossSiteRefusals,
      429: ok('Too many messages from this address', answers.errorBody),
    },
  },
  {
    method: 'get',
    path: '/messages',
    operationId: 'listMessages',
    summary: 'The inbox, newest first',
    tag: 'Contact',
    access: 'signedIn',
    answers: { 200: ok('The messages', list(answers.contactMessage)) },
  },
  {
    method: 'patch',
    path: '/messages/{id}',
    operationId: 'updateMessage',
    summary: 'Mark a message read or unread',
    tag: 'Contact',
    access: 'admin',
    body: requests.messageUpdateSchema,
    answers: { 200: ok('The message', answers.contactMessage) },
  },
  {
    method: 'delete',
    path: '/messages/{id}',
    operationId: 'deleteMessage',
    summary: 'Delete a message',
    tag: 'Contact',
    access: 'admin',
    answers: { 204: ok('Deleted') },
  },
  // the owner's tools
  {
    method: 'get',
    path: '/activity',
    operationId: 'listActivity',
    summary: 'The history of changes, newest first, in pages',
    tag: 'Activity',
    access: 'signedIn',
    query: z.object({
      limit: wholeNumber('limit must be a whole number from 1 to 100', 1, 100)
        .default(50)
        .describe('Page size'),
      before: z
        .string()
        .regex(/^\d{1,18}$/, 'before must be the id of an entry')
        .optional()
        .describe('The last id of the previous page'),
    }),
    answers: { 200: ok('The entries', list(answers.activityEntry)) },
  },
  {
    method: 'get',
    path: '/insights',
    operationId: 'listInsights',
    summary: "Findings about the portfolio's health",
    tag: 'Insights',
    access: 'signedIn',
    answers: { 200: ok('The findings', list(answers.finding)) },
  },
  // visit statistics (docs/PRODUCT.md §17)
  {
    method: 'post',
    path: '/events',
    operationId: 'recordVisitEvent',
    summary: "A public page's beacon: one page view or outbound click",
    tag: 'Statistics',
    access: 'public',
    body: requests.visitEventSchema,
    answers: {
      204: ok('Received (also when it is not counted: Do Not Track, GPC, robots)'),
      ...crossSiteRefusals,
      429: ok('Too many events from this address', answers.errorBody),
    },
  },
  {
    method: 'get',
    path: '/stats',
    operationId: 'getVisitStats',
    summary: 'Visitors, views, top projects, referrers and clicks per day',
    tag: 'Statistics',
    access: 'signedIn',
    query: z.object({
      days: oneOf(['7', '30', '90'], 'days must be 7, 30 or 90')
        .default('30')
        .transform(Number)
        .pipe(z.number().int())
        .describe('The period in days, ending today (UTC); 30 when absent'),
    }),
    answers: { 200: ok('The statistics', answers.visitStats) },
  },
]

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
 * The document of `declared` (every group's operations, api/operation.ts)
 * and of the calls still listed above; `serverUrl` is where the API answers
 * (…/functions/v1/api).
 */
export function openApiDocument(declared: readonly Operation[], serverUrl = '/functions/v1/api') {
  const paths: Record<string, Record<string, object>> = {}
  for (const op of [...operations, ...declared])
    (paths[op.path] ??= {})[op.method] = operationObject(op)
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

/** The calls not declared with their routes yet, for the app to serve and key (http-cache.ts). */
export const listedOperations: readonly Operation[] = operations
