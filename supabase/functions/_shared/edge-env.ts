// The edge function's settings, read once when a worker boots. A missing or
// malformed value stops the boot with a message naming the variable and where
// to set it (docs/deploy.md, "Supabase and a static host" and "Supabase on your
// machine"; every variable: .env.example).
import { parseClientAddressRule, type ClientAddressRule } from './http/client-key.ts'
import { readLoadSettings, type LoadSettings } from './http/load-settings.ts'
import { readPublishSettings, type PublishSettings } from './toolkit/publish.ts'
import { readStatsSettings, type StatsSettings } from './visits/stats.ts'
import { SESSION_IDLE_SECONDS } from './db/db.ts'
import { readGithubSettings, type GithubSettings } from './github/client.ts'

export type EnvReader = (name: string) => string | undefined

export interface EdgeSettings {
  /** DB_POOLER_URL when set (e.g. Supavisor in transaction mode), else SUPABASE_DB_URL. */
  databaseUrl: string
  /** Connections one worker may open (DB_POOL_MAX). */
  poolMax: number
  /** Seconds an unused connection stays open (DB_IDLE_TIMEOUT); 0 keeps it. */
  idleTimeout: number
  /**
   * Keep repeated statements prepared (DB_PREPARE=true). Off by default: the
   * function may reach the database through a pooler in transaction mode,
   * where a prepared statement does not survive from one transaction to the next.
   */
  prepare: boolean
  jwtSecret: string
  /** Null without a project URL or a key: uploads then answer 503. */
  storage: { url: string; publicUrl: string; key: string } | null
  /**
   * Where rate limits read the caller's address (CLIENT_IP_HEADER). By default
   * CF-Connecting-IP, which Supabase's proxy (Cloudflare) sets; X-Forwarded-For
   * keeps whatever the client sent at its start (docs/decisions/012-rate-limits.md).
   */
  clientAddress: ClientAddressRule
  /** DEPLOY_HOOK_URL (a function secret) and its quiet period; null when not set (publish.ts). */
  publish: PublishSettings | null
  /** STATS_RETENTION_DAYS and STATS_EVENTS_PER_MINUTE (stats.ts). */
  stats: StatsSettings
  /** SETUP_TOKEN: the code that lets the first admin register (setup-code.ts); unset, registration stays closed. */
  setupToken: string | undefined
  /** SESSION_IDLE_MINUTES: a session unused this long ends (5 to 480, default 30). */
  sessionIdleSeconds: number
  /** The queue of expensive work and the kept answers' bounds (load-settings.ts). */
  load: LoadSettings
  /** SITE_URL: where the site and its back office are opened; passkeys need it (passkeys.ts). */
  siteUrl: string | undefined
  /** GITHUB_API_URL, GITHUB_TOKEN (a function secret) and GITHUB_TIMEOUT_SECONDS (github/client.ts). */
  github: GithubSettings
}

/** Edge workers are many and short-lived: a few connections each, closed when idle. */
export const EDGE_POOL_DEFAULTS = { max: 3, idleTimeout: 10 }

export function readEdgeEnv(env: EnvReader): EdgeSettings {
  const value = (name: string) => env(name)?.trim() || undefined
  const jwtSecret = value('JWT_SECRET')
  if (!jwtSecret) {
    throw new Error(
      'JWT_SECRET is not set: the API signs and checks its sign-in tokens with it (32+ bytes, e.g. `openssl rand -base64 48`). ' +
        'On a hosted project: `npx supabase@3.1.0 secrets set JWT_SECRET=...`; under `supabase functions serve`: a line JWT_SECRET=... in supabase/functions/.env.',
    )
  }
  const databaseUrl = value('DB_POOLER_URL') ?? value('SUPABASE_DB_URL')
  if (!databaseUrl) {
    throw new Error(
      'SUPABASE_DB_URL is not set (Supabase sets it for every function); DB_POOLER_URL may name another database URL instead.',
    )
  }
  const url = value('SUPABASE_URL')?.replace(/\/+$/, '')
  const key = storageKey(value)
  const publicUrl = (value('STORAGE_PUBLIC_URL') ?? url)?.replace(/\/+$/, '')
  if (publicUrl && !/^https?:\/\/[^\s/]+/.test(publicUrl)) {
    throw new Error(`STORAGE_PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`)
  }
  return {
    databaseUrl,
    poolMax: whole(value, 'DB_POOL_MAX', EDGE_POOL_DEFAULTS.max, 1),
    idleTimeout: whole(value, 'DB_IDLE_TIMEOUT', EDGE_POOL_DEFAULTS.idleTimeout, 0),
    prepare: booleanSetting(value, 'DB_PREPARE', false),
    jwtSecret,
    storage: url && key && publicUrl ? { url, publicUrl, key } : null,
    clientAddress: parseClientAddressRule(value('CLIENT_IP_HEADER') ?? 'cf-connecting-ip'),
    publish: readPublishSettings(value),
    github: readGithubSettings(value),
    stats: readStatsSettings(value),
    setupToken: readSetupToken(value('SETUP_TOKEN')),
    sessionIdleSeconds: readSessionIdle(value('SESSION_IDLE_MINUTES')),
    load: readLoadSettings(value),
    siteUrl: readSiteUrl(value('SITE_URL')),
  }
}

/** SITE_URL, when set: an http(s) address, else the boot stops naming it. */
export function readSiteUrl(raw: string | undefined): string | undefined {
  const text = raw?.trim()
  if (!text) return undefined
  if (!/^https?:\/\/[^/]/i.test(text) || !URL.canParse(text))
    throw new Error(`SITE_URL must be an http:// or https:// address, got "${raw}"`)
  return text
}

/** SESSION_IDLE_MINUTES as seconds: whole minutes from 5 to 480 (8 hours, a session's whole life). */
export function readSessionIdle(raw: string | undefined): number {
  const text = raw?.trim()
  if (!text) return SESSION_IDLE_SECONDS
  const minutes = Number(text)
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 480)
    throw new Error(`SESSION_IDLE_MINUTES must be a whole number from 5 to 480, got "${raw}"`)
  return minutes * 60
}

/** A setup code someone could guess would hand them the site: at least 16 characters. */
export function readSetupToken(raw: string | undefined): string | undefined {
  const token = raw?.trim() || undefined
  if (token !== undefined && token.length < 16)
    throw new Error(
      'SETUP_TOKEN must be at least 16 characters long (e.g. `openssl rand -base64 24`)',
    )
  return token
}

/**
 * The key Storage is called with. The secret keys (`sb_secret_...`) replace the
 * legacy service_role JWT: SUPABASE_SECRET_KEY names one, SUPABASE_SECRET_KEYS
 * is the JSON object of named keys Supabase gives every function (its
 * "default" entry is used), and SUPABASE_SERVICE_ROLE_KEY is the legacy key,
 * used only when neither is there.
 */
function storageKey(value: (name: string) => string | undefined): string | undefined {
  const single = value('SUPABASE_SECRET_KEY')
  if (single) return single
  const named = value('SUPABASE_SECRET_KEYS')
  if (named) {
    try {
      const keys = JSON.parse(named) as unknown
      if (keys && typeof keys === 'object' && !Array.isArray(keys)) {
        const entries = keys as Record<string, unknown>
        const chosen = entries.default ?? Object.values(entries)[0]
        if (typeof chosen === 'string' && chosen.trim()) return chosen.trim()
      }
    } catch {
      // Not JSON: fall back to the legacy key rather than refuse to boot.
    }
  }
  return value('SUPABASE_SERVICE_ROLE_KEY')
}

function whole(
  value: (name: string) => string | undefined,
  name: string,
  fallback: number,
  min: number,
): number {
  const raw = value(name)
  if (raw === undefined) return fallback
  const parsed = Number(raw)
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`)
  }
  return parsed
}

/** A true/false setting (also 1/0); anything else stops the boot with the variable's name. */
export function booleanSetting(value: EnvReader, name: string, fallback: boolean): boolean {
  const raw = value(name)?.trim().toLowerCase()
  if (!raw) return fallback
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  throw new Error(`${name} must be true or false, got "${value(name)}"`)
}
