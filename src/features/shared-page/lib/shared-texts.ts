// What the recipient's page says of its owner: the site's texts the link's
// read answers (in the link's language), over the catalogue's defaults.
import type { SharedPage } from '@shared/contract/types.ts'
import type { Catalogue } from '@/lib/i18n/messages/en'

export interface SharedOwner {
  name: string
  heroTitle1: string
  heroTitle2: string
  heroDescription: string
  contactTitle: string
}

export function sharedOwner(site: SharedPage['site'], catalogue: Catalogue): SharedOwner {
  const text = (name: string, fallback: string) => site[name]?.trim() || fallback
  return {
    name: text('ownerName', ''),
    heroTitle1: text('heroTitle1', catalogue['site.heroTitle1']),
    heroTitle2: text('heroTitle2', catalogue['site.heroTitle2']),
    heroDescription: text('heroDescription', catalogue['site.heroDescription']),
    contactTitle: text('contactTitle', catalogue['site.contactTitle']),
  }
}

/** The note's first line, for the link preview and the tab's title. */
export const firstLine = (note: string | null) => (note ?? '').trim().split(/\r?\n/)[0]!.trim()

/** Which of the 410 messages: the API says 'This link was revoked' or 'This link has expired'. */
export const goneKind = (message: string): 'revoked' | 'expired' =>
  /revoked/i.test(message) ? 'revoked' : 'expired'

/** The project id a `<id>-<slug>` segment starts with, or null. */
export function projectIdFromSlug(segment: string | undefined): number | null {
  const match = /^(\d{1,9})(?:-|$)/.exec(segment ?? '')
  return match ? Number(match[1]) : null
}
