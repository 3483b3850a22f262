// What passkeys need besides the database (docs/decisions/041-passkeys.md):
// the relying party, from SITE_URL, and reading the challenge a browser's
// answer signed, before the database says whether it is still good. The
// signatures themselves are checked by @simplewebauthn/server.
import type { Context } from 'hono'
import type { AppEnv } from '../context.ts'
import { badRequest, HttpError } from '../http/errors.ts'

export interface RelyingParty {
  /** The host name passkeys are bound to (SITE_URL's, no port). */
  id: string
  /** The one origin whose pages may use them (SITE_URL's). */
  origin: string
  name: string
}

/** How long a ceremony may take, in the options and in the database (five minutes). */
export const CEREMONY_MS = 5 * 60 * 1000

/** The relying party this server speaks for, or 503 when SITE_URL is not set. */
export function relyingParty(c: Context<AppEnv>): RelyingParty {
  const siteUrl = c.get('deps').siteUrl
  if (!siteUrl || !URL.canParse(siteUrl))
    throw new HttpError(
      503,
      'Passkeys are not set up on this server: set SITE_URL to the address the back office is opened at.',
    )
  const url = new URL(siteUrl)
  return { id: url.hostname, origin: url.origin, name: 'Vitrine' }
}

/** 32 random bytes: a new challenge for one ceremony. */
export const newChallenge = () => crypto.getRandomValues(new Uint8Array(32))

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')), (ch) =>
    ch.charCodeAt(0),
  )

/** Bytes as standard base64, the form they travel to and from the database in. */
export const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))

/**
 * The challenge the browser signed, read from its clientDataJSON: the key the
 * database finds the ceremony by. 400 when that is not readable.
 */
export function signedChallenge(clientDataJSON: string): string {
  const unreadable = () =>
    badRequest("The passkey's answer is not readable", {
      response: 'clientDataJSON must be base64url-encoded JSON with a challenge',
    })
  let data: unknown
  try {
    data = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(clientDataJSON)),
    )
  } catch {
    throw unreadable()
  }
  const challenge = (data as { challenge?: unknown } | null)?.challenge
  if (typeof challenge !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) throw unreadable()
  return challenge
}
