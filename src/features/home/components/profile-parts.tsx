// The profile on the public page (docs/PRODUCT.md §3, "Profile"): who the
// owner is, whether they are available and where to reach them. Drawn by the
// server only (server-part.tsx); the browser keeps the markup as it came.
import { CalendarIcon, MapPinIcon } from 'lucide-react'
import {
  LINK_LABELS,
  linkHref,
  readProfile,
  type ProfileLink,
} from '@shared/contract/profile-links.ts'
import { Button } from '@/components/ui/button'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { visitTarget } from '@/lib/visit-target'
import { cn } from '@/lib/utils'
import { siteTextAttributes, type LocalSiteConfig } from '../lib/local-site-config'
import { profileText, type ProfileKey } from '../lib/profile-messages'
import { linkClass } from './contact-section'
import { LinkIcon } from './link-icons'
import type { DrawPart } from './server-part'

const TRACKED = new Set(['github', 'linkedin', 'email'])

function useProfile(config: LocalSiteConfig) {
  const page = usePageLanguage()
  const text = (key: ProfileKey, name?: string) => profileText(page.lang, key, name)
  const label = (link: ProfileLink) =>
    link.kind === 'email'
      ? link.url.replace(/^mailto:/i, '')
      : link.kind === 'website'
        ? text('website')
        : LINK_LABELS[link.kind]
  return { profile: readProfile(config), page, text, label }
}

/** rel="me" on every link: Mastodon and others verify the site through it. */
function ProfileLinkItem({
  link,
  label,
  card,
}: {
  link: ProfileLink
  label: string
  card?: boolean
}) {
  const external = link.kind !== 'email'
  return (
    <a
      href={linkHref(link)}
      rel={external ? 'me noopener noreferrer' : 'me'}
      target={external ? '_blank' : undefined}
      {...(TRACKED.has(link.kind) ? visitTarget(link.kind as 'github') : {})}
      className={
        card
          ? linkClass
          : 'inline-flex size-11 items-center justify-center rounded-full border bg-card text-foreground shadow-sm transition-colors hover:border-primary/60 hover:bg-accent'
      }
      aria-label={card ? undefined : label}
    >
      <LinkIcon
        kind={link.kind}
        className={cn('shrink-0', card ? 'size-5 text-primary' : 'size-5')}
      />
      {card && <span className="break-all">{label}</span>}
    </a>
  )
}

function HeroProfile({ config }: { config: LocalSiteConfig }) {
  const { profile, page, text, label } = useProfile(config)
  const attrs = (name: 'headline' | 'location' | 'availabilityNote') =>
    siteTextAttributes(config, name, page)
  return (
    <div className="mb-6 flex flex-col items-center gap-3">
      {profile.photo && (
        <img
          src={profile.photo}
          alt={text('photo', profile.name)}
          width={128}
          height={128}
          className="size-28 rounded-full border-4 border-background object-cover shadow-lg sm:size-32"
        />
      )}
      {profile.name && (
        <p className="text-sm font-semibold tracking-[0.2em] text-muted-foreground uppercase">
          {profile.name}
        </p>
      )}
      {profile.headline && (
        <p {...attrs('headline')} className="text-lg font-semibold">
          {profile.headline}
        </p>
      )}
      {profile.location && (
        <p {...attrs('location')} className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPinIcon aria-hidden="true" className="size-4" />
          {profile.location}
        </p>
      )}
      {profile.availability && (
        <p className="inline-flex flex-wrap items-center justify-center gap-2 rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-sm font-semibold text-foreground">
          <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
          {text(profile.availability)}
          {profile.availabilityNote && (
            <span {...attrs('availabilityNote')} className="font-normal text-muted-foreground">
              · {profile.availabilityNote}
            </span>
          )}
        </p>
      )}
      {(profile.links.length > 0 || profile.bookingUrl) && (
        <div className="mt-2 flex flex-wrap items-center justify-center gap-3">
          {profile.bookingUrl && (
            <Button asChild size="sm" className="rounded-full px-5 font-bold">
              <a href={profile.bookingUrl} target="_blank" rel="noopener noreferrer">
                <CalendarIcon aria-hidden="true" />
                {text('book')}
              </a>
            </Button>
          )}
          {profile.links.length > 0 && (
            <ul aria-label={text('links')} className="flex flex-wrap justify-center gap-2">
              {profile.links.map((link) => (
                <li key={`${link.kind} ${link.url}`}>
                  <ProfileLinkItem link={link} label={label(link)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}

function ContactLinks({ config }: { config: LocalSiteConfig }) {
  const { profile, label } = useProfile(config)
  return (
    <div className="flex flex-col gap-3">
      {profile.links.map((link) => (
        <ProfileLinkItem key={`${link.kind} ${link.url}`} link={link} label={label(link)} card />
      ))}
    </div>
  )
}

/** What the server's renderer gives the page (src/entry-server.tsx). */
export const drawProfilePart: DrawPart = (name, config) =>
  name === 'hero-profile' ? (
    <HeroProfile config={config} />
  ) : name === 'contact-links' ? (
    <ContactLinks config={config} />
  ) : null
