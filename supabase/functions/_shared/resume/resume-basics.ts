// A JSON Resume's `basics` as the profile (docs/PRODUCT.md §20, §3 "Profile"):
// name, label (headline), e-mail, url (a website link), summary (bio),
// location (a place as text), profiles (links by network name), and the image
// only when it is one of this site's uploads. A profile value the owner has
// already set is kept: the import fills what is empty, and adds the links
// the profile does not have yet. Each value is checked by its declared rule
// (contract/profile.ts); one that fails is left out.
import { declaredValueProblem, type ProfileName } from '../contract/profile.ts'
import {
  isLinkOf,
  parseLinks,
  SPEC_LINK_KEYS,
  type LinkKind,
  type ProfileLink,
} from '../contract/profile-links.ts'
import type { Queryable } from '../db/db.ts'
import { jsonParam } from '../db/sql.ts'
import type { Resume } from './resume-schema.ts'

/** Network names as résumés write them, to our kinds. */
const NETWORKS: Record<string, LinkKind> = {
  github: 'github',
  gitlab: 'gitlab',
  linkedin: 'linkedin',
  mastodon: 'mastodon',
  bluesky: 'bluesky',
  x: 'x',
  twitter: 'x',
  stackoverflow: 'stackoverflow',
  youtube: 'youtube',
  dev: 'dev',
  'dev.to': 'dev',
}

const kindOf = (network: string | undefined) =>
  NETWORKS[(network ?? '').toLowerCase().replace(/[\s_-]/g, '')]

/** What `basics` says, as profile values, before comparing with what is here. */
function fromBasics(
  basics: NonNullable<Resume['basics']>,
  isOurImage: (url: string) => boolean,
): { values: Partial<Record<ProfileName, string>>; links: ProfileLink[] } {
  const place = basics.location
  const location = [place?.city, place?.region, place?.countryCode]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
  const values: Partial<Record<ProfileName, string>> = {
    ownerName: basics.name,
    headline: basics.label,
    email: basics.email,
    bio: basics.summary,
    location,
    photo: basics.image && isOurImage(basics.image) ? basics.image : '',
  }
  const links: ProfileLink[] = []
  if (basics.url && isLinkOf('website', basics.url))
    links.push({ kind: 'website', url: basics.url })
  for (const profile of basics.profiles ?? []) {
    const kind = kindOf(profile.network)
    if (kind && profile.url && isLinkOf(kind, profile.url)) links.push({ kind, url: profile.url })
  }
  return { values, links }
}

/**
 * The configurations the import writes: name to value, each one empty (or
 * missing) here now. Links go to githubUrl / linkedinUrl when those are
 * empty, else to the `links` list, leaving out the addresses already there.
 */
export async function basicsPlan(
  tx: Queryable,
  resume: Resume,
  isOurImage: (url: string) => boolean,
): Promise<Record<string, string>> {
  if (!resume.basics) return {}
  const rows = await tx.query<{ name: string; value: string }>(
    'select name, value from public.configs',
  )
  const here = Object.fromEntries(rows.map((r) => [r.name, r.value.trim()]))
  const { values, links } = fromBasics(resume.basics, isOurImage)
  const plan: Record<string, string> = {}
  for (const [name, value] of Object.entries(values) as [ProfileName, string | undefined][]) {
    const text = value?.trim()
    if (text && !here[name] && !declaredValueProblem(name, text)) plan[name] = text
  }
  const list = parseLinks(here.links)
  const known = new Set([
    ...list.map((link) => link.url),
    ...Object.values(SPEC_LINK_KEYS).map((key) => here[key]),
  ])
  const added: ProfileLink[] = []
  for (const link of links) {
    if (known.has(link.url)) continue
    known.add(link.url)
    const key = (SPEC_LINK_KEYS as Partial<Record<LinkKind, string>>)[link.kind]
    if (key && !here[key] && !plan[key]) plan[key] = link.url
    else added.push(link)
  }
  if (added.length) plan.links = JSON.stringify([...list, ...added])
  return plan
}

/** Writes the plan: a missing configuration is added, an empty one takes its value. */
export async function writeBasics(tx: Queryable, plan: Record<string, string>): Promise<void> {
  const rows = Object.entries(plan).map(([name, value]) => ({ name, value }))
  if (!rows.length) return
  await tx.query(
    `insert into public.configs as c (name, value)
     select e.value ->> 'name', e.value ->> 'value' from jsonb_array_elements($1::jsonb) e
     on conflict ((lower(name))) do update set value = excluded.value
       where c.value = '' or c.name = 'links'`,
    [jsonParam(rows)],
  )
}
