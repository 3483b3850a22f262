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

import { eTag, ok, type Access, type Answer, type Operation } from '../api/operation.ts'
import { trueOrFalse } from '../api/query.ts'
import { projectListQuery } from '../project-pages.ts'

const idPath = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s id`,
  schema: { type: 'integer', minimum: 1 },
})

const list = (schema: z.ZodType) => z.array(schema)

/** The CRUD operations of one resource. */
function resource(
  tag: string,
  base: string,
  one: string,
  names: { list: string; get: string; create: string; update: string; remove: string },
  shapes: { item: z.ZodType; create: z.ZodType; update: z.ZodType; listItem?: z.ZodType },
  options: { images?: boolean; listQuery?: Operation['query'] } = {},
): Operation[] {
  // A write that points at a newly stored file has its first bytes read: no image, 415.
  const notAnImage: Record<number, Answer> = options.images
    ? { 415: ok('A referenced file is not a JPEG, PNG, GIF or WEBP image', answers.errorBody) }
    : {}
  const readAccess: Access = 'optional'
  return [
    {
      method: 'get',
      path: base,
      operationId: names.list,
      summary: `List ${tag.toLowerCase()}`,
      tag,
      access: readAccess,
      ...(options.listQuery ? { query: options.listQuery } : {}),
      answers: { 200: ok(`The ${tag.toLowerCase()}`, list(shapes.listItem ?? shapes.item)) },
    },
    {
      method: 'get',
      path: `${base}/{id}`,
      operationId: names.get,
      summary: `Read one ${one}`,
      tag,
      access: readAccess,
      answers: { 200: { ...ok(`The ${one}`, shapes.item), headers: eTag } },
    },
    {
      method: 'post',
      path: base,
      operationId: names.create,
      summary: `Create a ${one}`,
      tag,
      access: 'admin',
      body: shapes.create,
      answers: { 201: ok(`The new ${one}`, shapes.item), ...notAnImage },
    },
    {
      method: 'patch',
      path: `${base}/{id}`,
      operationId: names.update,
      summary: `Change a ${one}; absent fields stay as they are`,
      tag,
      access: 'admin',
      body: shapes.update,
      versioned: true,
      answers: { 200: ok(`The ${one} as saved`, shapes.item), ...notAnImage },
    },
    {
      method: 'delete',
      path: `${base}/{id}`,
      operationId: names.remove,
      summary: `Delete a ${one}`,
      tag,
      access: 'admin',
      answers: { 204: ok('Deleted') },
    },
  ]
}

const operations: Operation[] = [
  // auth
  {
    method: 'post',
    path: '/auth/register',
    operationId: 'register',
    summary:
      'Create the first admin account (open until an account exists; from another machine than the server, with setupToken)',
    tag: 'Authentication',
    access: 'public',
    body: requests.registerSchema,
    answers: {
      201: ok('Signed in as the new admin', answers.authResponse),
      403: ok('No valid setup code, or none is set on the server', answers.errorBody),
      409: ok('Registration is closed', answers.errorBody),
      429: ok('Too many attempts from this address', answers.errorBody),
    },
  },
  {
    method: 'get',
    path: '/auth/register',
    operationId: 'getRegistration',
    summary: 'Whether registration is still open',
    tag: 'Authentication',
    access: 'public',
    answers: { 200: ok('Open or not', z.object({ open: z.boolean() })) },
  },
  {
    method: 'post',
    path: '/auth/login',
    operationId: 'login',
    summary: 'Sign in with a username and password',
    tag: 'Authentication',
    access: 'public',
    body: requests.loginSchema,
    answers: {
      200: ok(
        'Signed in; or, for an account with two-step sign-in on, a challenge to send with a code to /auth/login/verify',
        z.union([answers.authResponse, answers.twoStepChallenge]),
      ),
      401: ok('Wrong username or password', answers.errorBody),
      429: ok('Too many failed attempts', answers.errorBody),
    },
  },
  {
    method: 'post',
    path: '/auth/login/verify',
    operationId: 'verifyLogin',
    summary:
      "Second step of a sign-in: the login's challenge and a code from the authenticator app or a recovery code",
    tag: 'Authentication',
    access: 'public',
    body: requests.loginVerifySchema,
    answers: {
      200: ok('Signed in', answers.authResponse),
      401: ok('Wrong code, or the challenge has expired or used its tries', answers.errorBody),
      429: ok('Too many wrong codes for this account', answers.errorBody),
    },
  },
  {
    method: 'get',
    path: '/auth/two-step',
    operationId: 'getTwoStep',
    summary: "Whether two-step sign-in is on for the caller's account",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 200: ok('On or off, and the recovery codes left', answers.twoStepStatus) },
  },
  {
    method: 'post',
    path: '/auth/two-step/setup',
    operationId: 'setUpTwoStep',
    summary: 'A new secret for an authenticator app; two-step stays off until it is confirmed',
    tag: 'Authentication',
    access: 'signedIn',
    answers: {
      200: ok('The secret (base32) and its otpauth:// link', answers.twoStepSetup),
      409: ok('Two-step sign-in is already on', answers.errorBody),
    },
  },
  {
    method: 'post',
    path: '/auth/two-step/enable',
    operationId: 'enableTwoStep',
    summary: 'Turn two-step sign-in on with a code from the secret being set up',
    tag: 'Authentication',
    access: 'signedIn',
    body: requests.twoStepEnableSchema,
    answers: {
      200: ok('On; the ten recovery codes, shown this once', answers.recoveryCodes),
      409: ok('Already on, or nothing set up', answers.errorBody),
      429: ok('Too many wrong codes', answers.errorBody),
    },
  },
  {
    method: 'post',
    path: '/auth/two-step/disable',
    operationId: 'disableTwoStep',
    summary: 'Turn two-step sign-in off with a code, a recovery code or the password',
    tag: 'Authentication',
    access: 'signedIn',
    body: requests.twoStepDisableSchema,
    answers: {
      204: ok('Off'),
      409: ok('Two-step sign-in is not on', answers.errorBody),
      429: ok('Too many wrong codes', answers.errorBody),
    },
  },
  {
    method: 'post',
    path: '/auth/logout',
    operationId: 'logout',
    summary: 'End the current session',
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 204: ok('Signed out') },
  },
  {
    method: 'get',
    path: '/auth/me',
    operationId: 'getMe',
    summary: 'The signed-in account',
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 200: ok('The account', answers.user) },
  },
  {
    method: 'get',
    path: '/auth/sessions',
    operationId: 'listSessions',
    summary: "The caller's open sessions and the idle limit",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 200: ok('Open sessions, the current one marked', answers.sessionList) },
  },
  {
    method: 'post',
    path: '/auth/sessions/end-others',
    operationId: 'endOtherSessions',
    summary: "End every session of the caller's account but this one",
    tag: 'Authentication',
    access: 'signedIn',
    answers: {
      200: ok('How many ended', z.object({ ended: z.number().int().min(0) })),
    },
  },
  {
    method: 'delete',
    path: '/auth/sessions/{sessionId}',
    operationId: 'endSession',
    summary: "End one of the caller's sessions",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 204: ok('Ended'), 404: ok('No such session of this account', answers.errorBody) },
  },
  // passkeys (docs/decisions/041-passkeys.md)
  {
    method: 'get',
    path: '/auth/passkeys',
    operationId: 'listPasskeys',
    summary: "The caller's passkeys",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 200: ok('Name, added, last used; never the key', list(answers.passkey)) },
  },
  {
    method: 'post',
    path: '/auth/passkeys/register/options',
    operationId: 'passkeyRegistrationOptions',
    summary: 'Options for navigator.credentials.create(): a new passkey for the caller',
    tag: 'Authentication',
    access: 'signedIn',
    answers: {
      200: ok(
        'The options, with a challenge good once for five minutes',
        answers.passkeyRegistrationOptions,
      ),
      429: ok('Too many passkey requests from this address', answers.errorBody),
    },
  },
  {
    method: 'post',
    path: '/auth/passkeys/register/verify',
    operationId: 'addPasskey',
    summary: 'Add the passkey the browser created, once its answer checks out',
    tag: 'Authentication',
    access: 'signedIn',
    body: requests.passkeyRegisterSchema,
    answers: {
      201: ok('Added', answers.passkey),
      409: ok('Already registered, or the account has 20 passkeys', answers.errorBody),
    },
  },
  {
    method: 'patch',
    path: '/auth/passkeys/{passkeyId}',
    operationId: 'renamePasskey',
    summary: "Rename one of the caller's passkeys",
    tag: 'Authentication',
    access: 'signedIn',
    body: requests.passkeyRenameSchema,
    answers: { 200: ok('Renamed', answers.passkey) },
  },
  {
    method: 'delete',
    path: '/auth/passkeys/{passkeyId}',
    operationId: 'removePasskey',
    summary: "Remove one of the caller's passkeys",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 204: ok('Removed') },
  },
  {
    method: 'post',
    path: '/auth/passkeys/login/options',
    operationId: 'passkeySignInOptions',
    summary: 'Options for navigator.credentials.get(): sign in with any passkey of this site',
    tag: 'Authentication',
    access: 'public',
    answers: {
      200: ok(
        'The options, with a challenge good once for five minutes',
        answers.passkeySignInOptions,
      ),
      429: ok('Too many passkey requests from this address', answers.errorBody),
    },
  },
  {
    method: 'post',
    path: '/auth/passkeys/login/verify',
    operationId: 'passkeySignIn',
    summary: 'Sign in with a passkey: no username, no second step',
    tag: 'Authentication',
    access: 'public',
    body: requests.passkeySignInSchema,
    answers: {
      200: ok('Signed in', answers.authResponse),
      401: ok(
        'The passkey is unknown, its signature or counter is wrong, or the challenge expired or was used',
        answers.errorBody,
      ),
      429: ok('Too many failed passkey sign-ins from this address', answers.errorBody),
    },
  },
  // content
  ...resource(
    'Projects',
    '/projects',
    'project',
    {
      list: 'listProjects',
      get: 'getProject',
      create: 'createProject',
      update: 'updateProject',
      remove: 'deleteProject',
    },
    {
      item: answers.project,
      create: requests.projectSchema,
      update: requests.projectUpdateSchema,
    },
    {
      images: true,
      listQuery: projectListQuery,
    },
  ),
  ...resource(
    'Technologies',
    '/technologies',
    'technology',
    {
      list: 'listTechnologies',
      get: 'getTechnology',
      create: 'createTechnology',
      update: 'updateTechnology',
      remove: 'deleteTechnology',
    },
    {
      item: answers.technology,
      listItem: answers.technologyInList,
      create: requests.technologySchema,
      update: requests.technologyUpdateSchema,
    },
    {
      images: true,
      listQuery: z.object({
        projects: trueOrFalse('projects must be true or false')
          .optional()
          .describe("false leaves out each technology's projects; its evidence still counts them"),
      }),
    },
  ),
  ...resource(
    'Certifications',
    '/certifications',
    'certification',
    {
      list: 'listCertifications',
      get: 'getCertification',
      create: 'createCertification',
      update: 'updateCertification',
      remove: 'deleteCertification',
    },
    {
      item: answers.certification,
      create: requests.certificationSchema,
      update: requests.certificationUpdateSchema,
    },
    { images: true },
  ),
  ...resource(
    'Experience',
    '/experiences',
    'experience',
    {
      list: 'listExperiences',
      get: 'getExperience',
      create: 'createExperience',
      update: 'updateExperience',
      remove: 'deleteExperience',
    },
    {
      item: answers.experience,
      create: requests.experienceSchema,
      update: requests.experienceUpdateSchema,
    },
  ),
  ...resource(
    'Education',
    '/education',
    'education entry',
    {
      list: 'listEducation',
      get: 'getEducation',
      create: 'createEducation',
      update: 'updateEducation',
      remove: 'deleteEducation',
    },
    {
      item: answers.education,
      create: requests.educationSchema,
      update: requests.educationUpdateSchema,
    },
  ),
  ...resource(
    'Configurations',
    '/configs',
    'configuration',
    {
      list: 'listConfigs',
      get: 'getConfig',
      create: 'createConfig',
      update: 'updateConfig',
      remove: 'deleteConfig',
    },
    { item: answers.config, create: requests.configSchema, update: requests.configUpdateSchema },
  ),
  {
    method: 'get',
    path: '/configs/all-as-object',
    operationId: 'getConfigsAsObject',
    summary: 'Every configuration as one object, name to value',
    tag: 'Configurations',
    access: 'optional',
    answers: { 200: ok('Name to value', z.record(z.string(), z.string())) },
  },
  {
    method: 'get',
    path: '/configs/name/{name}',
    operationId: 'getConfigByName',
    summary: 'One configuration, by name',
    tag: 'Configurations',
    access: 'optional',
    answers: { 200: { ...ok('The configuration', answers.config), headers: eTag } },
  },
  {
    method: 'get',
    path: '/configs/value/{name}',
    operationId: 'getConfigValue',
    summary: "One configuration's value, by name",
    tag: 'Configurations',
    access: 'optional',
    answers: { 200: ok('The value', z.object({ value: z.string() })) },
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
  // the owner's tools
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
