// `npx tsx tests/bench/lighthouse-only.ts [runs]`: only the Lighthouse part of
// `npm run bench`, for trying front-end changes. Uses the build in dist/ as it
// is (run `npm run build` first; DIST_DIR=... for another build folder), copied
// with the static snapshots of the pages in it (pages.ts), the production server
// on a fresh demo database (PGlite, temporary data folder), each page in turns
// with its static snapshot, on mobile and desktop (BENCH_FORM_FACTORS=mobile
// for one) with `runs` runs each (default 3; 0 for none). BENCH_PAGES=home
// (default), project, post, or several (home,project,post): `/`, the first
// project's page, the demo post's (tests/support/demo-post.ts). Also the
// public page's data on the wire, the whole list against the first page
// (BENCH_PROJECTS=5000 adds generated projects first, as the bench's growth
// step does). BENCH_THEMES=1 then measures `/` on mobile in each theme
// (PUT /appearance), the seed's last, as `npm run bench` does. Prints JSON,
// writes nothing.
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { publicPageBytes } from './api.ts'
import { prepareDatabase } from './database.ts'
import { lighthouse, lighthouseSideBySide } from './lighthouse.ts'
import { copyBuild, inEachTheme, writeSnapshots } from './pages.ts'
import { startServer } from './server.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const runs = Number(process.argv[2] ?? 3)
const projects = process.env.BENCH_PROJECTS ? Number(process.env.BENCH_PROJECTS) : undefined
const forms = (process.env.BENCH_FORM_FACTORS ?? 'mobile,desktop').split(',') as (
  'mobile' | 'desktop'
)[]
const pages = (process.env.BENCH_PAGES ?? 'home').split(',')

const scratch = await mkdtemp(path.join(tmpdir(), 'vitrine-lighthouse-'))
const dataDir = path.join(scratch, 'data')
const siteDir = path.join(scratch, 'site')
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
const loadAtStart = load()
try {
  await prepareDatabase({ kind: 'pglite', dataDir }, projects)
  await copyBuild(
    process.env.DIST_DIR?.trim()
      ? path.resolve(process.env.DIST_DIR.trim())
      : path.join(root, 'dist'),
    siteDir,
  )
  // The server reads its files at start: one to render the snapshots, then one that serves them.
  const first = await startServer(root, { dataDir, distDir: siteDir })
  const pairs = await writeSnapshots(first.origin, siteDir).finally(() => first.stop())
  const server = await startServer(root, { dataDir, distDir: siteDir })
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
        '/technologies?projects=false',
        '/certifications',
        '/configs/all-as-object',
      ]),
    }
    const results = []
    // `0` runs: only the bytes. A run whose trace is lost is made again (lighthouse.ts).
    for (const formFactor of runs > 0 ? forms : [])
      for (const pair of pairs.filter((p) => pages.includes(p.name))) {
        const [page, snapshot] = await lighthouseSideBySide(
          root,
          [`${server.origin}${pair.page}`, `${server.origin}${pair.snapshot}`],
          formFactor,
          runs,
          scratch,
          [false, true],
        )
        results.push(page, { ...snapshot, snapshotOf: pair.page })
      }
    if (runs > 0 && process.env.BENCH_THEMES === '1')
      results.push(
        ...(await inEachTheme(root, server.origin, () =>
          lighthouse(root, `${server.origin}/`, 'mobile', runs, scratch),
        )),
      )
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
