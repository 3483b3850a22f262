// Tokens: HS256 JWTs signed with JWT_SECRET (32+ bytes), algorithm pinned on
// verify so `alg: none` and other algorithms are refused (docs/ARCHITECTURE.md).
import { jwtVerify, SignJWT } from 'jose'
import type { Principal } from '../db/db.ts'
import { unauthorized } from '../http/errors.ts'

/** Also the life of the session a sign-in opens (app.start_session, supabase/schemas/02_accounts.sql): keep the two equal. */
export const TOKEN_TTL_SECONDS = 60 * 60 * 8

export interface TokenKey {
  secret: Uint8Array
}

export function tokenKey(secret: string): TokenKey {
  const bytes = new TextEncoder().encode(secret)
  if (bytes.length < 32) throw new Error('JWT_SECRET must be at least 32 bytes long')
  return { secret: bytes }
}

/**
 * `sessionId` is the sign-in's row in app.sessions (the `sid` claim): the
 * database honours the token only while that session is open, so a password
 * change or a logout ends it before it expires.
 */
export async function signToken(
  key: TokenKey,
  userId: number,
  ttlSeconds = TOKEN_TTL_SECONDS,
  sessionId?: string,
): Promise<string> {
  return new SignJWT({ role: 'authenticated', ...(sessionId ? { sid: sessionId } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key.secret)
}

/** Reads the Authorization header: no header means a visitor; a bad token is a 401, never a visitor. */
export async function principalFrom(
  authorization: string | undefined,
  key: TokenKey,
): Promise<Principal> {
  if (!authorization) return { kind: 'anon' }
  const match = /^Bearer\s+(\S+)$/i.exec(authorization)
  if (!match?.[1]) throw unauthorized('Invalid authorization header')
  try {
    const { payload } = await jwtVerify(match[1], key.secret, {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
    })
    const userId = Number(payload.sub)
    if (!Number.isInteger(userId) || userId <= 0 || payload.role !== 'authenticated')
      throw new Error('bad claims')
    return { kind: 'user', userId, claims: { ...payload } }
  } catch {
    throw unauthorized('Invalid or expired token')
  }
}
