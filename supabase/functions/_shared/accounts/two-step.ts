// Two-step sign-in's codes (docs/decisions/039-two-step-sign-in.md): TOTP
// codes (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator
// app reads from an otpauth:// link) by the otpauth library, the secret
// sealed before it reaches the database, and one-time recovery codes.
import { Secret, TOTP } from 'otpauth'
import type { TokenKey } from './auth.ts'

const ISSUER = 'Vitrine'
const PERIOD = 30

function totp(base32: string, label = ISSUER): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  })
}

/** A new 160-bit secret (RFC 4226's recommended length), and the link an authenticator app scans. */
export function newSecret(username: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, otpauthUrl: totp(secret, username).toString() }
}

/** A code as typed: spaces and dashes dropped, letters lower-cased. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase()

/** Whether what was typed has the shape of an app's code rather than a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(normalise(code))

/**
 * The time step a six-digit code belongs to, when it is right for now, the
 * step before or the step after (a phone's clock a little off), else null.
 * Whether that step was already used is the database's to say.
 */
export function codeStep(base32: string, code: string, now = Date.now()): number | null {
  const token = normalise(code)
  if (!/^\d{6}$/.test(token)) return null
  const delta = totp(base32).validate({ token, timestamp: now, window: 1 })
  if (delta === null) return null
  return TOTP.counter({ period: PERIOD, timestamp: now }) + delta
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

/**
 * Ten recovery codes of ten characters from a 32-letter alphabet without
 * look-alikes (50 bits each), written as two groups of five.
 */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10))
    const text = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % 32]).join('')
    return `${text.slice(0, 5)}-${text.slice(5)}`
  })
}

/** What the database keeps of a recovery code: its sha256, hex. */
export async function hashRecoveryCode(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalise(code)))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

const sealingKeys = new WeakMap<TokenKey, Promise<CryptoKey>>()

/** An AES-256-GCM key derived (HKDF-SHA-256) from the token secret, never stored. */
function sealingKey(key: TokenKey): Promise<CryptoKey> {
  let sealing = sealingKeys.get(key)
  if (!sealing) {
    sealing = crypto.subtle
      .importKey('raw', key.secret as BufferSource, 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          {
            name: 'HKDF',
            hash: 'SHA-256',
            salt: new Uint8Array(0),
            info: new TextEncoder().encode('vitrine two-step secret v1'),
          },
          base,
          { name: 'AES-GCM', length: 256 },
          false,
          ['encrypt', 'decrypt'],
        ),
      )
    sealingKeys.set(key, sealing)
  }
  return sealing
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * The secret as the database keeps it: `v1.<iv>.<ciphertext>`, bound to the
 * account so a sealed secret copied to another account's row does not open.
 */
export async function sealSecret(key: TokenKey, userId: number, base32: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(String(userId)) },
    await sealingKey(key),
    new TextEncoder().encode(base32),
  )
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`
}

/** The secret back, or null when it was sealed with another token secret (JWT_SECRET changed). */
export async function openSecret(
  key: TokenKey,
  userId: number,
  sealed: string,
): Promise<string | null> {
  const [version, iv, data] = sealed.split('.')
  if (version !== 'v1' || !iv || !data) return null
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: fromBase64(iv),
        additionalData: new TextEncoder().encode(String(userId)),
      },
      await sealingKey(key),
      fromBase64(data),
    )
    return new TextDecoder().decode(plain)
  } catch {
    return null
  }
}
