// `npm start` reads its settings from a file as well as from the environment:
// `.env` in the folder it starts in, or the file ENV_FILE names. A variable
// already in the environment wins over the file, so a one-off
// `PORT=4000 npm start` still works with a .env beside it. .env.example lists
// every variable; the file's syntax is Node's (`util.parseEnv`, as
// `node --env-file` reads it).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'

/**
 * Loads the settings file into `env` and returns it and the names it added.
 * No `.env`, nothing loaded; a file named by ENV_FILE must exist. One this
 * process may not read is left alone and named in `unreadable`.
 */
export function loadEnvFile(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): { file: string | null; added: string[]; unreadable?: string } {
  const named = env.ENV_FILE?.trim()
  const file = path.resolve(cwd, named || '.env')
  if (!existsSync(file)) {
    if (named) throw new Error(`ENV_FILE names ${file}, which does not exist`)
    return { file: null, added: [] }
  }
  let text: string
  try {
    text = read(file)
  } catch (error) {
    // A .env only root may read: under systemd, EnvironmentFile has already
    // put its settings in the environment (deploy/vitrine.service).
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error
    return { file: null, added: [], unreadable: file }
  }
  const added: string[] = []
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined || value === undefined) continue
    env[name] = value
    added.push(name)
  }
  return { file, added }
}
