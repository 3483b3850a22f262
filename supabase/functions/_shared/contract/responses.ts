// What the API answers, as zod schemas: the OpenAPI document (openapi.ts) is
// generated from these and from the request schemas in schemas.ts, and the
// contract suite checks every answer it receives against that document
// (docs/decisions/026-the-contract-described-once.md). Each answer's
// TypeScript type is its schema's output, beside it: the routes build their
// answers with these types and the SPA reads them through contract/types.ts,
// so the shape is written once (camelCase, docs/PRODUCT.md §3).
import { z } from 'zod'
import { postCardTexts, roleSchema, VISIT_TARGETS } from './schemas.ts'
import { TRANSLATIONS_KEY } from './config-translations.ts'
import { ACTIVITY_ENTITIES } from '../api/registry.ts'

const id = z.number().int().positive()
/** ISO 8601 in UTC, e.g. 2026-11-22T13:33:00.123Z. */
const timestamp = z.string().describe('ISO 8601 date and time in UTC')
/** Texts a request writes, as an answer holds them: strings as stored (the checks are the request's). */
const storedTexts = <T extends Record<string, z.ZodType<string>>>(texts: T) =>
  Object.fromEntries(Object.keys(texts).map((name) => [name, z.string()])) as {
    [K in keyof T]: z.ZodString
  }
/** Another item as a list names it: its id and name. */
const named = z.object({ id, name: z.string() })
/** Language tag (or name) to field to text. */
const textsByKey = z.record(z.string(), z.record(z.string(), z.string()))

export const technologyRef = z.object({ id, name: z.string(), icon: z.string().nullable() })
export type TechnologyRef = z.output<typeof technologyRef>

export const imageDetails = z.object({
  url: z.string(),
  alt: z.string(),
  width: z
    .number()
    .int()
    .nullable()
    .describe('Pixels; null for files stored before sizes were kept'),
  height: z.number().int().nullable(),
  cardUrl: z.string().nullable().describe('A copy about 640 px wide for the public cards, or null'),
})
export type ImageDetails = z.output<typeof imageDetails>

/**
 * A row's texts in the site's other languages (docs/PRODUCT.md §23): language
 * tag -> field -> text. Signed-in reads only; visitors' answers leave it out.
 */
export const translations = textsByKey
  .optional()
  .describe(
    "Language tag to field to text: every language for signed-in reads ({} when none); a visitor's read with ?lang= has that language alone",
  )

/** GET /configs/all-as-object: name to value, and with `?lang=` that language's values. */
export const configsObject = z
  .object({
    [TRANSLATIONS_KEY]: textsByKey
      .optional()
      .describe("With ?lang= only: that language's values, by name; a name missing here has none"),
  })
  .catchall(z.string())
export type ConfigsObject = z.output<typeof configsObject>

/** The site's languages (GET and PUT /languages). */
export const languages = z.object({
  default: z.string().describe('The BCP 47 tag of the default language'),
  languages: z.array(z.string()).describe("Every language's tag, in the owner's order"),
})
/** PUT /languages's answer: the new state, and what the languages just removed leave behind. */
export const languagesChanged = languages.extend({
  keptTranslations: z
    .record(z.string(), z.number().int())
    .describe('For each language just removed, how many items still hold its texts (kept)'),
})
export type Languages = z.output<typeof languages>

/** The site's appearance (docs/PRODUCT.md §27): every section, in the page's order. */
export const appearance = z.object({
  theme: z.string().describe('The theme (GET /appearance/options)'),
  accent: z.string().describe("The owner's accent colour as #rrggbb, as chosen"),
  font: z.string().describe('The font pair'),
  sections: z
    .array(z.object({ id: z.string(), visible: z.boolean() }))
    .describe("Every home-page section in the owner's order, and whether it is shown"),
})
export type Appearance = z.output<typeof appearance>
const choice = z.object({ id: z.string(), name: z.string() })
export const appearanceOptions = z.object({
  themes: z.array(choice),
  fonts: z.array(choice),
  sections: z.array(z.string()).describe("The home page's sections, in the default order"),
})
export type AppearanceOptions = z.output<typeof appearanceOptions>

/** A description (Markdown) rendered on the server, and its translations' (docs/PRODUCT.md §26). */
const descriptionHtml = {
  descriptionHtml: z
    .string()
    .describe(
      'The description (Markdown) rendered on the server: safe HTML, raw HTML shown as text',
    ),
  translationsHtml: textsByKey
    .optional()
    .describe("Language tag to field to HTML: each answered translation's non-blank description"),
}

/** What a project imported from GitHub shows of its repository (docs/github.md). */
export const githubFigures = z
  .object({
    repository: z.string().describe('owner/name'),
    stars: z.number().int(),
    forks: z.number().int(),
    pushedAt: timestamp.nullable().describe('The last push GitHub reported'),
    syncedAt: timestamp.describe('When these figures were read from GitHub'),
  })
  .describe('The repository the project was imported from and its figures; null for any other')
export type GithubFigures = z.output<typeof githubFigures>

export const project = z.object({
  id,
  name: z.string(),
  description: z.string(),
  ...descriptionHtml,
  startYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
  liveUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  isActive: z.boolean(),
  featured: z.boolean().describe('Marked by the owner; the order stays docs/PRODUCT.md §9'),
  featuredOrder: z
    .number()
    .int()
    .nullable()
    .describe("The owner's order of the home page's Featured row: smallest first, null last"),
  thumbnail: z.string().nullable(),
  images: z.array(z.string()),
  imageDetails: z
    .array(imageDetails)
    .describe(
      'The gallery: the thumbnail, then each image, once per URL, with its alternative text, size and card copy (docs/PRODUCT.md §15)',
    ),
  technologies: z.array(technologyRef),
  github: githubFigures.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  translations,
})
export type Project = z.output<typeof project>

/** A post as a list shows it (docs/PRODUCT.md §26): everything a card needs, no body. */
export const postCard = z.object({
  id,
  ...storedTexts(postCardTexts),
  coverImage: z.string().nullable(),
  status: z
    .enum(['draft', 'scheduled', 'published'])
    .describe("'published' from publishAt on for a scheduled post"),
  publishAt: timestamp.nullable(),
  publishedAt: timestamp.nullable().describe('When it became public; null while it is not'),
  readingMinutes: z
    .number()
    .int()
    .describe(
      "The body at 200 words a minute, at least 1: with ?lang=, that language's body where it has a non-blank one",
    ),
  technologies: z.array(technologyRef),
  projects: z
    .array(named)
    .describe('The projects it names, in its order (active ones for visitors)'),
  createdAt: timestamp,
  updatedAt: timestamp,
  translations,
  hasBody: z
    .boolean()
    .optional()
    .describe(
      "Signed-in lists: whether the default language's body has text (a card carries no body)",
    ),
})
export type PostCard = z.output<typeof postCard>

export const post = postCard.extend({
  body: z.string().describe('Markdown'),
  bodyHtml: z.string().describe('The body rendered on the server: safe HTML, code highlighted'),
  translationsHtml: z
    .record(z.string(), z.record(z.string(), z.string()))
    .optional()
    .describe("Language tag to { body: HTML }: each answered translation's non-blank body"),
})
export type Post = z.output<typeof post>

/** A post's page: the post, and the public posts just older and newer, to link them. */
const postNeighbour = postCard.pick({ slug: true, title: true, translations: true })
export const postPage = post.extend({
  older: postNeighbour.nullable().describe('The public post published just before it'),
  newer: postNeighbour.nullable().describe('The public post published just after it'),
})
export type PostPage = z.output<typeof postPage>

export const previewLink = z.object({
  token: z.string().describe('Shown once; only its hash is kept'),
  url: z.string().describe("The post's public page with the token"),
  expiresAt: timestamp,
})
export type PreviewLink = z.output<typeof previewLink>

/** What backs a skill (docs/PRODUCT.md §19): computed from the content, never typed. */
export const skillEvidence = z.object({
  projectCount: z.number().int(),
  experienceCount: z.number().int(),
  certificationCount: z.number().int(),
  postCount: z
    .number()
    .int()
    .describe('The public posts naming it (docs/PRODUCT.md §26): published, or scheduled and due'),
  firstYear: z
    .number()
    .int()
    .nullable()
    .describe('The first year the evidence spans; null when none of it has a year'),
  lastYear: z.number().int().nullable().describe('The last year the evidence spans, or null'),
  projects: z
    .array(named.extend({ translations }))
    .describe(
      "The active projects naming it, by name: what its chip opens (docs/PRODUCT.md §26); with ?lang=, each name's translation in `translations`",
    ),
  posts: z
    .array(postNeighbour)
    .describe(
      "The public posts naming it, newest first: what its chip opens; with ?lang=, each title's translation in `translations`",
    ),
})
export type SkillEvidence = z.output<typeof skillEvidence>

export const technology = z.object({
  id,
  name: z.string(),
  icon: z.string().nullable(),
  projects: z.array(named).describe('Projects using it; visitors see active ones only'),
  evidence: skillEvidence.describe(
    'Computed from active projects, experiences and active certifications naming it',
  ),
})
export type Technology = z.output<typeof technology>

/** A technology as `GET /technologies?projects=false` lists it: the public page's skills and filter. */
export const technologySummary = technology.omit({ projects: true })
export type TechnologySummary = z.output<typeof technologySummary>

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
  technologies: z.array(named).describe('The technologies it certifies (docs/PRODUCT.md §19)'),
  translations,
})
export type Certification = z.output<typeof certification>

const month = z.string().describe('YYYY-MM')
/** What an experience and an education entry both have: the period, the description, a link. */
const storyEntry = {
  startDate: month,
  endDate: month.nullable().describe('YYYY-MM; null for the current one'),
  description: z.string(),
  ...descriptionHtml,
  url: z.string().nullable(),
}

/** A job or role (docs/PRODUCT.md §18); months are YYYY-MM, a null end is the current one. */
export const experience = z.object({
  id,
  organization: z.string(),
  role: z.string(),
  location: z.string(),
  ...storyEntry,
  technologies: z.array(named),
  translations,
})
export type Experience = z.output<typeof experience>

export const education = z.object({
  id,
  institution: z.string(),
  qualification: z.string(),
  field: z.string(),
  ...storyEntry,
  translations,
})
export type Education = z.output<typeof education>

export const config = z.object({
  id,
  name: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  translations,
})
export type Config = z.output<typeof config>

export const user = z.object({ id, username: z.string(), role: roleSchema })
export type User = z.output<typeof user>

export const authResponse = z.object({ accessToken: z.string(), user })
export type AuthResponse = z.output<typeof authResponse>

/** A right password for an account with two-step on: the code comes next (POST /auth/login/verify). */
export const twoStepChallenge = z.object({
  twoStep: z.literal(true),
  challenge: z
    .string()
    .describe('Sent back with the code to POST /auth/login/verify; good for 5 minutes and 5 codes'),
})
export type TwoStepChallenge = z.output<typeof twoStepChallenge>

/** POST /auth/login: signed in, or for an account with two-step sign-in on, the challenge. */
export const loginAnswer = z.union([authResponse, twoStepChallenge])
export type LoginAnswer = z.output<typeof loginAnswer>

/** GET /auth/two-step. */
export const twoStepStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
})
export type TwoStepStatus = z.output<typeof twoStepStatus>

/** POST /auth/two-step/setup: the secret to add to an authenticator app. */
export const twoStepSetup = z.object({
  secret: z.string().describe('base32, for typing in by hand'),
  otpauthUrl: z.string(),
})
export type TwoStepSetup = z.output<typeof twoStepSetup>

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()).length(10) })

/** One of the caller's passkeys (GET /auth/passkeys), never its key. */
export const passkey = z.object({
  id: z.string().describe("The credential's id, base64url, as the browser names it"),
  name: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable().describe('When it last signed in; null if never'),
})
export type Passkey = z.output<typeof passkey>

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
  userVerification: z.enum(['required', 'preferred', 'discouraged']),
})

/** GET /auth/sessions: the caller's open sessions, and how long one may go unused. */
export const sessionList = z.object({
  idleMinutes: z.number().int().min(5),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: timestamp,
      lastUsedAt: timestamp,
      device: z
        .string()
        .describe('A coarse description such as "Firefox on Linux"; never an address'),
      current: z.boolean().describe('The session this request was made with'),
    }),
  ),
})
export type SessionList = z.output<typeof sessionList>

export const contactMessage = z.object({
  id,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: timestamp,
})
export type ContactMessage = z.output<typeof contactMessage>

// The owner's toolkit (docs/PRODUCT.md §12-§14): the activity history, the
// portfolio's health findings and what a restore did.

export const activityAction = z.enum(['create', 'update', 'delete'])
export type ActivityAction = z.output<typeof activityAction>

/**
 * The table an entry is about, as the database names it. A change of the
 * site's languages is one entry about the whole list, whose entityId is 0.
 * The tables the history records are the registry's (api/registry.ts).
 */
export const activityEntity = z.enum(ACTIVITY_ENTITIES)
export type ActivityEntity = z.output<typeof activityEntity>

export const activityEntry = z.object({
  id,
  at: timestamp,
  actor: z.string().describe("The acting account's username, 'visitor' or 'system'"),
  action: activityAction,
  entity: activityEntity,
  entityId: z.number().int(),
  summary: z.string(),
  changedFields: z.array(z.string()),
  entityExists: z
    .boolean()
    .describe(
      'Whether the row still exists (for the caller), so a screen links only to what is there',
    ),
})
export type ActivityEntry = z.output<typeof activityEntry>

export const severity = z.enum(['error', 'warning', 'info'])
export type Severity = z.output<typeof severity>

export const findingEntity = z.enum([
  'project',
  'technology',
  'certification',
  'configuration',
  'post',
  'image',
])
export type FindingEntity = z.output<typeof findingEntity>

export const finding = z.object({
  severity,
  kind: z.string(),
  entity: findingEntity,
  id: z
    .union([z.number().int(), z.string()])
    .describe("The item's id; for a stored file nothing uses, its URL"),
  message: z.string(),
})
export type Finding = z.output<typeof finding>

/** How many of a kind a restore wrote, or null where it left that kind as it was (`why`). */
const restoredOrKept = (why: string) => z.number().int().nullable().describe(`null: ${why}`)
const predatesThem = 'the archive predates them (no such key) and they were left as they were'

export const restoreSummary = z.object({
  technologies: z.number().int(),
  projects: z.number().int(),
  certifications: z.number().int(),
  configurations: z.number().int(),
  experiences: restoredOrKept(predatesThem),
  education: restoredOrKept('the archive predates it (no such key) and it was left as it was'),
  messages: restoredOrKept('the archive held no messages and the inbox was left as it was'),
  posts: restoredOrKept(predatesThem),
  images: z.number().int(),
})
export type RestoreSummary = z.output<typeof restoreSummary>

/** How many rows of each kind the demo content has (docs/PRODUCT.md §28). */
export const demoCounts = z.object({
  projects: z.number().int(),
  technologies: z.number().int(),
  certifications: z.number().int(),
  experiences: z.number().int(),
  education: z.number().int(),
  posts: z.number().int(),
  configs: z.number().int().describe('Site texts the seed wrote, which go back to the defaults'),
})
export type DemoCounts = z.output<typeof demoCounts>

export const demoStatus = z.object({
  present: z.boolean().describe('Whether any row the seed wrote is still as it wrote it'),
  counts: demoCounts.describe('What DELETE /demo would remove now'),
})
export type DemoStatus = z.output<typeof demoStatus>

/** A backup the server wrote and keeps until it is removed (GET /backup/kept). */
export const keptBackup = z.object({
  path: z.string().describe('Its name, for POST /backup/restore'),
  createdAt: z.string().describe('When it was written (ISO 8601)'),
  size: z.number().int().describe('In bytes'),
})
export type KeptBackup = z.output<typeof keptBackup>

export const demoRemoval = z.object({
  removed: demoCounts,
  backup: keptBackup
    .nullable()
    .describe(
      'The backup written first, to restore on the Backup screen; null when nothing was removed',
    ),
})
export type DemoRemoval = z.output<typeof demoRemoval>

export const publishStatus = z.object({
  configured: z.boolean().describe('Whether DEPLOY_HOOK_URL is set on this server'),
  siteUrl: z
    .string()
    .nullable()
    .describe("SITE_URL, the site's public address, or null when the server has none"),
  contentVersion: z.number().int(),
  publishedVersion: z.number().int(),
  upToDate: z.boolean().describe('True when the host has built the content visitors would see now'),
  publishedAt: timestamp.nullable(),
  lastAttemptAt: timestamp.nullable(),
  lastError: z.string().nullable(),
})
export type PublishStatus = z.output<typeof publishStatus>

/** A utm_ value of the pages' addresses, and the visits that came with it. */
const utmVisits = z.array(z.object({ name: z.string(), visits: z.number().int() }))

/** GET /stats (docs/PRODUCT.md §17): days are UTC dates, oldest first; visitors are unique per day. */
export const visitStats = z.object({
  totals: z.object({ visitors: z.number().int(), views: z.number().int() }),
  days: z.array(
    z.object({ date: z.iso.date(), visitors: z.number().int(), views: z.number().int() }),
  ),
  projects: z.array(z.object({ id: z.number().int(), name: z.string(), views: z.number().int() })),
  referrers: z.array(z.object({ host: z.string(), visits: z.number().int() })),
  clicks: z.array(z.object({ target: z.enum(VISIT_TARGETS), count: z.number().int() })),
  sources: utmVisits.describe("The pages' utm_source values"),
  campaigns: utmVisits.describe("The pages' utm_campaign values"),
  shareLinks: z
    .array(z.object({ id: z.number().int(), label: z.string(), views: z.number().int() }))
    .describe('Views of each share link in the period (docs/PRODUCT.md §24), the ten most viewed'),
})
export type VisitStats = z.output<typeof visitStats>

/**
 * Leave for the browser to send one object's bytes straight to the store
 * (Storage's signed upload): PUT to `signedUrl`, or supabase-js's
 * uploadToSignedUrl(path, token, file).
 */
export const signedUpload = z.object({
  signedUrl: z.string(),
  token: z.string(),
  path: z.string().describe("The object's name in the bucket"),
  url: z.string().describe('The public URL the object will have once it is there'),
})
export type SignedUpload = z.output<typeof signedUpload>

/** POST /backup/sign: the archive's name in the private bucket "backups", for POST /backup/restore. */
export const signedArchiveUpload = signedUpload.omit({ url: true })
export type SignedArchiveUpload = z.output<typeof signedArchiveUpload>

/** Every error: `errors` names the fields a 400 refused. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
})
export type ApiErrorBody = z.output<typeof errorBody>

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
  meta: z
    .object({ language: z.string().describe('The language of its texts, as asked with lang') })
    .optional(),
  publications: z
    .array(z.looseObject({ name: z.string() }))
    .optional()
    .describe('Public posts, newest first (docs/PRODUCT.md §26); absent when there are none'),
})
export type Resume = z.output<typeof resume>

/** What POST /resume/import creates or skips, per kind. */
export const resumeImportCounts = z.object({
  experiences: z.number().int(),
  education: z.number().int(),
  technologies: z.number().int(),
  certifications: z.number().int(),
  projects: z.number().int(),
})
export type ResumeImportCounts = z.output<typeof resumeImportCounts>

/** An entry of the file that our content cannot hold (docs/PRODUCT.md §20). */
export const resumeImportSkipped = z.object({
  kind: resumeImportCounts.keyof(),
  path: z.string().describe('The entry in the file, e.g. work[1]'),
  message: z
    .string()
    .describe("What it lacks, e.g. 'work[1] has no startDate, which an experience needs'"),
})
export type ResumeImportSkipped = z.output<typeof resumeImportSkipped>

/**
 * POST /resume/import: what it creates (or, on a dry run, would create) and
 * what it skips, per kind: what is already here, and the entries our content
 * cannot hold, each listed with why.
 */
export const resumeImportPlan = z.object({
  create: resumeImportCounts,
  skip: resumeImportCounts.describe(
    'Entries already here (or repeated in the file), and those listed in skipped',
  ),
  skipped: z
    .array(resumeImportSkipped)
    .describe('The entries skipped because they lack what our content needs, in file order'),
  profile: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      "The profile's configurations basics fills, name to value: only those empty here now; links as the JSON list they become",
    ),
})
export type ResumeImportPlan = z.output<typeof resumeImportPlan>

// share links (docs/PRODUCT.md §24) -------------------------------------------

export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const

/** A share link as its owner reads it; its token is answered once, by POST /share-links. */
export const shareLink = z.object({
  id,
  label: z.string().describe('For the owner only; never shown to the recipient'),
  projectIds: z.array(id).describe('The projects the link shows, in this order'),
  note: z.string().nullable().describe('Shown to the recipient at the top of the page'),
  showCv: z.boolean(),
  showContact: z.boolean(),
  lang: z.string().nullable().describe("The page's language; null for the site's default"),
  expiresAt: timestamp.nullable(),
  hasPassphrase: z.boolean(),
  state: z.enum(SHARE_LINK_STATES),
  views: z.number().int().describe('Visits, each visitor counted once a day'),
  lastViewedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type ShareLink = z.output<typeof shareLink>

/** POST /share-links: the link, its address and its token, which no later answer holds. */
export const createdShareLink = shareLink.extend({
  url: z.string().describe("The recipient's address: SITE_URL's origin, then /s/<token>"),
  token: z.string().describe('Base64url, 192 random bits; only its sha256 is stored'),
})
export type CreatedShareLink = z.output<typeof createdShareLink>

/** A project as the recipient's page shows it: a visitor's fields, in the link's language. */
export const sharedProject = project.omit({
  github: true,
  featuredOrder: true,
  descriptionHtml: true,
  translationsHtml: true,
  isActive: true,
  featured: true,
  createdAt: true,
  updatedAt: true,
  translations: true,
})

/** GET /shared/{token}: what the recipient's page shows. */
export const sharedPage = z.object({
  note: z.string().nullable(),
  showCv: z.boolean(),
  showContact: z.boolean(),
  lang: z.string().nullable(),
  expiresAt: timestamp.nullable(),
  site: z
    .record(z.string(), z.string())
    .describe("The site's texts (configurations) by name, in the link's language"),
  projects: z.array(sharedProject).describe("The chosen projects in the owner's order"),
})
export type SharedPage = z.output<typeof sharedPage>

/** POST /shared/{token}/unlock: a pass for this link, also set as a cookie. */
export const sharePass = z.object({
  pass: z
    .string()
    .describe('Send as the X-Share-Pass header (or a view beacon\'s "pass") where no cookie goes'),
  expiresAt: timestamp,
})
export type SharePass = z.output<typeof sharePass>

// GitHub (docs/github.md) --------------------------------------------------------

/** One of an account's public repositories, as the import dialog lists it. */
export const githubRepository = z.object({
  fullName: z.string().describe('owner/name'),
  name: z.string(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  topics: z.array(z.string()),
  stars: z.number().int(),
  forks: z.number().int(),
  fork: z.boolean(),
  archived: z.boolean(),
  pushedAt: z.string().nullable(),
  homepage: z.string().nullable(),
  projectId: z
    .number()
    .int()
    .nullable()
    .describe('The project imported from it; null until it is imported'),
})
export type GithubRepositoryItem = z.output<typeof githubRepository>

/** GET /github/repositories: every public repository the account owns, newest push first. */
export const githubRepositories = z.object({
  login: z.string(),
  repositories: z.array(githubRepository),
})
export type GithubRepositories = z.output<typeof githubRepositories>

/** POST /github/import: the projects made, one per repository, in the order asked. */
export const githubImported = z.object({
  projects: z.array(z.object({ id, repository: z.string() })),
})
export type GithubImported = z.output<typeof githubImported>

/** POST /github/sync: how many imported projects changed, and the repositories GitHub no longer has. */
export const githubSynced = z.object({
  updated: z.number().int(),
  gone: z.array(z.string()).describe('Repositories GitHub answered 404 for; their projects stay'),
})
export type GithubSynced = z.output<typeof githubSynced>

/** A merged pull request by the account, to a repository it does not own (GET /github/pull-requests). */
export const githubPullRequest = z.object({
  url: z.string().describe('https://github.com/<repository>/pull/<number>'),
  repository: z.string().describe('owner/name'),
  title: z.string().describe('As written on GitHub'),
  mergedAt: timestamp,
  number: z.number().int().positive(),
  chosen: z.boolean().describe('Shown on the home page already (GET /contributions)'),
})
export type GithubPullRequestItem = z.output<typeof githubPullRequest>

/** GET /github/pull-requests: the account's merged pull requests to others' repositories, newest first. */
export const githubPullRequests = z.object({
  login: z.string(),
  pullRequests: z.array(githubPullRequest),
})
export type GithubPullRequests = z.output<typeof githubPullRequests>

/** A merged pull request the owner shows in the home page's Open source section (GET /contributions). */
export const contribution = z.object({
  id,
  url: z.string().describe('https://github.com/<repository>/pull/<number>'),
  repository: z.string().describe('owner/name'),
  title: z.string().describe('As written on GitHub, in every language'),
  mergedAt: timestamp,
  number: z.number().int().positive(),
})
export type Contribution = z.output<typeof contribution>
