// Who may claim a fresh install (docs/decisions/034-claiming-a-fresh-install.md).
// Until the first admin exists, POST /auth/register would make anyone who
// finds the site its owner. It takes proof of owning the server: a request
// from the server itself (npm start, npm run dev), or the setup code that only
// the server's owner can read (printed at start, or SETUP_TOKEN).
import { createHmac } from 'node:crypto'
import { isIPv4, ipv6Groups } from '../http/ip-address.ts'

export interface SetupRule {
  /** The code that opens registration; undefined: none is set (the edge function without SETUP_TOKEN). */
  code?: string
  /** Whether a request from this machine needs no code (the Node server, not the edge function). */
  loopbackWithoutCode: boolean
}

/**
 * Set by server/http.ts on a request that came through a proxy (it carried
 * forwarding headers, or its peer is a trusted proxy); removed from what
 * clients send. A loopback address with it is the proxy's, not the owner's.
 */
export const VIA_PROXY_HEADER = 'x-vitrine-via-proxy'

export const setupMessages = {
  notConfigured:
    'Registration is closed until a setup code is set. Set SETUP_TOKEN for the API (e.g. npx supabase secrets set SETUP_TOKEN=<a long random code>) and open /admin/register?setup=<that code>.',
  codeNeeded:
    'A valid setup code is needed to create the first admin account from another computer. Open the link the server printed at start (/admin/register?setup=...), or register from the server itself.',
  codeNeededEdge:
    'A valid setup code is needed to create the first admin account. Open /admin/register?setup=<your SETUP_TOKEN>.',
}

export function isLoopback(address: string): boolean {
  if (isIPv4(address)) return address.startsWith('127.')
  const groups = ipv6Groups(address)
  if (!groups) return false
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && g === 0) return h === 1
  const mapped = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff
  return mapped && g >> 8 === 127
}

/** Compares without an early exit, so the time taken says nothing about the code. */
export function sameCode(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let difference = a.length ^ b.length
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return difference === 0
}

/**
 * Null when this request may register, else the message of its 403.
 * `fromThisMachine`: the client address is loopback and no proxy stood
 * between (server/http.ts).
 */
export function setupRefusal(
  rule: SetupRule,
  given: string | undefined,
  fromThisMachine: boolean,
): string | null {
  if (rule.loopbackWithoutCode && fromThisMachine) return null
  if (rule.code === undefined) return setupMessages.notConfigured
  if (given !== undefined && sameCode(given, rule.code)) return null
  return rule.loopbackWithoutCode ? setupMessages.codeNeeded : setupMessages.codeNeededEdge
}

/**
 * The Node server's code when SETUP_TOKEN is not set: derived from the token
 * secret, so every process sharing that secret prints and accepts the same
 * code, and it needs no storage. 128 bits, base64url.
 */
export function deriveSetupCode(secret: string): string {
  return createHmac('sha256', secret)
    .update('vitrine first-admin setup')
    .digest()
    .subarray(0, 16)
    .toString('base64url')
}
