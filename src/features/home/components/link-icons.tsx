// One small mark per kind of link, drawn by the server only (server-part.tsx):
// decorative, the link's text names it. lucide has no brand marks, so the
// brands are simple shapes of our own; GitHub and LinkedIn are brand-icons.tsx.
import type { ComponentProps, ComponentType } from 'react'
import { GlobeIcon, MailIcon } from 'lucide-react'
import type { LinkKind } from '@shared/contract/profile-links.ts'
import { GithubIcon, LinkedinIcon } from './brand-icons'

const mark = (...paths: string[]) =>
  function Mark(props: ComponentProps<'svg'>) {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    )
  }

const ICONS: Record<LinkKind, ComponentType<ComponentProps<'svg'>>> = {
  github: GithubIcon,
  linkedin: LinkedinIcon,
  gitlab: mark('M12 22 1.5 14.4 4.2 2.5l3 8.2h9.6l3-8.2 2.7 11.9z'),
  mastodon: mark(
    'M21.3 7.9c0-4.3-2.8-5.6-2.8-5.6C17.1 1.7 14.7 1.4 12.2 1.4h-.1c-2.5 0-4.9.3-6.3.9 0 0-2.8 1.3-2.8 5.6 0 1-.1 2.2 0 3.4.1 4.4.8 8.8 4.9 9.9 1.9.5 3.5.6 4.8.5 2.4-.1 3.7-.8 3.7-.8l-.1-1.7s-1.7.5-3.6.5c-1.9-.1-3.9-.2-4.2-2.5v-.7s1.9.5 4.2.6c1.4.1 2.8-.1 4.1-.2 2.6-.3 4.9-1.9 5.1-3.4.5-2.3.4-5.6.4-5.6zm-3.5 5.8h-2.2V8.4c0-1.1-.5-1.7-1.4-1.7-1 0-1.6.7-1.6 2v2.9h-2.2V8.7c0-1.3-.5-2-1.6-2-.9 0-1.4.6-1.4 1.7v5.3H5.3V8.2c0-1.1.3-2 .9-2.6.6-.7 1.3-1 2.2-1 1.1 0 1.9.4 2.4 1.3l.5.9.5-.9c.5-.8 1.3-1.3 2.4-1.3.9 0 1.7.3 2.2 1 .6.6.9 1.5.9 2.6z',
  ),
  bluesky: mark(
    'M5.2 3.1C7.9 5.1 10.8 9.2 12 11.5c1.2-2.3 4.1-6.4 6.8-8.4 1.9-1.4 5.2-2.6 5.2 1 0 .7-.4 6.1-.7 7-.9 3.1-4.1 3.9-7 3.4 5 .9 6.3 3.7 3.5 6.5-5.2 5.3-7.5-1.3-8.1-3-.1-.3-.2-.5-.2-.3 0-.2-.1 0-.2.3-.6 1.7-2.9 8.3-8.1 3-2.8-2.8-1.5-5.6 3.5-6.5-2.9.5-6.1-.3-7-3.4C.4 10.2 0 4.8 0 4.1c0-3.6 3.3-2.4 5.2-1z',
  ),
  x: mark(
    'M18.9 1.2h3.7l-8 9.2L24 22.8h-7.4l-5.8-7.6-6.6 7.6H.5l8.6-9.8L0 1.2h7.6l5.2 6.9zm-1.3 19.5h2L6.5 3.2H4.3z',
  ),
  stackoverflow: mark(
    'M18 21.5v-6.4h2.1v8.5H1.1v-8.5h2.1v6.4z',
    'M5.5 19.4h10.4v-2.1H5.5zM5.8 14.6l10.2 2.1.4-2-10.2-2.2zM7.1 9.7l9.4 4.4.9-1.9L8 7.8zM9.8 5l8 6.6 1.3-1.6-8-6.6zM14.8.5 13.2 1.7l6.2 8.3 1.6-1.2z',
  ),
  youtube: mark(
    'M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8zM9.6 15.6V8.4l6.3 3.6z',
  ),
  dev: mark(
    'M2 3h20a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 5v8h2a3 3 0 0 0 3-3v-2a3 3 0 0 0-3-3zm1.5 1.5H7a1.5 1.5 0 0 1 1.5 1.5v2A1.5 1.5 0 0 1 7 14.5h-.5zM11 8v8h4v-1.5h-2.5v-1.8H15v-1.4h-2.5V9.5H15V8zm5 0 2 8h1l2-8h-1.6L18.5 13l-.9-5z',
  ),
  website: GlobeIcon,
  email: MailIcon,
}

export function LinkIcon({ kind, className }: { kind: LinkKind; className?: string }) {
  const Icon = ICONS[kind]
  return <Icon aria-hidden="true" className={className} />
}
