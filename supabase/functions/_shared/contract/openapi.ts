// The REST contract as an OpenAPI 3.1 document, generated from the zod
// schemas the API validates requests with (schemas.ts) and the ones that
// describe its answers (contract/responses.ts). Served at GET /openapi.json on
// every path; the contract suite checks every answer it receives against it,
// and a test checks that every route the app registers is in it
// (docs/decisions/026-the-contract-described-once.md).
import { z } from 'zod'
import * as requests from '../schemas.ts'
import * as answers from './responses.ts'
import { resumeSchema } from '../resume/resume-schema.ts'

import { eTag, ok, type Answer, type Operation } from '../api/operation.ts'
import { oneOf, trueOrFalse, wholeNumber } from '../api/query.ts'

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
  // images
  {
    method: 'post',
    path: '/uploads/image',
    operationId: 'uploadImage',
    summary: 'Upload an image (JPEG, PNG, GIF or WEBP, at most 5 MB)',
    tag: 'Uploads',
    access: 'admin',
    multipart: { file: 'The image' },
    answers: {
      201: ok('Stored', z.object({ url: z.string() })),
      415: ok('Not an image of an accepted type', answers.errorBody),
    },
  },
  {
    method: 'post',
    path: '/uploads/sign',
    operationId: 'signUpload',
    summary: 'Authorize one image upload straight to storage',
    tag: 'Uploads',
    access: 'admin',
    body: requests.signUploadSchema,
    answers: {
      200: ok('Where and how to send the bytes', answers.signedUpload),
      413: ok('Larger than 5 MB', answers.errorBody),
      415: ok('Not an image of an accepted type', answers.errorBody),
    },
  },
  {
    method: 'delete',
    path: '/uploads/image',
    operationId: 'deleteImage',
    summary: 'Delete a stored image that no content uses',
    tag: 'Uploads',
    access: 'admin',
    body: requests.deleteImageSchema,
    answers: { 200: ok('Deleted', answers.success) },
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
  {
    method: 'get',
    path: '/backup',
    operationId: 'downloadBackup',
    summary: 'All content and its images as one zip archive',
    tag: 'Backup',
    access: 'admin',
    query: z.object({
      messages: z
        .string()
        .optional()
        .transform((value) => value === '1' || value === 'true')
        .pipe(z.boolean())
        .describe('Include the inbox: 1 or true; anything else leaves it out'),
    }),
    answers: { 200: { description: 'The archive', media: 'application/zip' } },
  },
  {
    method: 'post',
    path: '/backup',
    operationId: 'restoreBackup',
    summary: "Replace this site's content with an archive's",
    tag: 'Backup',
    access: 'admin',
    multipart: { file: 'The archive (at most 50 MB)' },
    answers: { 200: ok('What was restored', answers.restoreSummary) },
  },
  {
    method: 'post',
    path: '/backup/sign',
    operationId: 'signBackupUpload',
    summary: 'Authorize one archive upload straight to storage, for a restore',
    tag: 'Backup',
    access: 'admin',
    body: requests.signBackupSchema,
    answers: {
      200: ok('Where and how to send the archive', answers.signedArchiveUpload),
      413: ok('Larger than 50 MB', answers.errorBody),
    },
  },
  {
    method: 'post',
    path: '/backup/restore',
    operationId: 'restoreUploadedBackup',
    summary:
      "Replace this site's content with an archive sent to storage; the archive is removed afterwards",
    tag: 'Backup',
    access: 'admin',
    body: requests.restoreBackupSchema,
    answers: {
      200: ok('What was restored', answers.restoreSummary),
      404: ok('No uploaded archive has this path', answers.errorBody),
      413: ok('The uploaded archive is larger than 50 MB', answers.errorBody),
    },
  },
  {
    method: 'get',
    path: '/publish',
    operationId: 'getPublishStatus',
    summary: 'When the static site was last built from the content',
    tag: 'Publishing',
    access: 'signedIn',
    answers: { 200: ok('The status', answers.publishStatus) },
  },
  {
    method: 'post',
    path: '/publish',
    operationId: 'publishNow',
    summary: "Call the static host's build hook now",
    tag: 'Publishing',
    access: 'admin',
    answers: {
      200: ok('The hook accepted; the new status', answers.publishStatus),
      409: ok('No DEPLOY_HOOK_URL on this server', answers.errorBody),
      502: ok('The hook refused or could not be reached', answers.errorBody),
    },
  },
  // JSON Resume (docs/PRODUCT.md §20)
  {
    method: 'get',
    path: '/resume.json',
    operationId: 'getResume',
    summary: 'The portfolio as a JSON Resume (schema 1.x)',
    tag: 'Resume',
    access: 'optional',
    answers: { 200: ok('The résumé', answers.resume) },
  },
  {
    method: 'get',
    path: '/cv.pdf',
    operationId: 'getCvPdf',
    summary: 'The same content as a printable CV (PDF, A4, selectable text)',
    tag: 'Resume',
    access: 'optional',
    answers: {
      200: {
        description: 'The CV',
        media: 'application/pdf',
        headers: { 'Content-Disposition': 'inline; filename="<owner>-cv.pdf"' },
      },
      429: ok(
        'This address asked for too many CVs that had to be made afresh (Retry-After)',
        answers.errorBody,
      ),
    },
  },
  {
    method: 'post',
    path: '/resume/import',
    operationId: 'importResume',
    summary: 'Create what a JSON Resume holds that is not here yet, or only plan it (dryRun=true)',
    tag: 'Resume',
    access: 'admin',
    // The official JSON Resume schema (1.x), ported to zod (resume/resume-schema.ts).
    body: resumeSchema,
    query: z.object({
      dryRun: trueOrFalse('dryRun must be true or false')
        .optional()
        .describe('true: answer the plan and write nothing'),
    }),
    answers: {
      200: ok(
        'What was (or would be) created and skipped. An entry that lacks what our content needs (a work entry without name, position or startDate; education without institution, studyType or startDate; a skill or project without name; a certificate without name or date) is skipped and listed in skipped with why; the rest of the file is imported',
        answers.resumeImportPlan,
      ),
      400: ok(
        "The file fails the JSON Resume schema, or holds a value our content cannot store (a text too long, a date no calendar has such as 2020-02-30, a certificate before 1970, a project year outside 1990 to this year (+10 for its end), a link that is not an http(s) URL): nothing is written, and message names the first problem by its path, e.g. 'certificates[0].date must be 1970 or later'",
        answers.errorBody,
      ),
    },
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
