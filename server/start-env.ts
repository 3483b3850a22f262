// Imported first by server/start.ts, so the settings file is in process.env
// before any other module reads it (server/env-file.ts).
import { loadEnvFile } from './env-file.ts'

const { file, added, unreadable } = loadEnvFile()
if (file) console.log(`Settings from ${file}: ${added.length ? added.join(', ') : 'none new'}`)
if (unreadable)
  console.log(`Settings file ${unreadable} is not readable here; using the environment`)
