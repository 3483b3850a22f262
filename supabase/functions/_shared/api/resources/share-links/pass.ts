// The pass of a share link with a passphrase (docs/decisions/052): after the
// right passphrase, the recipient holds `<expiry>.<mac>` for two hours, an
// HMAC under the server's token secret of the link's id, the expiry and a tag
// of the passphrase's hash, so a new passphrase ends every pass of the old
// one. It travels as a cookie scoped to the link (the page and its API path),
// or as the X-Share-Pass header where the API is on another site than the
// page (a static host and Supabase): nothing is stored for it.
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AppEnv } from '../../../context.ts'

export const PASS_TTL_SECONDS = 2 * 60 * 60
export const PASS_COOKIE = 'vitrine_share_pass'
export const PASS_HEADER = 'x-share-pass'

const mac = (secret: Uint8Array, linkId: number, expires: number, tag: string) =>
  createHmac('sha256', secret)
    .update('vitrine share pass\0')
    .update(`${linkId}\n${expires}\n${tag}`)
    .digest('base64url')

/** A pass for link `linkId` whose passphrase hash has `tag`, good for PASS_TTL_SECONDS from `now`. */
export function makePass(secret: Uint8Array, linkId: number, tag: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + PASS_TTL_SECONDS
  return { pass: `${expires}.${mac(secret, linkId, expires, tag)}`, expires }
}

/** Whether `pass` was made for this link and passphrase and has not run out. */
export function passOpens(
  secret: Uint8Array,
  linkId: number,
  tag: string,
  pass: string | undefined,
  now = Date.now(),
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(pass ?? '')
  if (!match) return false
  const expires = Number(match[1])
  if (expires * 1000 <= now) return false
  const given = new TextEncoder().encode(match[2]!)
  const wanted = new TextEncoder().encode(mac(secret, linkId, expires, tag))
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

/** The pass the request carries: the header first, then the link's cookie, then `fromBody`. */
export const passOf = (c: Context<AppEnv>, fromBody?: string) =>
  c.req.header(PASS_HEADER) ?? getCookie(c, PASS_COOKIE) ?? fromBody

/** Whether the cookie may say Secure: the site or this request is on https. */
function secure(c: Context<AppEnv>): boolean {
  return (
    new URL(c.req.url).protocol === 'https:' ||
    c.req.header('x-forwarded-proto')?.toLowerCase() === 'https' ||
    Boolean(c.get('deps').siteUrl?.toLowerCase().startsWith('https:'))
  )
}

/**
 * Sets the pass as a cookie for the recipient's page (/s/<token>) and for the
 * link's API calls (`apiPath`), nowhere else; strictly necessary, so no consent.
 */
export function setPassCookies(c: Context<AppEnv>, pass: string, token: string, apiPath: string) {
  for (const path of [`/s/${token}`, apiPath])
    setCookie(c, PASS_COOKIE, pass, {
      path,
      httpOnly: true,
      secure: secure(c),
      sameSite: 'Lax',
      maxAge: PASS_TTL_SECONDS,
    })
}
