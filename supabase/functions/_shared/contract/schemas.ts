// One zod schema per payload, carrying the spec's messages word for word
// (docs/PRODUCT.md §5). The API validates with these and the SPA's forms resolve
// with them, so the browser and the server say the same thing.
import { z } from 'zod'

import { FONTS, HOME_SECTIONS, THEMES } from './appearance.ts'
import { isWebUrl } from './links.ts'
import { TRANSLATABLE } from './resources.ts'
import { declaredConfigIssues } from './profile.ts'
import { currentYear, messages, MIN_YEAR, PASSWORD_MIN_LENGTH } from './messages.ts'

// No code generation with `new Function`: the built site's Content-Security-Policy
// has no 'unsafe-eval', and zod's probe for it alone counts as a violation
// (server/security-headers.ts). Set before the first z.object() below, which
// decides then; the interpreted parsers are quick enough for these payloads.
z.config({ jitless: true })

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`)
/** Text that may be empty, trimmed, at most `max` characters. */
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`)

// languages and translations (docs/PRODUCT.md §23) --------------------------

/** How many languages a site may have. */
export const MAX_LANGUAGES = 10
const LANGUAGE_TAG = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|[0-9]{3}))?$/i

/**
 * A BCP 47 tag of a language, with an optional script and region (en,
 * pt-BR, zh-Hant, es-419), in its canonical case: language lower, script
 * title, region upper. Null when `tag` is not one.
 */
export function canonicalTag(tag: string): string | null {
  const match = LANGUAGE_TAG.exec(tag.trim())
  if (!match) return null
  const [, language, script, region] = match
  return [
    language!.toLowerCase(),
    script && script.charAt(0).toUpperCase() + script.slice(1).toLowerCase(),
    region?.toUpperCase(),
  ]
    .filter(Boolean)
    .join('-')
}

const notATag = (tag: string) => `Not a language tag: ${tag}`
export const languageTag = z
  .string({ error: 'Give a language tag, such as en or pt-BR' })
  .transform((tag, ctx) => canonicalTag(tag) ?? (ctx.addIssue(notATag(tag)), z.NEVER))

/** PUT /languages: every language of the site, in order, and the default one. */
export const languagesSchema = z
  .object({
    default: languageTag,
    languages: z
      .array(languageTag, { error: 'Give the list of languages' })
      .min(1, 'Keep at least one language')
      .max(MAX_LANGUAGES, `At most ${MAX_LANGUAGES} languages`),
  })
  .superRefine((v, ctx) => {
    v.languages.forEach((tag, i) => {
      if (v.languages.indexOf(tag) !== i)
        ctx.addIssue({ code: 'custom', path: ['languages', i], message: `${tag} is listed twice` })
    })
    if (!v.languages.includes(v.default))
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: 'The default language must be one of the languages',
      })
  })
export type LanguagesInput = z.input<typeof languagesSchema>

/** A name from one of appearance.ts's lists, else `Unknown <what>: <name>`. */
const oneOf = (what: string, ids: readonly string[]) =>
  z.string({ error: `Give a ${what}` }).refine((id) => ids.includes(id), {
    error: (issue) => `Unknown ${what}: ${String(issue.input)}`,
  })

/** PUT /appearance (docs/PRODUCT.md §27): any of the four; what is left out stays. */
export const appearanceSchema = z.object({
  theme: oneOf(
    'theme',
    THEMES.map((t) => t.id),
  ).optional(),
  font: oneOf(
    'font',
    FONTS.map((f) => f.id),
  ).optional(),
  accent: z
    .string({ error: 'Give a colour as #rrggbb' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'Give a colour as #rrggbb, such as #db2777')
    .transform((hex) => hex.toLowerCase())
    .optional(),
  sections: z
    .array(
      z.object({
        id: oneOf('section', HOME_SECTIONS),
        visible: z.boolean({ error: 'Say whether the section is shown (true or false)' }),
      }),
      { error: 'Give the sections as a list of { id, visible }' },
    )
    .max(HOME_SECTIONS.length * 2)
    .superRefine((list, ctx) => {
      list.forEach((s, i) => {
        if (list.findIndex((t) => t.id === s.id) !== i)
          ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${s.id} is listed twice` })
      })
    })
    .optional(),
})
export type AppearanceInput = z.input<typeof appearanceSchema>

/**
 * A row's texts in other languages than the default: language tag -> field
 * -> text, each text checked as its default-language field is (`texts`).
 * A language given as null is removed (PATCH); an unknown field is refused.
 * Whether a language is one of the site's is the API's check (it reads the
 * database): api/content-table.ts.
 */
export function translationsOf<T extends Record<string, z.ZodType>>(texts: T) {
  const oneLanguage = z
    .strictObject(texts, {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Not a translatable field: ${issue.keys.join(', ')}`
          : 'Give the texts of a language as an object of field to text, or null',
    })
    .partial()
    .nullable()
  return z
    .record(z.string(), oneLanguage, {
      error: 'Give translations as an object of language to texts',
    })
    .transform((all, ctx) => {
      const out: Record<string, z.output<typeof oneLanguage>> = {}
      for (const [tag, value] of Object.entries(all)) {
        const canonical = canonicalTag(tag)
        if (!canonical) ctx.addIssue({ code: 'custom', path: [tag], message: notATag(tag) })
        else if (canonical in out)
          ctx.addIssue({ code: 'custom', path: [tag], message: `${canonical} is given twice` })
        else out[canonical] = value
      }
      return out
    })
    .optional()
}
export type TranslationsPayload = Record<string, Record<string, string | undefined> | null>

/** The `names` of `fields`, in the order of `names` (a registry's translatable list). */
function pickFields<T extends Record<string, z.ZodType>, K extends keyof T & string>(
  fields: T,
  names: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, fields[name]])) as Pick<T, K>
}

/** An absolute http(s) URL, or a path on this site (uploaded files); links.ts has the rule. */
export const webUrl = z
  .string({ error: messages.invalidUrl })
  .trim()
  .max(2048, 'URL is too long')
  .refine(isWebUrl, messages.invalidUrl)

/**
 * A URL field that may be empty: '' and null both mean "none" (stored as
 * null). The one URL rule; forms and creates use `optionalUrl`, partial
 * updates `urlOrNone`, where an absent key means "unchanged".
 */
const urlOrNone = z.union([webUrl, z.literal(''), z.null()])
const optionalUrl = urlOrNone.optional().transform((value) => (value ? value : null))

// auth -----------------------------------------------------------------------

/** The longest password an account can have (registration and account forms cap it too). */
const MAX_PASSWORD = 200

/**
 * Capped like registration: no account has a longer username or password, and
 * a huge one must be refused before it reaches the database (docs/PRODUCT.md §11).
 */
export const loginSchema = z.object({
  username: required(messages.usernameRequired, 50),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(MAX_PASSWORD, 'Password is too long'),
})
export type LoginInput = z.infer<typeof loginSchema>

// Here, not in messages.ts: that file is in the public page's bundle, and only
// the back office asks for a code.
const CODE_REQUIRED = 'Enter the code from your authenticator app'

/** A code from the authenticator app (6 digits) or a recovery code, as typed. */
const twoStepCode = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .max(40, 'Code is too long')

/** The second step of a sign-in (docs/decisions/039-two-step-sign-in.md). */
export const loginVerifySchema = z.object({
  challenge: z.string({ error: 'Challenge is required' }).trim().min(1).max(100),
  code: twoStepCode,
})
export type LoginVerifyInput = z.infer<typeof loginVerifySchema>

/** Confirms the secret being set up with a code from it. */
export const twoStepEnableSchema = z.object({ code: twoStepCode })
export type TwoStepEnableInput = z.infer<typeof twoStepEnableSchema>

/** Turning two-step off takes a code (or recovery code), or the account's password. */
export const twoStepDisableSchema = z
  .object({
    code: twoStepCode.optional(),
    currentPassword: z.string().min(1).max(MAX_PASSWORD).optional(),
  })
  .refine((v) => v.code !== undefined || v.currentPassword !== undefined, {
    message: CODE_REQUIRED,
    path: ['code'],
  })
export type TwoStepDisableInput = z.infer<typeof twoStepDisableSchema>

/**
 * bcrypt reads only the first 72 bytes of a password: two longer passwords
 * that start alike would both open the account. So a new password may not be
 * longer (docs/decisions/034-claiming-a-fresh-install.md).
 */
export const PASSWORD_MAX_BYTES = 72

export const registerSchema = z.object({
  username: required(messages.usernameRequired, 50),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
    .max(MAX_PASSWORD, 'Password is too long')
    .refine(
      (value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES,
      `Password must be at most ${PASSWORD_MAX_BYTES} bytes (72 letters of the English alphabet, fewer with accents or emoji)`,
    ),
  /** Proof of owning the server, from /admin/register?setup=... (setup-code.ts). */
  setupToken: z.string().max(200).optional(),
})
export type RegisterInput = z.infer<typeof registerSchema>

/** The register form adds the confirmation, checked in the browser only. */
export const registerFormSchema = registerSchema
  .extend({
    confirmPassword: z.string({ error: messages.confirmRequired }).min(1, messages.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDiffer,
    path: ['confirmPassword'],
  })
export type RegisterFormInput = z.infer<typeof registerFormSchema>

// passkeys (docs/decisions/041-passkeys.md) ------------------------------------

const PASSKEY_NAME_REQUIRED = 'Give the passkey a name'

/** What the owner calls a passkey ("Work laptop"), to tell them apart in the list. */
export const passkeyName = z
  .string({ error: PASSKEY_NAME_REQUIRED })
  .trim()
  .min(1, PASSKEY_NAME_REQUIRED)
  .max(64, 'Must be at most 64 characters')
  .refine((name) => !/\p{Cc}/u.test(name), 'A name cannot hold control characters')

/** Bytes as the browser sends them in a WebAuthn answer: base64url, at most `max` characters. */
const base64url = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .max(max, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`)

const credentialId = base64url('The credential id', 1400)

/**
 * A browser's answer to a WebAuthn ceremony as @simplewebauthn/browser hands
 * it over, around the authenticator's own `response`; what the signature
 * check does not read is dropped.
 */
const credentialAnswer = <R extends z.ZodType>(response: R) =>
  z.object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key', { error: 'The credential must be a public key' }),
    response,
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.object({}).default({}),
  })

const clientDataJSON = base64url('clientDataJSON', 4096)

/** The answer to navigator.credentials.create() (RegistrationResponseJSON). */
export const passkeyRegistrationResponse = credentialAnswer(
  z.object({
    clientDataJSON,
    attestationObject: base64url('attestationObject', 32768),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
)

/** Adds a passkey: the browser's answer to the registration options, and a name for it. */
export const passkeyRegisterSchema = z.object({
  name: passkeyName.optional(),
  response: passkeyRegistrationResponse,
})
export type PasskeyRegisterInput = z.infer<typeof passkeyRegisterSchema>

export const passkeyRenameSchema = z.object({ name: passkeyName })
export type PasskeyRenameInput = z.infer<typeof passkeyRenameSchema>

/** The answer to navigator.credentials.get() (AuthenticationResponseJSON). */
export const passkeyAssertion = credentialAnswer(
  z.object({
    clientDataJSON,
    authenticatorData: base64url('authenticatorData', 4096),
    signature: base64url('signature', 1024),
    userHandle: base64url('userHandle', 128).nullish(),
  }),
)

/** Signs in with a passkey: the browser's answer to the sign-in options. */
export const passkeySignInSchema = z.object({ response: passkeyAssertion })
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>

// projects -------------------------------------------------------------------

const year = z.number({ error: messages.yearNotNumber }).int(messages.yearNotNumber)

/** Year rules of spec sections 5 and 9, shared by create and partial update. */
function checkProjectYears(
  v: { startYear?: number | null; endYear?: number | null },
  ctx: z.RefinementCtx,
) {
  const now = currentYear()
  if (v.startYear != null && (v.startYear < MIN_YEAR || v.startYear > now)) {
    ctx.addIssue({ code: 'custom', path: ['startYear'], message: messages.startYearRange() })
  }
  if (v.endYear != null && (v.endYear < MIN_YEAR || v.endYear > now + 10)) {
    ctx.addIssue({ code: 'custom', path: ['endYear'], message: messages.endYearRange() })
  }
  if (v.startYear != null && v.endYear != null && v.endYear < v.startYear) {
    ctx.addIssue({ code: 'custom', path: ['endYear'], message: messages.endBeforeStart })
  }
}

const technologyIds = z.array(z.number().int().positive()).max(100)

/** Whole pixels; null while unknown (images stored before sizes were kept). */
const dimension = z.number().int('Must be a whole number of pixels').min(1).max(20000)

/**
 * What the project says about one of its images (docs/PRODUCT.md §15): its
 * alternative text ('' or absent: "<name> screenshot N"), its size and the
 * small copy the public cards use. `url` is the thumbnail or one of `images`;
 * entries for other URLs are dropped.
 */
export const imageDetailSchema = z.object({
  url: webUrl,
  alt: z.string().trim().max(300, 'Alternative text must be at most 300 characters').optional(),
  width: dimension.nullable().optional(),
  height: dimension.nullable().optional(),
  cardUrl: z.union([webUrl, z.null()]).optional(),
})
export type ImageDetailInput = z.input<typeof imageDetailSchema>
const imageDetails = z.array(imageDetailSchema).max(31, 'At most 31 image details')

const projectTranslations = translationsOf({
  name: required(messages.projectNameRequired),
  description: required(messages.descriptionRequired, 10000),
})

/** The featured row's order on the home page (docs/PRODUCT.md §15): smallest first, null last. */
const featuredOrder = z
  .number({ message: 'featuredOrder must be a whole number from 0 to 10000, or null' })
  .int('featuredOrder must be a whole number from 0 to 10000, or null')
  .min(0, 'featuredOrder must be a whole number from 0 to 10000, or null')
  .max(10000, 'featuredOrder must be a whole number from 0 to 10000, or null')
  .nullable()

export const projectSchema = z
  .object({
    name: required(messages.projectNameRequired),
    description: required(messages.descriptionRequired, 10000),
    startYear: year
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    endYear: year
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    liveUrl: optionalUrl,
    githubUrl: optionalUrl,
    isActive: z.boolean().optional().default(true),
    featured: z.boolean().optional().default(false),
    featuredOrder: featuredOrder.optional().default(null),
    thumbnail: optionalUrl,
    images: z.array(webUrl).max(30, 'At most 30 images').optional().default([]),
    imageDetails: imageDetails.optional().default([]),
    technologiesIds: technologyIds.optional().default([]),
    translations: projectTranslations,
  })
  .superRefine(checkProjectYears)

/** PATCH /projects/{id}: any subset of the form's fields; absent keys stay unchanged (no defaults here). */
export const projectUpdateSchema = z
  .object({
    name: required(messages.projectNameRequired),
    description: required(messages.descriptionRequired, 10000),
    startYear: year.nullable(),
    endYear: year.nullable(),
    liveUrl: urlOrNone,
    githubUrl: urlOrNone,
    isActive: z.boolean(),
    featured: z.boolean(),
    featuredOrder,
    thumbnail: urlOrNone,
    images: z.array(webUrl).max(30, 'At most 30 images'),
    imageDetails,
    technologiesIds: technologyIds,
    translations: projectTranslations,
  })
  .partial()
  .superRefine(checkProjectYears)
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>
export type ProjectInput = z.input<typeof projectSchema>
export type ProjectPayload = z.output<typeof projectSchema>

// technologies ---------------------------------------------------------------

export const technologySchema = z.object({
  name: required(messages.technologyNameRequired, 100),
  icon: optionalUrl,
})
export type TechnologyInput = z.input<typeof technologySchema>
/** PATCH /technologies/{id}: absent keys stay unchanged. */
export const technologyUpdateSchema = z
  .object({ name: technologySchema.shape.name, icon: urlOrNone })
  .partial()

// certifications -------------------------------------------------------------

const isoDate = z
  .string({ error: messages.dateRequired })
  .trim()
  .min(1, messages.dateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateRequired)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    messages.dateRequired,
  )
  // The certifications table's own floor (migration ..._content.sql).
  .refine((v) => v >= '1970-01-01', messages.dateTooEarly)

/** A certification icon is an image URL or a short emoji (the default is '☁️'). */
const certificationIcon = z
  .string({ error: messages.iconRequired })
  .trim()
  .min(1, messages.iconRequired)
  .max(2048, 'Icon is too long')
  .refine(
    // An emoji never holds a slash or a backslash: '/\evil.example' is no emoji.
    (v) => webUrl.safeParse(v).success || (v.length <= 16 && !/[<>:"/\\]/.test(v)),
    messages.invalidUrl,
  )

const certificationTranslations = translationsOf({
  name: required(messages.certificationNameRequired),
})

export const certificationSchema = z.object({
  name: required(messages.certificationNameRequired),
  icon: certificationIcon,
  obtainedDate: isoDate,
  isActive: z.boolean().optional().default(true),
  /** The technologies it certifies (docs/PRODUCT.md §19); absent in older backups. */
  technologiesIds: technologyIds.optional(),
  translations: certificationTranslations,
})
export type CertificationInput = z.input<typeof certificationSchema>
/** PATCH /certifications/{id}: absent keys stay unchanged (no default for isActive here). */
export const certificationUpdateSchema = z
  .object({
    name: certificationSchema.shape.name,
    icon: certificationIcon,
    obtainedDate: isoDate,
    isActive: z.boolean(),
    technologiesIds: technologyIds,
    translations: certificationTranslations,
  })
  .partial()

// experience and education (docs/PRODUCT.md §18) ------------------------------

/** A month as YYYY-MM, from 1950-01 on. */
const month = z
  .string({ error: messages.monthInvalid })
  .trim()
  .regex(/^(19[5-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, messages.monthInvalid)
const startMonth = z
  .string({ error: messages.startMonthRequired })
  .trim()
  .min(1, messages.startMonthRequired)
  .pipe(month)
/** '' and null both mean "still going" (the current one). */
const endMonth = z.union([month, z.literal(''), z.null()])
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((v) => v ?? '')

/** End not before start, when both are in the payload (the database checks the rest). */
function checkMonths(v: { startDate?: string; endDate?: string | null }, ctx: z.RefinementCtx) {
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: messages.endBeforeStartMonth })
}

const experienceTranslations = translationsOf({
  role: required(messages.roleRequired),
  location: text(200),
  description: text(10000),
})

/** What an experience and an education entry both have: the period, the description, a link. */
const storyFields = {
  startDate: startMonth,
  endDate: endMonth.optional().transform((v) => v || null),
  description: optionalText(10000),
  url: optionalUrl,
}
/** The same in a PATCH: absent keys stay unchanged (no defaults here). */
const storyUpdateFields = {
  startDate: startMonth,
  endDate: endMonth.transform((v) => v || null),
  description: text(10000),
  url: urlOrNone.transform((v) => v || null),
}

export const experienceSchema = z
  .object({
    organization: required(messages.organizationRequired),
    role: required(messages.roleRequired),
    location: optionalText(200),
    ...storyFields,
    translations: experienceTranslations,
    technologiesIds: technologyIds.optional().default([]),
  })
  .superRefine(checkMonths)
export type ExperienceInput = z.input<typeof experienceSchema>
export type ExperiencePayload = z.output<typeof experienceSchema>
/** PATCH /experiences/{id}: absent keys stay unchanged (no defaults here). */
export const experienceUpdateSchema = z
  .object({
    organization: required(messages.organizationRequired),
    role: required(messages.roleRequired),
    location: text(200),
    ...storyUpdateFields,
    technologiesIds: technologyIds,
    translations: experienceTranslations,
  })
  .partial()
  .superRefine(checkMonths)

const educationTranslations = translationsOf({
  qualification: required(messages.qualificationRequired),
  field: text(200),
  description: text(10000),
})

export const educationSchema = z
  .object({
    institution: required(messages.institutionRequired),
    qualification: required(messages.qualificationRequired),
    field: optionalText(200),
    ...storyFields,
    translations: educationTranslations,
  })
  .superRefine(checkMonths)
export type EducationInput = z.input<typeof educationSchema>
export type EducationPayload = z.output<typeof educationSchema>
export const educationUpdateSchema = z
  .object({
    institution: required(messages.institutionRequired),
    qualification: required(messages.qualificationRequired),
    field: text(200),
    ...storyUpdateFields,
    translations: educationTranslations,
  })
  .partial()
  .superRefine(checkMonths)

// configurations -------------------------------------------------------------

const configTranslations = translationsOf({
  value: z.string().max(10000, 'Value is too long'),
})

export const configSchema = z.object({
  name: z
    .string({ error: messages.configNameRequired })
    .trim()
    .min(1, messages.configNameRequired)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,99}$/, messages.configNameInvalid),
  value: z.string().max(10000, 'Value is too long').default(''),
  description: z
    .string()
    .trim()
    .max(500, 'Description is too long')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  translations: configTranslations,
})
export type ConfigInput = z.input<typeof configSchema>
/**
 * POST /configs: a declared name's value (and its translations) follows that
 * name's rule (contract/profile.ts). Backups restore with configSchema alone,
 * so a value kept before a rule existed does not stop a restore.
 */
export const configCreateSchema = configSchema.superRefine((input, ctx) => {
  for (const issue of declaredConfigIssues(input.name, input))
    ctx.addIssue({ code: 'custom', ...issue })
})
/**
 * The name of a configuration is fixed once created (the dialog disables it).
 * Absent keys stay unchanged: no defaults here, or a PATCH of the description would wipe the value.
 */
export const configUpdateSchema = z
  .object({
    value: z.string().max(10000, 'Value is too long'),
    description: z.string().trim().max(500, 'Description is too long').nullable(),
    translations: configTranslations,
  })
  .partial()

// users ----------------------------------------------------------------------

export const roleSchema = z.enum(['admin', 'user'], { error: messages.roleInvalid })
export type Role = z.infer<typeof roleSchema>

/**
 * The caller's own password, sent with a write that hands out or takes away
 * access (docs/decisions/042-reauthentication-and-common-passwords.md). The
 * database decides when one is needed; empty or null is the same as none.
 */
const currentPassword = z
  .string({ error: 'Current password must be text' })
  .max(MAX_PASSWORD, 'Password is too long')
  .nullish()

export const userCreateSchema = z.object({
  username: required(messages.usernameRequired, 50),
  password: registerSchema.shape.password,
  role: roleSchema.optional().default('admin'),
  currentPassword,
})
export type UserCreateInput = z.input<typeof userCreateSchema>

/** Only non-empty fields are sent on update (docs/PRODUCT.md §5). */
export const userUpdateSchema = z.object({
  username: required(messages.usernameRequired, 50).optional(),
  password: registerSchema.shape.password.optional(),
  role: roleSchema.optional(),
  currentPassword,
})
export type UserUpdateInput = z.input<typeof userUpdateSchema>

/** DELETE /users/{id} may carry a body, for the current password. */
export const userDeleteSchema = z.object({ currentPassword })
export type UserDeleteInput = z.input<typeof userDeleteSchema>

/**
 * Adding a passkey (its options), removing one and setting up two-step
 * sign-in: the caller's current password, without which the database hands
 * out no challenge or secret (docs/decisions/064).
 */
export const passwordConfirmationSchema = z.object({ currentPassword })
export type PasswordConfirmation = z.input<typeof passwordConfirmationSchema>

// contact --------------------------------------------------------------------

export const contactSchema = z.object({
  name: required(messages.contactNameRequired, 100),
  email: z
    .string({ error: messages.contactEmailInvalid })
    .trim()
    .max(254)
    .email(messages.contactEmailInvalid),
  message: required(messages.contactMessageRequired, 5000),
  /** Honeypot: people leave it empty; a bot that fills it is quietly ignored. */
  website: z.string().max(500).optional().default(''),
})
export type ContactInput = z.input<typeof contactSchema>

export const deleteImageSchema = z.object({ url: webUrl })

/**
 * What the browser says of a file it is about to send straight to storage.
 * Only the shape is checked here: the route refuses a type or a size out of
 * bounds with the upload's own 415 and 413 (api/resources/uploads/routes.ts).
 */
export const signUploadSchema = z.object({
  contentType: z.string({ error: messages.imageTypeSingle }).trim().toLowerCase().max(100),
  size: z.number({ error: 'size must be the number of bytes' }).int().nonnegative(),
})
export type SignUploadInput = z.input<typeof signUploadSchema>

/** The names the server gives archives uploaded for a restore: a UUID and .zip. */
export const ARCHIVE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.zip$/

/** An archive's size before it is sent to storage; above 50 MB the route answers 413. */
export const signBackupSchema = z.object({
  size: z.number({ error: 'size must be the number of bytes' }).int().nonnegative(),
})

/**
 * A backup the server wrote itself and keeps (before it removes the demo
 * content, docs/PRODUCT.md §28): `kept-<UTC time>-<random>.zip`. The sweep of
 * abandoned uploads never takes one, and a restore leaves it in place.
 */
export const KEPT_ARCHIVE_NAME = /^kept-\d{8}T\d{6}Z-[0-9a-f]{8}\.zip$/

/** An uploaded archive's name or a kept backup's. */
export const isArchiveName = (name: string) =>
  ARCHIVE_NAME.test(name) || KEPT_ARCHIVE_NAME.test(name)

/** Which archive to restore: the `path` POST /backup/sign answered, or a kept backup's (GET /backup/kept). */
export const restoreBackupSchema = z.object({
  path: z
    .string({ error: 'path must name the uploaded backup' })
    .refine(isArchiveName, 'path must name the uploaded backup'),
})

// messages (the contact inbox) ----------------------------------------------

export const messageUpdateSchema = z.object({
  isRead: z.boolean({ error: 'isRead must be true or false' }),
})

// visit statistics (docs/PRODUCT.md §17) ---------------------------------------

export const VISIT_TARGETS = ['live', 'source', 'linkedin', 'github', 'email'] as const
export type VisitTarget = (typeof VISIT_TARGETS)[number]

/**
 * A page's path as a browser's `location` gives it, encoded: one slash first,
 * then no backslash, space or control character. A browser reads `/\\host`
 * and `/\t/host` as `//host`, another site, and `new URL` throws on some of
 * them; no page of ours has such a path.
 */
const PAGE_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u

/** What a public page's beacon sends to POST /events; `path` may carry the page's query (utm_*). */
export const visitEventSchema = z.object({
  type: z.enum(['view', 'click'], { error: 'type must be "view" or "click"' }),
  path: z
    .string({ error: 'path must be the page path' })
    .max(2048, 'path is too long')
    .regex(PAGE_PATH, 'path must be the page path'),
  projectId: z
    .number({ error: 'projectId must be a project id' })
    .int('projectId must be a project id')
    .positive('projectId must be a project id')
    .max(2147483647, 'projectId must be a project id')
    .nullish(),
  target: z.enum(VISIT_TARGETS, { error: 'target is not a known link' }).nullish(),
  referrer: z.string({ error: 'referrer must be text' }).max(2048).nullish(),
})
export type VisitEventInput = z.input<typeof visitEventSchema>

// share links (docs/PRODUCT.md §24) -------------------------------------------

/** How many projects one link may show. */
export const SHARE_LINK_MAX_PROJECTS = 50
/** The note to the recipient, in characters. */
export const SHARE_NOTE_MAX = 500
/** A passphrase's shortest length; bcrypt reads at most 72 bytes, as of a password. */
export const PASSPHRASE_MIN_LENGTH = 4

const shareProjectIds = z
  .array(
    z
      .number({ error: 'Each project must be given by its id' })
      .int('Each project must be given by its id')
      .positive('Each project must be given by its id')
      .max(2147483647, 'Each project must be given by its id'),
    { error: 'Choose the projects to show, as a list of ids' },
  )
  .min(1, 'Choose at least one project')
  .max(SHARE_LINK_MAX_PROJECTS, `At most ${SHARE_LINK_MAX_PROJECTS} projects`)
  .superRefine((ids, ctx) => {
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i)
        ctx.addIssue({ code: 'custom', path: [i], message: 'This project is listed twice' })
    })
  })

/** '' and null both mean no note. */
const shareNote = z
  .union([
    z
      .string({ error: 'The note must be text' })
      .trim()
      .max(SHARE_NOTE_MAX, `The note must be at most ${SHARE_NOTE_MAX} characters`),
    z.null(),
  ])
  .transform((note) => note || null)

/** An instant with its offset (2026-12-31T18:00:00Z); null for a link that never expires. */
const expiresAt = z.union([
  z.iso.datetime({
    offset: true,
    error: 'The expiry must be a date and time such as 2026-12-31T18:00:00Z',
  }),
  z.null(),
])

export const passphrase = z
  .string({ error: 'The passphrase must be text' })
  .min(PASSPHRASE_MIN_LENGTH, `The passphrase must be at least ${PASSPHRASE_MIN_LENGTH} characters`)
  .refine(
    (value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES,
    `The passphrase must be at most ${PASSWORD_MAX_BYTES} bytes (72 letters of the English alphabet, fewer with accents or emoji)`,
  )

const shareLinkFields = {
  label: required('Give the link a label, for you alone', 100),
  projectIds: shareProjectIds,
  note: shareNote.optional(),
  showCv: z.boolean({ error: 'showCv must be true or false' }).optional(),
  showContact: z.boolean({ error: 'showContact must be true or false' }).optional(),
  /** One of the site's languages (checked by the API), or null for the site's default. */
  lang: languageTag.nullable().optional(),
  expiresAt: expiresAt.optional(),
  /** Set, replaced, or removed with null. */
  passphrase: z.union([passphrase, z.null()]).optional(),
}

/** POST /share-links. */
export const shareLinkSchema = z.object(shareLinkFields).transform((v) => ({
  ...v,
  note: v.note ?? null,
  showCv: v.showCv ?? false,
  showContact: v.showContact ?? false,
  lang: v.lang ?? null,
  expiresAt: v.expiresAt ?? null,
  passphrase: v.passphrase ?? null,
}))
export type ShareLinkInput = z.input<typeof shareLinkSchema>

/** PATCH /share-links/{id}: absent fields stay as they are. */
export const shareLinkUpdateSchema = z.object({
  ...shareLinkFields,
  label: shareLinkFields.label.optional(),
  projectIds: shareProjectIds.optional(),
})
export type ShareLinkUpdateInput = z.input<typeof shareLinkUpdateSchema>

/** POST /shared/{token}/unlock. */
export const shareUnlockSchema = z.object({
  passphrase: z
    .string({ error: 'Enter the passphrase' })
    .min(1, 'Enter the passphrase')
    .max(200, 'Wrong passphrase'),
})

/** POST /shared/{token}/views: a beacon; `pass` is what the unlock answered, for a link with a passphrase. */
export const shareViewSchema = z.object({
  pass: z.string({ error: 'pass must be text' }).max(200, 'pass is too long').optional(),
})
// posts (docs/PRODUCT.md §26) --------------------------------------------------

/** A post's body: Markdown, at most this many characters (its bytes: POST_BODY_LIMIT). */
export const MAX_POST_BODY = 100_000
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const SLUG_MESSAGE = 'A slug is lower-case letters and digits in words joined by hyphens'

export const postSlug = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .max(80, 'A slug must be at most 80 characters')
  .regex(SLUG, SLUG_MESSAGE)

/**
 * The texts a post's card shows, each stored as written in the column of its
 * name (snake_case): the answer (contract/responses.ts), the repository's
 * SELECT and columns, and the back office form's values are made from this
 * list, so a text added here is written, read and edited with no other list
 * to change.
 */
export const postCardTexts = {
  title: required('Title is required'),
  slug: postSlug,
  summary: text(500),
}

const postTexts = {
  ...postCardTexts,
  body: z.string().max(MAX_POST_BODY, `Must be at most ${MAX_POST_BODY} characters`),
}

const postFields = {
  ...postTexts,
  coverImage: urlOrNone,
  status: z.enum(POST_STATUSES, { error: 'status must be draft, scheduled or published' }),
  publishAt: z.union([
    z.iso.datetime({ offset: true, error: 'publishAt must be an ISO date and time' }),
    z.null(),
  ]),
  technologiesIds: technologyIds,
  projectIds: z.array(z.number().int().positive()).max(100),
  // Each translated text is checked as the default language's (the registry names them).
  translations: translationsOf(pickFields(postTexts, TRANSLATABLE.posts)),
}

/** A schedule is for later; a scheduled post needs one. */
function checkSchedule(
  post: { status?: string; publishAt?: string | null },
  ctx: z.RefinementCtx,
  future = true,
) {
  if (post.status === 'scheduled' && post.publishAt === null)
    ctx.addIssue({
      code: 'custom',
      path: ['publishAt'],
      message: 'A scheduled post needs publishAt',
    })
  if (future && post.publishAt && Date.parse(post.publishAt) <= Date.now())
    ctx.addIssue({
      code: 'custom',
      path: ['publishAt'],
      message: 'publishAt must be in the future',
    })
}

const postCreateObject = z.object({
  ...postFields,
  slug: postSlug.optional().describe('From the title when absent (made unique)'),
  summary: postFields.summary.optional().default(''),
  body: postFields.body.optional().default(''),
  coverImage: optionalUrl,
  status: postFields.status.optional().default('draft'),
  publishAt: postFields.publishAt.optional().transform((v) => v ?? null),
  technologiesIds: technologyIds.optional().default([]),
  projectIds: postFields.projectIds.optional().default([]),
})

export const postSchema = postCreateObject.superRefine((post, ctx) => checkSchedule(post, ctx))

/** PATCH /posts/{id}: any subset; absent keys stay unchanged. */
export const postUpdateSchema = z
  .object(postFields)
  .partial()
  .superRefine((post, ctx) => checkSchedule(post, ctx))

/** A post in a backup: as written, with when it was published (a past schedule publishes it). */
export const postBackupSchema = postCreateObject
  .extend({
    publishedAt: z.union([z.iso.datetime({ offset: true }), z.null()]).optional(),
    projectIds: postFields.projectIds
      .optional()
      .default([])
      .describe("Places in the archive's projects"),
  })
  .superRefine((post, ctx) => checkSchedule(post, ctx, false))
export type PostPayload = z.output<typeof postSchema>
export type PostInput = z.input<typeof postSchema>
