// `npx tsx tests/bench/first-render-only.ts [samples]`: only the bench's
// "first render after a write" part (run.ts), for trying server-side changes.
// Uses the build in dist/ as it is (run `npm run build` first), the production
// server on a fresh demo database (PGlite, temporary data folder) grown to
// BENCH_PROJECTS projects (default 5000), and times each of FIRST_RENDERS:
// `/` in one language, `/fr/` in two, `/` in five, a project's page and the
// demo post's (BENCH_PAGES=project,post for some, by their names there).
// Prints JSON, writes nothing.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { prepareDatabase } from './database.ts'
import { benchPaths, FIRST_RENDERS, firstRenderAfterWrite, setLanguages } from './pages.ts'
import { startServer } from './server.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const samples = Number(process.argv[2] ?? 20)
const projects = Number(process.env.BENCH_PROJECTS ?? 5000)
const only = process.env.BENCH_PAGES?.split(',')

const scratch = await mkdtemp(path.join(tmpdir(), 'vitrine-first-render-'))
const dataDir = path.join(scratch, 'data')
try {
  await prepareDatabase({ kind: 'pglite', dataDir }, projects)
  const server = await startServer(root, { dataDir, distDir: path.join(root, 'dist') })
  try {
    const paths = await benchPaths(server.origin)
    const results = []
    for (const { name, page, languages, what } of FIRST_RENDERS) {
      if (only && !only.includes(name)) continue
      await setLanguages(server.origin, languages)
      const timed = await firstRenderAfterWrite(server.origin, { samples, page: page(paths) })
      results.push({ projects, languages: languages.length, what, ...timed })
    }
    console.log(JSON.stringify(results, null, 2))
  } finally {
    await server.stop()
  }
} finally {
  await rm(scratch, { recursive: true, force: true })
}
