// The local server's settings, from the environment (README "Environment").
// Nothing is required: without DATABASE_URL the embedded PGlite database in
// DATA_DIR is used, and without JWT_SECRET one is generated once and kept there.
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface ServerConfig {
  /** postgres://... when set; otherwise PGlite in `<dataDir>/pglite`. */
  databaseUrl: string | undefined
  port: number
  /** Absolute path of the folder holding the embedded database, uploads and the generated secret. */
  dataDir: string
  /** From JWT_SECRET; when undefined the stack uses the one kept in `<dataDir>/jwt-secret`. */
  jwtSecret: string | undefined
}

export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { port: number } = { port: 3000 },
): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : defaults.port
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const jwtSecret = env.JWT_SECRET?.trim() || undefined
  if (jwtSecret && new TextEncoder().encode(jwtSecret).length < 32) {
    throw new Error('JWT_SECRET must be at least 32 bytes long')
  }
  return {
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    port,
    dataDir: path.resolve(env.DATA_DIR?.trim() || '.data'),
    jwtSecret,
  }
}

/**
 * JWT_SECRET when given, else the secret kept in `<dataDir>/jwt-secret`, created
 * on first start (48 random bytes, owner-only file) so tokens survive restarts.
 */
export async function resolveJwtSecret(config: ServerConfig): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret
  const file = path.join(config.dataDir, 'jwt-secret')
  await mkdir(config.dataDir, { recursive: true })
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
