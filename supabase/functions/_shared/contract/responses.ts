// What the API answers, as zod schemas: the OpenAPI document (openapi.ts) is
// generated from these and from the request schemas in schemas.ts, and the
// contract suite checks every answer it receives against that document
// (docs/decisions/026-the-contract-described-once.md).
import { z } from 'zod'

const id = z.number().int().positive()
/** ISO 8601 in UTC, e.g. 2026-11-22T13:33:00.123Z. */
const timestamp = z.string().describe('ISO 8601 date and time in UTC')

export const technologyRef = z.object({ id, name: z.string(), icon: z.string().nullable() })

export const imageDetails = z.object({
  url: z.string(),
  alt: z.string(),
  width: z
    .number()
    .int()
    .nullable()
    .describe('Pixels; null for files stored before sizes were kept'),
  height: z.number().int().nullable(),
  cardUrl: z.string().nullable().describe('A copy about 640 px wide for the public cards'),
})

export const project = z.object({
  id,
  name: z.string(),
  description: z.string(),
  startYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
  liveUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  isActive: z.boolean(),
  thumbnail: z.string().nullable(),
  images: z.array(z.string()),
  imageDetails: z.array(imageDetails),
  technologies: z.array(technologyRef),
  createdAt: timestamp,
  updatedAt: timestamp,
})

export const technology = z.object({
  id,
  name: z.string(),
  icon: z.string().nullable(),
  projects: z
    .array(z.object({ id, name: z.string() }))
    .describe('Projects using it; visitors see active ones only'),
  evidence: z
    .object({
      projectCount: z.number().int(),
      experienceCount: z.number().int(),
      certificationCount: z.number().int(),
      firstYear: z.number().int().nullable(),
      lastYear: z.number().int().nullable(),
    })
    .describe('Computed from active projects, experiences and active certifications naming it'),
})

/** A technology in GET /technologies: without its projects when asked with `projects=false`. */
export const technologyInList = technology.extend({
  projects: technology.shape.projects
    .optional()
    .describe('Projects using it; visitors see active ones only. Absent with projects=false'),
})

export const certification = z.object({
  id,
  name: z.string(),
  icon: z.string(),
  obtainedDate: z.string().describe('YYYY-MM-DD'),
  isActive: z.boolean(),
  technologies: z.array(z.object({ id, name: z.string() })),
})

const month = z.string().describe('YYYY-MM')

export const experience = z.object({
  id,
  organization: z.string(),
  role: z.string(),
  location: z.string(),
  startDate: month,
  endDate: month.nullable().describe('YYYY-MM; null for the current one'),
  description: z.string(),
  url: z.string().nullable(),
  technologies: z.array(z.object({ id, name: z.string() })),
})

export const education = z.object({
  id,
  institution: z.string(),
  qualification: z.string(),
  field: z.string(),
  startDate: month,
  endDate: month.nullable(),
  description: z.string(),
  url: z.string().nullable(),
})

export const config = z.object({
  id,
  name: z.string(),
  value: z.string(),
  description: z.string().nullable(),
})

export const user = z.object({ id, username: z.string(), role: z.enum(['admin', 'user']) })

export const authResponse = z.object({ accessToken: z.string(), user })

/** A right password for an account with two-step on: the code comes next (POST /auth/login/verify). */
export const twoStepChallenge = z.object({ twoStep: z.literal(true), challenge: z.string() })

export const twoStepStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
})

export const twoStepSetup = z.object({ secret: z.string(), otpauthUrl: z.string() })

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(10) })

/** One of the caller's passkeys (GET /auth/passkeys). */
export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
})

/**
 * What navigator.credentials.create() or .get() is called with, as JSON
 * (@simplewebauthn/server's options; the browser library turns them into
 * the WebAuthn API's objects). The fields the ceremony stands on are named.
 */
export const passkeyRegistrationOptions = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
  excludeCredentials: z.array(z.looseObject({ id: z.string(), type: z.literal('public-key') })),
})
export const passkeySignInOptions = z.looseObject({
  challenge: z.string(),
  rpId: z.string(),
  userVerification: z.string(),
})

export const sessionList = z.object({
  idleMinutes: z.number().int().min(5),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: timestamp,
      lastUsedAt: timestamp,
      device: z.string(),
      current: z.boolean(),
    }),
  ),
})

export const contactMessage = z.object({
  id,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: timestamp,
})

export const activityEntry = z.object({
  id,
  at: timestamp,
  actor: z.string().describe("The acting account's username, 'visitor' or 'system'"),
  action: z.enum(['create', 'update', 'delete']),
  entity: z.enum([
    'projects',
    'technologies',
    'certifications',
    'configs',
    'users',
    'contact_messages',
    'experiences',
    'education',
  ]),
  entityId: z.number().int(),
  summary: z.string(),
  changedFields: z.array(z.string()),
  entityExists: z.boolean(),
})

export const finding = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  kind: z.string(),
  entity: z.enum(['project', 'technology', 'certification', 'configuration', 'image']),
  id: z
    .union([z.number().int(), z.string()])
    .describe("The item's id; for an unused file, its URL"),
  message: z.string(),
})

export const restoreSummary = z.object({
  technologies: z.number().int(),
  projects: z.number().int(),
  certifications: z.number().int(),
  configurations: z.number().int(),
  experiences: z
    .number()
    .int()
    .nullable()
    .describe('null: the archive had none and they were left as they were'),
  education: z.number().int().nullable(),
  messages: z.number().int().nullable(),
  images: z.number().int(),
})

export const publishStatus = z.object({
  configured: z.boolean(),
  contentVersion: z.number().int(),
  publishedVersion: z.number().int(),
  upToDate: z.boolean(),
  publishedAt: timestamp.nullable(),
  lastAttemptAt: timestamp.nullable(),
  lastError: z.string().nullable(),
})

const named = (count: string) => z.array(z.object({ name: z.string(), [count]: z.number().int() }))

/** GET /stats (docs/PRODUCT.md §17): days are UTC dates, oldest first; visitors are unique per day. */
export const visitStats = z.object({
  totals: z.object({ visitors: z.number().int(), views: z.number().int() }),
  days: z.array(
    z.object({ date: z.iso.date(), visitors: z.number().int(), views: z.number().int() }),
  ),
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), views: z.number().int() })),
  referrers: z.array(z.object({ host: z.string(), visits: z.number().int() })),
  clicks: z.array(
    z.object({
      target: z.enum(['live', 'source', 'linkedin', 'github', 'email']),
      count: z.number().int(),
    }),
  ),
  sources: named('visits'),
  campaigns: named('visits'),
})

export const signedUpload = z.object({
  signedUrl: z.string(),
  token: z.string(),
  path: z.string(),
  url: z.string(),
})

/** POST /backup/sign: the archive's name in the private bucket "backups", for POST /backup/restore. */
export const signedArchiveUpload = signedUpload.omit({ url: true })

/** Every error: `errors` names the fields a 400 refused. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
})

export const success = z.object({ success: z.literal(true) })

/** GET /resume.json: a JSON Resume 1.x (https://jsonresume.org/schema), docs/PRODUCT.md §20. */
export const resume = z.object({
  $schema: z.string(),
  basics: z.looseObject({}),
  work: z.array(z.looseObject({})),
  education: z.array(z.looseObject({})),
  skills: z.array(z.looseObject({ name: z.string() })),
  certificates: z.array(z.looseObject({ name: z.string() })),
  projects: z.array(z.looseObject({ name: z.string() })),
})

const importCounts = z.object({
  experiences: z.number().int(),
  education: z.number().int(),
  technologies: z.number().int(),
  certifications: z.number().int(),
  projects: z.number().int(),
})
/** An entry of the file that our content cannot hold (docs/PRODUCT.md §20). */
const skippedEntry = z.object({
  kind: z.enum(['experiences', 'education', 'technologies', 'certifications', 'projects']),
  path: z.string().meta({ description: 'The entry in the file, e.g. work[1]' }),
  message: z.string().meta({
    description: "What it lacks, e.g. 'work[1] has no startDate, which an experience needs'",
  }),
})
/**
 * POST /resume/import: what it creates and what it skips, per kind: what is
 * already here, and the entries our content cannot hold, each listed with why.
 */
export const resumeImportPlan = z.object({
  create: importCounts,
  skip: importCounts.meta({
    description: 'Entries already here (or repeated in the file), and those listed in skipped',
  }),
  skipped: z.array(skippedEntry).meta({
    description: 'The entries skipped because they lack what our content needs, in file order',
  }),
})
