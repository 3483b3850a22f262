// The signed-in session lives in localStorage under 'token' and 'user'
// (docs/PRODUCT.md §3); components subscribe to changes through useSession().
import { useSyncExternalStore } from 'react'
import type { User } from '@shared/contract/types.ts'

const TOKEN_KEY = 'token'
const USER_KEY = 'user'

export interface Session {
  token: string
  user: User
}

type Listener = () => void
const listeners = new Set<Listener>()
let cached: { raw: string; session: Session | null } | null = null

function readRaw(): string {
  try {
    return `${localStorage.getItem(TOKEN_KEY) ?? ''}\n${localStorage.getItem(USER_KEY) ?? ''}`
  } catch {
    return '\n'
  }
}

function parse(raw: string): Session | null {
  const [token, userJson] = raw.split('\n')
  if (!token || !userJson) return null
  try {
    const user = JSON.parse(userJson) as User
    if (typeof user?.id !== 'number' || typeof user.username !== 'string') return null
    return { token, user }
  } catch {
    return null
  }
}

export function getSession(): Session | null {
  const raw = readRaw()
  if (cached?.raw !== raw) cached = { raw, session: parse(raw) }
  return cached.session
}

export function getToken(): string | null {
  return getSession()?.token ?? null
}

function notify() {
  for (const listener of listeners) listener()
}

export function saveSession(session: Session) {
  localStorage.setItem(TOKEN_KEY, session.token)
  localStorage.setItem(USER_KEY, JSON.stringify(session.user))
  notify()
}

/** Why the session ended, shown once on the login page ('expired' after a 401). */
let endReason: 'expired' | null = null

export function clearSession(reason: 'expired' | null = null) {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
  endReason = reason
  notify()
}

export function takeSessionEndReason() {
  const reason = endReason
  endReason = null
  return reason
}

export function subscribeSession(listener: Listener) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null)
}

export const isAdmin = (session: Session | null) => session?.user.role === 'admin'
