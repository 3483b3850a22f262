// Links that come from data are rendered only when they are http(s) or mailto
// (or a path on this site), so a stored `javascript:` URL never becomes a
// clickable link, and a "path" such as '/\evil.example' or '/\t/evil', which
// browsers send to another host, never passes as one. The rule is the API's
// own (supabase/functions/_shared/contract/links.ts), so what the server stores and
// what the page renders agree; configuration values (linkedinUrl, githubUrl)
// are free text and rely on this check alone.
import { isMailtoLink, isWebUrl } from '@shared/contract/links.ts'

export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const url = value.trim()
  return isWebUrl(url) || isMailtoLink(url) ? url : undefined
}

/** A link to another site: safeHref's rule, and only an absolute http(s) URL. */
export function externalHref(value: string | null | undefined): string | undefined {
  const href = safeHref(value)
  return href && /^https?:/i.test(href) ? href : undefined
}

/** An e-mail address as a mailto: link, or undefined when it does not look like one. */
export function mailtoHref(email: string | null | undefined): string | undefined {
  if (!email) return undefined
  const address = email.trim().replace(/^mailto:/i, '')
  return /^[^@\s:/]+@[^@\s:/]+\.[^@\s:/]+$/.test(address) ? `mailto:${address}` : undefined
}
