// Imported first by server/start.ts, so the settings file is in process.env
// before any other module reads it (server/env-file.ts).
import { loadEnvFile } from './env-file.ts'

const { file, added } = loadEnvFile()
if (file) console.log(`Settings from ${file}: ${added.length ? added.join(', ') : 'none new'}`)
