// npm start and npm run dev answer only to their own names
// (docs/decisions/034-claiming-a-fresh-install.md). A web page can make a
// browser send requests to a server on the visitor's machine under the page's
// own domain name, once that name resolves to 127.0.0.1 (DNS rebinding); the
// Host header still carries the page's name, so refusing unknown names keeps
// such pages away from a developer's local instance and its first-admin
// registration. Addresses written as IPs cannot be rebound, and are allowed.
import { isIP } from 'node:net'

export interface HostRule {
  /** Names that may be asked for, lower case, without port. */
  names: Set<string>
}

/**
 * SITE_URL's host, localhost, and ALLOWED_HOSTS (comma-separated names, e.g.
 * `portfolio.internal, jordan.dev`).
 */
export function readHostRule(
  siteUrl: string | undefined,
  allowedHosts: string | undefined,
): HostRule {
  const names = new Set(['localhost'])
  if (siteUrl && URL.canParse(siteUrl)) names.add(new URL(siteUrl).hostname.toLowerCase())
  for (const entry of (allowedHosts ?? '').split(',')) {
    const name = entry.trim().toLowerCase()
    if (!name) continue
    if (!/^[a-z0-9.-]+$/.test(name))
      throw new Error(`ALLOWED_HOSTS must list host names, got "${entry.trim()}"`)
    names.add(name)
  }
  return { names }
}

/** The Host header's name: without its port, brackets kept off an IPv6 address. */
function hostName(host: string): string {
  const value = host.trim().toLowerCase()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
  if (bracketed) return bracketed[1] ?? ''
  return value.replace(/:\d+$/, '').replace(/\.$/, '')
}

export function hostAllowed(rule: HostRule, host: string | undefined): boolean {
  // HTTP/1.0 clients may send none; a browser always does.
  if (host === undefined || host === '') return true
  const name = hostName(host)
  return isIP(name) !== 0 || rule.names.has(name)
}

export const unknownHostMessage = (host: string) =>
  `This server does not answer to "${host.slice(0, 100)}". If that is its name, add it to ALLOWED_HOSTS or set SITE_URL to it.`
