// Links that come from data are rendered only when their scheme is http(s) or
// mailto (or a path on this site), so a stored `javascript:` URL never becomes
// a clickable link.
const allowed = /^(https?:\/\/|mailto:)/i

export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const url = value.trim()
  if (allowed.test(url)) return url
  if (url.startsWith('/') && !url.startsWith('//')) return url
  return undefined
}

/** An e-mail address as a mailto: link, or undefined when it does not look like one. */
export function mailtoHref(email: string | null | undefined): string | undefined {
  if (!email) return undefined
  const address = email.trim().replace(/^mailto:/i, '')
  return /^[^@\s:/]+@[^@\s:/]+\.[^@\s:/]+$/.test(address) ? `mailto:${address}` : undefined
}
