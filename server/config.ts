// The local server's settings, from the environment (.env.example; docs/operations.md,
// "Every variable").
// Nothing is required: without DATABASE_URL the embedded PGlite database in
// DATA_DIR is used, and without JWT_SECRET one is generated once and kept there.
// Without HOST the server answers on the loopback interface only.
import { randomBytes } from 'node:crypto'
import { chmod, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  booleanSetting,
  readSessionIdle,
  readSetupToken,
} from '../supabase/functions/_shared/edge-env.ts'
import { parseAllowedOrigins } from '../supabase/functions/_shared/http/cross-site.ts'
import {
  readLoadSettings,
  type LoadSettings,
} from '../supabase/functions/_shared/http/load-settings.ts'
import {
  readPublishSettings,
  type PublishSettings,
} from '../supabase/functions/_shared/toolkit/publish.ts'
import {
  readStatsSettings,
  type StatsSettings,
} from '../supabase/functions/_shared/visits/stats.ts'
import {
  readGithubSettings,
  type GithubSettings,
} from '../supabase/functions/_shared/github/client.ts'
import { readProxyTrust, type ProxyTrust } from './client-address.ts'
import { readHostRule, type HostRule } from './host-check.ts'

export interface ServerConfig {
  /** postgres://... when set; otherwise PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined
  port: number
  /**
   * The interface to listen on (HOST); undefined means loopback only
   * (LOOPBACK). Optional so callers that build a config by hand keep working.
   */
  host?: string
  /** Absolute path of the folder holding the embedded database, uploads and the generated secret. */
  dataDir: string
  /** From JWT_SECRET; when undefined the stack uses the one kept in `<dataDir>/jwt-secret`. */
  jwtSecret: string | undefined
  /**
   * With DATABASE_URL: keep repeated statements prepared (DB_PREPARE, default
   * true). Set DB_PREPARE=false when DATABASE_URL goes through a pooler in
   * transaction mode (Supabase's port 6543, PgBouncer). Optional so callers
   * that build a config by hand keep working.
   */
  prepare?: boolean
  /**
   * The address visitors use (SITE_URL), default http://localhost:<port>.
   * `npm start` sends Strict-Transport-Security only when it is https
   * (server/security-headers.ts, hstsFor). Optional so callers that build a
   * config by hand keep working.
   */
  siteUrl?: string
  /**
   * DEPLOY_HOOK_URL and DEPLOY_HOOK_QUIET_SECONDS: call a static host's build
   * hook after content changes, when this server is the API of a prerendered
   * site (supabase/functions/_shared/toolkit/publish.ts). Optional, as above.
   */
  publish?: PublishSettings | null
  /**
   * STATS_RETENTION_DAYS and STATS_EVENTS_PER_MINUTE: visit statistics
   * (supabase/functions/_shared/visits/stats.ts). Optional, as above.
   */
  stats?: StatsSettings
  /**
   * TRUSTED_PROXIES and CLIENT_IP_HEADER: which peers may say who the client
   * is (server/client-address.ts). Optional, as above: none.
   */
  proxy?: ProxyTrust
  /**
   * SETUP_TOKEN: the code that lets someone register the first admin from
   * another machine; when unset one is derived from the token secret and
   * printed at start (supabase/functions/_shared/accounts/setup-code.ts). Optional, as above.
   */
  setupToken?: string
  /**
   * The names npm start and npm run dev answer to: SITE_URL's host, localhost,
   * any IP address and ALLOWED_HOSTS (server/host-check.ts). Optional, as above: any.
   */
  hosts?: HostRule
  /** SESSION_IDLE_MINUTES, in seconds: a session unused this long ends. Optional, as above: 30 minutes. */
  sessionIdleSeconds?: number
  /**
   * ALLOWED_ORIGINS: other sites whose pages may post to /contact and /events
   * (supabase/functions/_shared/http/cross-site.ts). Optional, as above.
   */
  allowedOrigins?: string[]
  /**
   * EXPENSIVE_WORK_CONCURRENCY, EXPENSIVE_WORK_WAITING, KEPT_ANSWERS_ENTRIES,
   * KEPT_ANSWERS_BYTES (supabase/functions/_shared/http/load-settings.ts). Optional, as above.
   */
  load?: LoadSettings
  /**
   * DEMO_CONTENT (on | off): whether a database that was never seeded gets
   * supabase/seed.sql's demo portfolio on start. `npm run dev` defaults to on,
   * `npm start` to off (docs/decisions/070-start-clean.md). Optional, as
   * above: undefined seeds, as before the setting existed.
   */
  demoContent?: boolean
  /**
   * GITHUB_API_URL, GITHUB_TOKEN and GITHUB_TIMEOUT_SECONDS: where /github
   * calls GitHub (supabase/functions/_shared/github/client.ts). Optional, as
   * above: api.github.com without a token.
   */
  github?: GithubSettings
}

/** Where the server listens unless HOST says otherwise: reachable from this machine only. */
export const LOOPBACK = '127.0.0.1'

export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { port: number; demoContent?: boolean } = { port: 3000 },
): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : defaults.port
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const jwtSecret = env.JWT_SECRET?.trim() || undefined
  if (jwtSecret && new TextEncoder().encode(jwtSecret).length < 32) {
    throw new Error('JWT_SECRET must be at least 32 bytes long')
  }
  const siteUrl = env.SITE_URL?.trim() || `http://localhost:${port}`
  if (!/^https?:\/\/[^/]/i.test(siteUrl) || !URL.canParse(siteUrl))
    throw new Error(`SITE_URL must be an http:// or https:// address, got "${env.SITE_URL}"`)
  return {
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    prepare: booleanSetting((name) => env[name], 'DB_PREPARE', true),
    port,
    host: env.HOST?.trim() || LOOPBACK,
    dataDir: path.resolve(env.DATA_DIR?.trim() || '.data'),
    jwtSecret,
    siteUrl,
    publish: readPublishSettings((name) => env[name]),
    stats: readStatsSettings((name) => env[name]),
    proxy: readProxyTrust(env),
    setupToken: readSetupToken(env.SETUP_TOKEN),
    hosts: readHostRule(siteUrl, env.ALLOWED_HOSTS),
    sessionIdleSeconds: readSessionIdle(env.SESSION_IDLE_MINUTES),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    load: readLoadSettings((name) => env[name]),
    demoContent: readDemoContent(env.DEMO_CONTENT, defaults.demoContent ?? false),
    github: readGithubSettings((name) => env[name]),
  }
}

/** DEMO_CONTENT: on or off (true/false and 1/0 are taken too); unset, the command's default. */
export function readDemoContent(raw: string | undefined, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase()
  if (!value) return fallback
  if (value === 'on' || value === 'true' || value === '1') return true
  if (value === 'off' || value === 'false' || value === '0') return false
  throw new Error(`DEMO_CONTENT must be on or off, got "${raw}"`)
}

/**
 * Creates DATA_DIR readable by its owner only (0700), and tightens an existing
 * one: it holds the signing secret and the database files. The process umask
 * also loses its group and world write bits, so files written later (uploads)
 * are never writable by others, whatever umask the server was started with.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    const previous = process.umask(0o022)
    process.umask(previous | 0o022)
  } catch {
    // Worker threads may not change the umask; the 0700 folder still keeps others out.
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await chmod(dataDir, 0o700)
}

/**
 * Takes group and world write permission off everything under `dir`. PGlite
 * unpacks its initial database files as 0666 whatever the umask; files Postgres
 * creates afterwards are owner-only, so one pass after opening the database is
 * enough. Symbolic links are left alone (chmod would follow them).
 */
export async function removeSharedWrite(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (entry.isSymbolicLink()) continue
    const file = path.join(entry.parentPath, entry.name)
    try {
      const { mode } = await lstat(file)
      if (mode & 0o022) await chmod(file, mode & 0o7755)
    } catch (error) {
      // Postgres may remove a temporary file between the listing and the chmod.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
}

/**
 * JWT_SECRET when given, else the secret kept in `<dataDir>/jwt-secret`, created
 * on first start (48 random bytes, owner-only file) so tokens survive restarts.
 */
export async function resolveJwtSecret(config: ServerConfig): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret
  const file = path.join(config.dataDir, 'jwt-secret')
  await prepareDataDir(config.dataDir)
  try {
    // 'wx' fails if the file exists, so two processes starting at once keep one secret.
    await writeFile(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  await chmod(file, 0o600)
  const secret = (await readFile(file, 'utf8')).trim()
  if (new TextEncoder().encode(secret).length < 32)
    throw new Error(`${file} holds a secret shorter than 32 bytes; delete it to generate a new one`)
  return secret
}
