// The profile (docs/PRODUCT.md §3, "Profile"): configurations with declared
// names, each with its rule and message. The API checks a declared name's
// value on every write of /configs, whichever screen sent it; the Profile
// screen's form resolves with the same rules, so both say the same thing.
// Names not declared here stay free text.
import { z } from 'zod'
import { isWebUrl } from './links.ts'
import {
  isLinkKind,
  isLinkOf,
  LINK_KINDS,
  linkMessage,
  parseLinks,
  profileLinks,
  SPEC_LINK_KEYS,
  type ProfileLink,
} from './profile-links.ts'

// Before the first z.object() of this module, which the contract's schemas
// import first: no code generation with `new Function`, which the built
// site's Content-Security-Policy refuses (schemas.ts says more).
z.config({ jitless: true })

export const AVAILABILITIES = ['open', 'selective', 'closed'] as const
export type Availability = (typeof AVAILABILITIES)[number]

/** How many links a profile holds at most. */
export const MAX_LINKS = 20

const short = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`)

/** '' or a value `ok` accepts. */
const blankOr = (ok: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || ok(value), message)

export const profileMessages = {
  photo: 'The photo must be an image uploaded here',
  availability: 'Availability must be open, selective or closed',
  bookingUrl: 'The booking link must be an https:// address',
  links: 'Links must be a JSON list of { "kind", "url" }',
  kind: `Choose a kind of link: ${LINK_KINDS.join(', ')}`,
  tooManyLinks: `At most ${MAX_LINKS} links`,
} as const

const linkSchema = z
  .object({
    kind: z.string({ error: profileMessages.kind }).refine(isLinkKind, profileMessages.kind),
    url: z.string({ error: 'Enter an address' }).trim().min(1, 'Enter an address'),
  })
  .superRefine((link, ctx) => {
    if (isLinkKind(link.kind) && !isLinkOf(link.kind, link.url))
      ctx.addIssue({ code: 'custom', path: ['url'], message: linkMessage(link.kind) })
  })

export const linkListSchema = z.array(linkSchema).max(MAX_LINKS, profileMessages.tooManyLinks)

/** The `links` configuration's value: JSON text holding a list of links. */
const linksValue = z.string().superRefine((text, ctx) => {
  if (!text.trim()) return
  let list: unknown
  try {
    list = JSON.parse(text)
  } catch {
    return void ctx.addIssue({ code: 'custom', message: profileMessages.links })
  }
  const parsed = linkListSchema.safeParse(list)
  if (!parsed.success)
    ctx.addIssue({
      code: 'custom',
      message: Array.isArray(list) ? parsed.error.issues[0]!.message : profileMessages.links,
    })
})

/** Every declared name and the rule its value follows. */
export const PROFILE_VALUES = {
  ownerName: short('Name', 100),
  headline: short('Headline', 120),
  photo: blankOr(isWebUrl, profileMessages.photo),
  location: short('Location', 100),
  bio: short('Bio', 600),
  availability: blankOr(
    (value) => (AVAILABILITIES as readonly string[]).includes(value),
    profileMessages.availability,
  ),
  availabilityNote: short('Availability note', 80),
  bookingUrl: blankOr(
    (value) => /^https:\/\/[^/\s]/i.test(value) && isWebUrl(value),
    profileMessages.bookingUrl,
  ),
  links: linksValue,
  githubUrl: blankOr((value) => isLinkOf('github', value), linkMessage('github')),
  linkedinUrl: blankOr((value) => isLinkOf('linkedin', value), linkMessage('linkedin')),
  email: blankOr((value) => isLinkOf('email', value), linkMessage('email')),
} satisfies Record<string, z.ZodType<string, string>>

export type ProfileName = keyof typeof PROFILE_VALUES

/** The profile's texts a page in another language shows translated. */
export const PROFILE_TRANSLATABLE = ['headline', 'location', 'bio', 'availabilityNote'] as const

export const isProfileName = (name: string): name is ProfileName =>
  Object.hasOwn(PROFILE_VALUES, name)

/** What is wrong with `value` for configuration `name`: null when fine or not a declared name. */
export function declaredValueProblem(name: string, value: string): string | null {
  if (!isProfileName(name)) return null
  const parsed = PROFILE_VALUES[name].safeParse(value)
  return parsed.success ? null : parsed.error.issues[0]!.message
}

/**
 * The issues of a configuration write for a declared name: its value, and
 * each translation's, follow the name's rule. `name` is the row's (a PATCH
 * carries none).
 */
export function declaredConfigIssues(
  name: string,
  input: { value?: string; translations?: Record<string, { value?: string } | null> },
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = []
  const check = (path: (string | number)[], value: string | undefined) => {
    const problem = value === undefined ? null : declaredValueProblem(name, value)
    if (problem) issues.push({ path, message: problem })
  }
  check(['value'], input.value)
  for (const [lang, text] of Object.entries(input.translations ?? {}))
    check(['translations', lang, 'value'], text?.value || undefined)
  return issues
}

// The Profile screen's form ----------------------------------------------------

export const profileFormSchema = z.object({
  ownerName: PROFILE_VALUES.ownerName.min(1, 'Name is required'),
  headline: PROFILE_VALUES.headline,
  photo: PROFILE_VALUES.photo,
  location: PROFILE_VALUES.location,
  bio: PROFILE_VALUES.bio,
  availability: z.enum(['', ...AVAILABILITIES], { error: profileMessages.availability }),
  availabilityNote: PROFILE_VALUES.availabilityNote,
  bookingUrl: PROFILE_VALUES.bookingUrl,
  links: z
    .array(z.object({ kind: z.enum(LINK_KINDS, { error: profileMessages.kind }), url: z.string() }))
    .max(MAX_LINKS, profileMessages.tooManyLinks)
    .superRefine((links, ctx) =>
      links.forEach((link, i) => {
        const url = link.url.trim()
        if (!url) ctx.addIssue({ code: 'custom', path: [i, 'url'], message: 'Enter an address' })
        else if (!isLinkOf(link.kind, url))
          ctx.addIssue({ code: 'custom', path: [i, 'url'], message: linkMessage(link.kind) })
      }),
    ),
})
export type ProfileForm = z.input<typeof profileFormSchema>

const TEXT_FIELDS = [
  'ownerName',
  'headline',
  'photo',
  'location',
  'bio',
  'availabilityNote',
  'bookingUrl',
] as const

/** The form's values from the configurations (name to value), links in the page's order. */
export function profileFromConfigs(values: Record<string, unknown>): ProfileForm {
  const read = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '')
  const availability = read('availability')
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, read(name)])) as Record<
      (typeof TEXT_FIELDS)[number],
      string
    >),
    availability: (AVAILABILITIES as readonly string[]).includes(availability)
      ? (availability as Availability)
      : '',
    links: profileLinks(values),
  }
}

/**
 * The configurations the form writes: each field under its name; the first
 * GitHub, LinkedIn and e-mail link under the spec's keys (cleared when there
 * is none), every other link in `links`.
 */
export function profileToConfigs(
  form: z.output<typeof profileFormSchema>,
): Record<ProfileName, string> {
  const links: ProfileLink[] = form.links.map(({ kind, url }) => ({ kind, url: url.trim() }))
  const own: Record<string, string> = { githubUrl: '', linkedinUrl: '', email: '' }
  const rest = links.filter((link) => {
    const key = (SPEC_LINK_KEYS as Record<string, string>)[link.kind]
    if (!key || own[key]) return true
    own[key] = link.url.replace(/^mailto:/i, '')
    return false
  })
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, form[name]])) as Record<
      (typeof TEXT_FIELDS)[number],
      string
    >),
    availability: form.availability,
    links: rest.length ? JSON.stringify(rest) : '',
    githubUrl: own.githubUrl!,
    linkedinUrl: own.linkedinUrl!,
    email: own.email!,
  }
}

export { parseLinks }
