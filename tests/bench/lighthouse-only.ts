// `npx tsx tests/bench/lighthouse-only.ts [runs]`: only the Lighthouse part of
// `npm run bench`, for trying front-end changes. Uses the build in dist/ as it
// is (run `npm run build` first; DIST_DIR=... for another build folder), the
// production server on a fresh demo database (PGlite, temporary data folder),
// `/` on mobile and desktop (BENCH_FORM_FACTORS=mobile for one) with `runs`
// runs each (default 3; 0 for none), and the public page's data on the wire,
// the whole list against the first page (BENCH_PROJECTS=5000 adds generated
// projects first, as the bench's growth step does). Prints JSON, writes nothing.
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { publicPageBytes } from './api.ts'
import { prepareDatabase } from './database.ts'
import { lighthouse } from './lighthouse.ts'
import { startServer } from './server.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const runs = Number(process.argv[2] ?? 3)
const projects = process.env.BENCH_PROJECTS ? Number(process.env.BENCH_PROJECTS) : undefined
const forms = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',') as (
  'mobile' | 'desktop'
)[]

const scratch = await mkdtemp(path.join(tmpdir(), 'vitrine-lighthouse-'))
const dataDir = path.join(scratch, 'data')
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
const loadAtStart = load()
try {
  await prepareDatabase({ kind: 'pglite', dataDir }, projects)
  const server = await startServer(root, { dataDir })
  try {
    const bytes = {
      wholeList: await publicPageBytes(server.origin, [
        '/projects',
        '/technologies',
        '/certifications',
        '/configs/all-as-object',
      ]),
      firstPage: await publicPageBytes(server.origin, [
        '/projects?limit=12',
        '/technologies',
        '/certifications',
        '/configs/all-as-object',
      ]),
    }
    const results = []
    // `0` runs: only the bytes. A run whose trace is lost is made again (lighthouse.ts).
    for (const formFactor of runs > 0 ? forms : [])
      results.push(await lighthouse(root, `${server.origin}/`, formFactor, runs, scratch))
    console.log(
      JSON.stringify(
        { projects: projects ?? 'demo seed', loadAtStart, loadAtEnd: load(), bytes, results },
        null,
        2,
      ),
    )
  } finally {
    await server.stop()
  }
} finally {
  await rm(scratch, { recursive: true, force: true })
}
