// The owner's links (docs/PRODUCT.md §3, "Profile"): which kinds there are,
// what address each kind takes, and the one list the page, the CV, the résumé
// export and the dashboard read. Free of zod: the public page reads it.
//
// The spec's own keys stay the source for what they name: `githubUrl`,
// `linkedinUrl` and `email` hold the first GitHub, LinkedIn and e-mail link;
// the `links` configuration (a JSON list of { kind, url }) holds the others.

export const LINK_KINDS = [
  'github',
  'gitlab',
  'linkedin',
  'mastodon',
  'bluesky',
  'x',
  'stackoverflow',
  'youtube',
  'dev',
  'website',
  'email',
] as const
export type LinkKind = (typeof LINK_KINDS)[number]

export interface ProfileLink {
  kind: LinkKind
  url: string
}

/** The kinds the spec's keys hold, and their keys. */
export const SPEC_LINK_KEYS = {
  github: 'githubUrl',
  linkedin: 'linkedinUrl',
  email: 'email',
} as const

/** How each kind is written, for people: the names on the page and in messages. */
export const LINK_LABELS: Record<LinkKind, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  x: 'X',
  stackoverflow: 'Stack Overflow',
  youtube: 'YouTube',
  dev: 'DEV',
  website: 'Website',
  email: 'E-mail',
}

const EMAIL = /^(?:mailto:)?[^@\s:/?#]+@[^@\s:/?#]+\.[^@\s:/?#]+$/i
const PATH = String.raw`[^\s/?#]+`

/** Each kind's address: https on its own host, the account in the path. */
const ADDRESSES: Record<LinkKind, RegExp> = {
  github: /^https:\/\/(?:www\.)?github\.com\/[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/?$/,
  gitlab: /^https:\/\/(?:www\.)?gitlab\.com\/[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*\/?$/,
  linkedin: new RegExp(
    String.raw`^https://(?:[a-z]{2,3}\.)?linkedin\.com/(?:in|company)/${PATH}/?$`,
  ),
  mastodon: /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+\/@[A-Za-z0-9_]+(?:@[a-z0-9.-]+)?\/?$/i,
  bluesky: /^https:\/\/bsky\.app\/profile\/[A-Za-z0-9.:_-]+\/?$/,
  x: /^https:\/\/(?:www\.)?(?:x|twitter)\.com\/[A-Za-z0-9_]{1,15}\/?$/,
  stackoverflow: new RegExp(
    String.raw`^https://(?:www\.)?stackoverflow\.com/users/\d+(?:/${PATH})?/?$`,
  ),
  youtube: new RegExp(
    String.raw`^https://(?:www\.)?youtube\.com/(?:@[A-Za-z0-9_.-]+|(?:channel|c|user)/${PATH})/?$`,
  ),
  dev: /^https:\/\/dev\.to\/[A-Za-z0-9_]+\/?$/,
  website: /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d+)?(?:[/?#][^\s\\]*)?$/i,
  email: EMAIL,
}

/** What an address of `kind` looks like, for the message that refuses another. */
export const LINK_EXAMPLES: Record<LinkKind, string> = {
  github: 'https://github.com/<user>',
  gitlab: 'https://gitlab.com/<user>',
  linkedin: 'https://www.linkedin.com/in/<name>',
  mastodon: 'https://<server>/@<user>',
  bluesky: 'https://bsky.app/profile/<handle>',
  x: 'https://x.com/<user>',
  stackoverflow: 'https://stackoverflow.com/users/<id>',
  youtube: 'https://www.youtube.com/@<handle>',
  dev: 'https://dev.to/<user>',
  website: 'https://<your site>',
  email: 'you@example.com',
}

export const isLinkKind = (kind: unknown): kind is LinkKind =>
  (LINK_KINDS as readonly unknown[]).includes(kind)

/** Whether `url` is an address of `kind`. */
export const isLinkOf = (kind: LinkKind, url: string) => ADDRESSES[kind].test(url.trim())

/** The message for an address that is not one of `kind`. */
export const linkMessage = (kind: LinkKind) =>
  `${LINK_LABELS[kind]} address must look like ${LINK_EXAMPLES[kind]}`

/** Where a link goes: an e-mail address becomes a mailto: link. */
export const linkHref = ({ kind, url }: ProfileLink) =>
  kind === 'email' && !/^mailto:/i.test(url) ? `mailto:${url}` : url

/** The `links` configuration read leniently: entries that are not a valid link are left out. */
export function parseLinks(value: string | null | undefined): ProfileLink[] {
  if (!value?.trim()) return []
  let list: unknown
  try {
    list = JSON.parse(value)
  } catch {
    return []
  }
  return Array.isArray(list)
    ? list.flatMap((item: Partial<ProfileLink> | null) =>
        item &&
        isLinkKind(item.kind) &&
        typeof item.url === 'string' &&
        isLinkOf(item.kind, item.url)
          ? [{ kind: item.kind, url: item.url.trim() }]
          : [],
      )
    : []
}

/**
 * Every link of the profile in order: the spec's keys first (GitHub,
 * LinkedIn, e-mail, when set and valid), then the `links` list.
 */
export function profileLinks(config: Record<string, unknown>): ProfileLink[] {
  const own = (Object.keys(SPEC_LINK_KEYS) as (keyof typeof SPEC_LINK_KEYS)[]).flatMap((kind) => {
    const url = config[SPEC_LINK_KEYS[kind]]
    return typeof url === 'string' && url.trim() && isLinkOf(kind, url)
      ? [{ kind, url: url.trim() }]
      : []
  })
  return [...own, ...parseLinks(typeof config.links === 'string' ? config.links : null)]
}

export type AvailabilityShown = 'open' | 'selective' | null

/** Who the owner is, as every page reads it (the home page, the CV): one read of the configurations. */
export interface Profile {
  name: string
  headline: string
  photo: string
  location: string
  bio: string
  /** Null when closed or not said: nothing is shown. */
  availability: AvailabilityShown
  availabilityNote: string
  bookingUrl: string
  links: ProfileLink[]
}

/**
 * The profile from configurations (name to value, already in the page's
 * language where translated). Values the API would refuse today are left
 * out, so one kept from before never reaches a page.
 */
export function readProfile(values: Record<string, unknown>): Profile {
  const read = (name: string) =>
    typeof values[name] === 'string' ? (values[name] as string).trim() : ''
  const availability = read('availability')
  const booking = read('bookingUrl')
  const photo = read('photo')
  return {
    name: read('ownerName'),
    headline: read('headline'),
    photo: /^(\/[^/\\\s]|https:\/\/)[^\s\\]*$/.test(photo) ? photo : '',
    location: read('location'),
    bio: read('bio'),
    availability: availability === 'open' || availability === 'selective' ? availability : null,
    availabilityNote:
      availability === 'open' || availability === 'selective' ? read('availabilityNote') : '',
    bookingUrl: /^https:\/\/[^/\s\\]+[^\s\\]*$/.test(booking) ? booking : '',
    links: profileLinks(values),
  }
}
