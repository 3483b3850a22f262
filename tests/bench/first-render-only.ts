// `npx tsx tests/bench/first-render-only.ts [samples]`: only the bench's
// "first render after a write" part (run.ts), for trying server-side changes.
// Uses the build in dist/ as it is (run `npm run build` first), the production
// server on a fresh demo database (PGlite, temporary data folder) grown to
// BENCH_PROJECTS projects (default 5000), and times each of FIRST_RENDERS:
// `/` in one language, `/fr/` in two, `/` in five. Prints JSON, writes nothing.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { prepareDatabase } from './database.ts'
import { FIRST_RENDERS, firstRenderAfterWrite, setLanguages } from './pages.ts'
import { startServer } from './server.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const samples = Number(process.argv[2] ?? 20)
const projects = Number(process.env.BENCH_PROJECTS ?? 5000)

const scratch = await mkdtemp(path.join(tmpdir(), 'vitrine-first-render-'))
const dataDir = path.join(scratch, 'data')
try {
  await prepareDatabase({ kind: 'pglite', dataDir }, projects)
  const server = await startServer(root, { dataDir, distDir: path.join(root, 'dist') })
  try {
    const results = []
    for (const { page, languages } of FIRST_RENDERS) {
      await setLanguages(server.origin, languages)
      const timed = await firstRenderAfterWrite(server.origin, { samples, page })
      results.push({ projects, languages: languages.length, ...timed })
    }
    console.log(JSON.stringify(results, null, 2))
  } finally {
    await server.stop()
  }
} finally {
  await rm(scratch, { recursive: true, force: true })
}
