// `npm run bench`: builds, starts the production server on fresh seeded
// databases and writes the figures to docs/PERFORMANCE.md. It reports numbers
// and marks targets met or not met; it never fails because something is slow.
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createPostgresDriver } from '../../server/db/postgres-driver.ts'
import {
  API,
  apiScenarios,
  FIRST_PAGE,
  HOME_GZIP,
  measure,
  NEVER_MEMOIZED,
  PROJECTS_GZIP,
  publicPageBytes,
  readScenarios,
  ROBOTS_GZIP,
  SNAPSHOT_GZIP,
  type BenchSettings,
  type Measured,
} from './api.ts'
import { startCeiling } from './ceiling.ts'
import { benchEdgeFunction, type EdgeFigures } from './edge.ts'
import { routeWeights, themeWeights } from './bundle.ts'
import { createFreshDatabase, prepareDatabase, type Target as DbTarget } from './database.ts'
import { CHROMIUM, lighthouse, lighthouseSideBySide, type LighthouseResult } from './lighthouse.ts'
import {
  benchPaths,
  copyBuild,
  demoPostPath,
  firstRenderAfterWrite,
  writeSnapshots,
  type FirstRender,
  type PagePair,
  setLanguages,
  inEachTheme,
  FIRST_RENDERS,
  SNAPSHOT_DIR,
} from './pages.ts'
import {
  kB,
  writeReport,
  type BenchReport,
  type GrowthRow,
  type PageBytes,
  type Machine,
  type Target,
} from './report.ts'
import { benchEvents } from './events.ts'
import { benchCv, type CvFigure } from './cv.ts'
import { benchSpike } from './spike.ts'
import { startServer } from './server.ts'

const exec = promisify(execFile)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const quick = process.env.BENCH_QUICK === '1'
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined
const started = Date.now()

const api: BenchSettings = {
  runs: quick ? 1 : 3,
  seconds: quick ? 2 : 3,
  threads: 2,
  connections: 10,
}
// Growth: GET /projects keeps the median of runs; the other reads get one run, to keep the bench short.
const growthSettings: BenchSettings = {
  runs: quick ? 1 : 3,
  seconds: 2,
  threads: 2,
  connections: 10,
}
const growthOthers: BenchSettings = { ...growthSettings, runs: 1 }
const growthSizes = quick ? [10, 1000] : [10, 100, 1000, 5000]
const lighthouseRuns = quick ? 1 : 3
// A public page and its static snapshot, mobile, in turns: the median of 5 each.
const sideBySideRuns = quick ? 1 : 5
// Writes, each followed by the GET / that renders the new version, at the largest size.
const firstRenderSamples = quick ? 10 : 50
const PUBLIC_JS_BUDGET = 130_000
const LCP_GOAL_MS = 1000
const FIRST_RENDER_GOAL_MS = 50

const log = (message: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`)

function npm(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} exited with ${code}`)),
    )
  })
}

async function version(command: string, args: string[]): Promise<string> {
  // wrk prints its version and exits with 1: keep whatever it printed.
  const first = (out: { stdout?: string; stderr?: string }) =>
    (out.stdout || out.stderr || '').trim().split('\n')[0] || 'unknown'
  try {
    return first(await exec(command, args))
  } catch (error) {
    return first(error as { stdout?: string; stderr?: string })
  }
}

async function postgresVersion(url: string): Promise<string> {
  const driver = createPostgresDriver(url, 1)
  try {
    const [row] = await driver.transaction((tx) =>
      tx.query<{ v: string }>("select current_setting('server_version') as v"),
    )
    return `PostgreSQL ${row?.v ?? '?'}`
  } finally {
    await driver.close()
  }
}

/** Runs `fn` against the production server on `target`, stopping the server whatever happens. */
async function withServer<T>(
  target: DbTarget,
  dataDir: string,
  site: string,
  fn: (origin: string) => Promise<T>,
): Promise<T> {
  const server = await startServer(root, {
    dataDir,
    databaseUrl: target.kind === 'postgres' ? target.url : undefined,
    distDir: site,
  })
  try {
    return await fn(server.origin)
  } finally {
    await server.stop()
  }
}

/** What the public page asks for (first page of projects, docs/decisions/010). */
const PAGE_DATA = [
  '/projects?limit=12',
  '/technologies?projects=false',
  '/certifications',
  '/configs/all-as-object',
]

const runsOf = (n: number) => `${n} run${n > 1 ? 's' : ''}`

/** The build copy the servers run from, with the static snapshots of the public pages in it. */
interface Site {
  dir: string
  pairs: PagePair[]
}

async function benchDatabase(
  database: 'PGlite' | 'PostgreSQL',
  target: DbTarget,
  dataDir: string,
  site: Site,
  scratch: string,
  withLighthouse: boolean,
): Promise<{
  results: Measured[]
  growth: GrowthRow[]
  lighthouse: LighthouseResult[]
  pageBytes: PageBytes[]
  edge: EdgeFigures | null
  firstRenders: FirstRender[]
}> {
  log(`${database}: migrating and seeding a fresh database`)
  await prepareDatabase(target)
  const light: LighthouseResult[] = []
  const pageBytes: PageBytes[] = []
  const firstRenders: FirstRender[] = []
  const results = await withServer(target, dataDir, site.dir, async (origin) => {
    // The post the bench times beside a project (pages.ts), there for every step after this one.
    await demoPostPath(origin)
    if (withLighthouse) {
      // First, on the untouched demo content, before any load. Each public
      // page in turns with its static snapshot, mobile (pages.ts).
      for (const pair of site.pairs) {
        log(
          `Lighthouse mobile ${pair.page} beside ${pair.snapshot} (${runsOf(sideBySideRuns)} each)`,
        )
        const [page, snapshot] = await lighthouseSideBySide(
          root,
          [`${origin}${pair.page}`, `${origin}${pair.snapshot}`],
          'mobile',
          sideBySideRuns,
          scratch,
          [false, true],
        )
        light.push(page!, { ...snapshot!, snapshotOf: pair.page })
      }
      // `/` in each theme, mobile.
      light.push(
        ...(await inEachTheme(root, origin, (theme) => {
          log(`Lighthouse mobile / in the ${theme} theme (${runsOf(lighthouseRuns)})`)
          return lighthouse(root, `${origin}/`, 'mobile', lighthouseRuns, scratch)
        })),
      )
      for (const [page, formFactors] of [
        ['/', ['desktop']],
        ['/admin/login', ['mobile', 'desktop']],
      ] as const)
        for (const formFactor of formFactors) {
          log(`Lighthouse ${formFactor} ${page} (${runsOf(lighthouseRuns)})`)
          light.push(
            await lighthouse(root, `${origin}${page}`, formFactor, lighthouseRuns, scratch),
          )
        }
    }
    log(`${database}: API scenarios (${api.runs} x ${api.seconds} s each)`)
    return apiScenarios(origin, api, scratch, {
      uncached: true,
      // A static file answers the same on any database: measured once, beside PGlite's page.
      snapshot:
        target.kind === 'pglite' ? site.pairs.find((p) => p.page === '/')?.snapshot : undefined,
    })
  })
  let edge: EdgeFigures | null = null
  if (target.kind === 'postgres') {
    log('PostgreSQL: the edge function under Deno, cold start and warm reads')
    edge = await benchEdgeFunction(target.url, api, scratch).catch((error: unknown) => {
      log(`edge function not measured: ${(error as Error).message}`)
      return null
    })
  }

  const growth: GrowthRow[] = []
  for (const size of growthSizes) {
    log(`${database}: growth to ${size} projects`)
    await prepareDatabase(target, size)
    const rows = await withServer(target, dataDir, site.dir, async (origin) => {
      pageBytes.push({ database, projects: size, bytes: await publicPageBytes(origin, PAGE_DATA) })
      const measured: Measured[] = []
      // The single reads (the rotated page mix adds nothing here), and one that reaches the database.
      const scenarios = readScenarios().filter((s) => s.scenario.paths.length === 1)
      scenarios.push(NEVER_MEMOIZED)
      const main = new Set(['GET /projects', PROJECTS_GZIP, FIRST_PAGE])
      for (const { name, scenario } of scenarios)
        measured.push(
          await measure(
            origin,
            name,
            scenario,
            main.has(name) ? growthSettings : growthOthers,
            scratch,
          ),
        )
      if (size === growthSizes[growthSizes.length - 1]) {
        const paths = await benchPaths(origin)
        for (const { page: pageOf, languages, what } of FIRST_RENDERS) {
          const page = pageOf(paths)
          await setLanguages(origin, languages)
          log(`${database}: first render of ${page} after a write, ${languages.length} languages`)
          firstRenders.push({
            projects: size,
            database,
            languages: languages.length,
            what,
            ...(await firstRenderAfterWrite(origin, { samples: firstRenderSamples, page })),
          })
        }
        await setLanguages(origin, ['en'])
      }
      return measured
    })
    growth.push({ projects: size, database, results: rows })
  }
  return { results, growth, lighthouse: light, pageBytes, edge, firstRenders }
}

const find = (results: Measured[] | undefined, name: string) =>
  results?.find((r) => r.name === name)
const rate = (r: Measured | undefined) =>
  r
    ? `${Math.round(r.requestsPerSecond).toLocaleString('en-US')} req/s, p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms`
    : 'not measured'

function targets(report: Omit<BenchReport, 'targets'>): Target[] {
  const ceiling = report.ceiling?.requestsPerSecond ?? NaN
  const share = (r: Measured | undefined) =>
    r && Number.isFinite(ceiling) ? r.requestsPerSecond / ceiling : NaN
  const pct = (r: Measured | undefined) => `${(share(r) * 100).toFixed(1)} % of the ceiling`
  const byDb = (db: string) => report.api.find((a) => a.database === db)?.results
  const biggest = (db: string) =>
    report.growth.find((g) => g.database === db && g.projects === 5000)?.results
  const home = report.routes.find((r) => r.route.startsWith('/ '))
  const publicRoutes = report.routes.filter((r) => !r.route.startsWith('/admin'))
  const projectRoute = report.routes.find((r) => r.route === '/projects/:id')
  const list: Target[] = []
  const rateTarget = (
    name: string,
    r: Measured | undefined,
    ok: (r: Measured) => boolean,
    missing = 'not measured',
  ) =>
    list.push({
      name,
      measured: r ? `${rate(r)} (${pct(r)})` : missing,
      met: r ? ok(r) && r.errors === 0 : null,
    })
  const noPg = 'not measured (set DATABASE_URL)'
  // The visit beacon (events.ts): every request does the whole work (rate-limit row, salt, insert).
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const events = report.events?.find((e) => e.database === database)?.result
    list.push({
      name: `POST /events (visit beacon) on ${database}: >= 1,000 req/s`,
      measured: events
        ? `${Math.round(events.requestsPerSecond).toLocaleString('en-US')} req/s, p50 ${events.p50Ms.toFixed(1)} ms, p99 ${events.p99Ms.toFixed(1)} ms`
        : database === 'PostgreSQL'
          ? noPg
          : 'not measured',
      met: events ? events.requestsPerSecond >= 1000 && events.errors === 0 : null,
    })
  }
  // The front-page spike (spike.ts): every kind's p99 under 100 ms, no error, every accepted beacon counted.
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const spike = report.spikes?.find((s) => s.database === database)
    const described = {
      alone: '1,000 req/s open loop',
      hostile: '1,000 req/s open loop, beside 16 clients asking for uncached work',
      burst: '3,000 req/s open loop',
      restart: '1,000 req/s open loop from the moment a restarted npm start first answers /health',
    } as const
    for (const kind of ['alone', 'hostile', 'burst', 'restart'] as const) {
      const phase = spike?.phases.find((p) => p.kind === kind)
      const worst = phase?.rows.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a))
      const errors = phase?.rows.reduce((sum, row) => sum + row.errors, 0) ?? 0
      list.push({
        name:
          `Spike on ${database}, ${described[kind]}: ` +
          'every kind p99 < 100 ms, no error, every accepted beacon counted',
        measured:
          phase && worst
            ? `worst p99 ${Math.round(worst.p99Ms).toLocaleString('en-US')} ms (${worst.kind}), ${errors} errors, ` +
              `${phase.events.counted.toLocaleString('en-US')} of ${phase.events.accepted.toLocaleString('en-US')} beacons counted`
            : database === 'PostgreSQL'
              ? noPg
              : 'not measured',
        met:
          phase && worst
            ? worst.p99Ms < 100 && errors === 0 && phase.events.counted >= phase.events.accepted
            : null,
      })
    }
  }
  // The CV as a PDF (cv.ts): pdf-lib's layout, paid once per content version.
  const cv = report.cv
  const cvText = (f: CvFigure) =>
    `p50 ${f.p50Ms.toFixed(1)} ms, p95 ${f.p95Ms.toFixed(1)} ms; ${kB(f.bytes)}, ${f.pages} page(s), ${f.projects.toLocaleString('en-US')} projects`
  list.push({
    name: 'GET /cv.pdf, demo portfolio: rendered in < 100 ms (p50), <= 100 kB',
    measured: cv ? cvText(cv.demo) : 'not measured',
    met: cv ? cv.demo.p50Ms < 100 && cv.demo.bytes <= 100_000 : null,
  })
  list.push({
    name: 'GET /cv.pdf, 5,000 projects: rendered in < 500 ms (p50; the Edge Function allows 2 s of CPU)',
    measured: cv ? cvText(cv.large) : 'not measured',
    met: cv ? cv.large.p50Ms < 500 : null,
  })
  rateTarget(
    'npm start, GET /robots.txt, gzip accepted: >= 25 % of the ceiling',
    find(byDb('PGlite'), ROBOTS_GZIP),
    (r) => share(r) >= 0.25,
  )
  const html = find(byDb('PGlite'), HOME_GZIP)
  const snapshotHtml = find(byDb('PGlite'), SNAPSHOT_GZIP)
  list.push({
    name: 'npm start on PGlite, GET / (the server-rendered HTML), gzip accepted: >= 25 % of the ceiling',
    measured: html
      ? `${rate(html)} (${pct(html)}); its static snapshot ${snapshotHtml ? pct(snapshotHtml) : 'not measured'}`
      : 'not measured',
    met: html ? share(html) >= 0.25 && html.errors === 0 : null,
  })
  rateTarget(
    'npm start on PGlite, public GET /projects, gzip accepted: >= 25 % of the ceiling',
    find(byDb('PGlite'), PROJECTS_GZIP),
    (r) => share(r) >= 0.25,
  )
  rateTarget(
    'npm start on PostgreSQL, public GET /projects, gzip accepted: >= 12.5 % of the ceiling, p99 < 10 ms',
    find(byDb('PostgreSQL'), PROJECTS_GZIP),
    (r) => share(r) >= 0.125 && r.p99Ms < 10,
    noPg,
  )
  rateTarget(
    'PostgreSQL, an anonymous read that must reach the database: >= 2,000 req/s, p99 < 20 ms',
    find(byDb('PostgreSQL'), NEVER_MEMOIZED.name),
    (r) => r.requestsPerSecond >= 2000 && r.p99Ms < 20,
    noPg,
  )
  const bytes = report.pageBytes.find((b) => b.database === 'PostgreSQL' && b.projects === 5000)
  list.push({
    name: "5,000 projects, PostgreSQL: the public page's data <= 100 kB on the wire",
    measured: bytes ? kB(bytes.bytes) : noPg,
    met: bytes ? bytes.bytes <= 100_000 : null,
  })
  rateTarget(
    '5,000 projects, PostgreSQL: first page p50 < 20 ms',
    find(biggest('PostgreSQL'), FIRST_PAGE),
    (r) => r.p50Ms < 20,
    noPg,
  )
  rateTarget(
    '5,000 projects, PostgreSQL: the whole list (contract default) p50 < 50 ms when unchanged',
    find(biggest('PostgreSQL'), 'GET /projects'),
    (r) => r.p50Ms < 50,
    noPg,
  )
  const edgeReads = report.edge?.results.find((r) => r.name === 'Deno: GET /projects')
  list.push({
    name: 'Edge function (Deno) on PostgreSQL: cold start to first answer; warm GET /projects',
    measured: report.edge
      ? `${Math.round(report.edge.coldStartMs)} ms; ${rate(edgeReads)} (${pct(edgeReads)})`
      : noPg,
    met: null,
    status: report.edge ? 'reported (no goal)' : undefined,
  })
  const biggestSize = Math.max(...growthSizes)
  for (const database of ['PGlite', 'PostgreSQL'] as const)
    for (const { languages, what } of FIRST_RENDERS) {
      const first = report.firstRenders.find(
        (f) => f.database === database && f.what === what && f.languages === languages.length,
      )
      list.push({
        name: `${biggestSize.toLocaleString('en-US')} projects, ${database}: the first render of ${what} after a write, p50 < ${FIRST_RENDER_GOAL_MS} ms`,
        measured: first
          ? `p50 ${first.p50Ms.toFixed(1)} ms, p95 ${first.p95Ms.toFixed(1)} ms (${first.samples} writes)`
          : database === 'PostgreSQL'
            ? noPg
            : 'not measured',
        met: first ? first.p50Ms < FIRST_RENDER_GOAL_MS : null,
      })
    }
  list.push(
    {
      name: 'Public route JavaScript <= 130 kB gzipped',
      measured: home ? kB(home.jsGzipBytes) : 'not measured',
      met: home ? home.jsGzipBytes <= PUBLIC_JS_BUDGET : null,
    },
    {
      name: 'Project page route JavaScript <= 130 kB gzipped',
      measured: projectRoute ? kB(projectRoute.jsGzipBytes) : 'not measured',
      met: projectRoute ? projectRoute.jsGzipBytes <= PUBLIC_JS_BUDGET : null,
    },
    {
      name: `No admin code on a public route (${publicRoutes.map((w) => w.route).join(', ') || '/'})`,
      measured: publicRoutes.length
        ? publicRoutes
            .filter((w) => w.adminModules.length)
            .map(
              (w) =>
                `${w.route}: ${w.adminModules.length} admin modules: ${w.adminModules.join(', ')}`,
            )
            .join('; ') || 'none'
        : 'not measured',
      met: publicRoutes.length ? publicRoutes.every((w) => !w.adminModules.length) : null,
    },
    {
      // supabase-js is the back office's upload client (src/lib/upload-image.ts), ~56 kB gzipped.
      name: `No supabase-js on a public route (${publicRoutes.map((w) => w.route).join(', ') || '/'})`,
      measured: publicRoutes.length
        ? publicRoutes.flatMap((w) => w.supabaseModules).join(', ') || 'none'
        : 'not measured',
      met: publicRoutes.length ? publicRoutes.every((w) => !w.supabaseModules.length) : null,
    },
  )
  // The public pages beside their static snapshots (pages.ts), mobile, median of 5.
  const snapshots = report.lighthouse.filter((l) => l.snapshotOf)
  const pathOf = (l: LighthouseResult) => new URL(l.url).pathname
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  for (const snapshot of snapshots.length ? snapshots : [null]) {
    const page = snapshot
      ? report.lighthouse.find(
          (l) => l.formFactor === 'mobile' && !l.snapshotOf && pathOf(l) === snapshot.snapshotOf,
        )
      : undefined
    const name = snapshot ? snapshot.snapshotOf! : '/'
    const both = (value: (l: LighthouseResult) => string) =>
      page && snapshot ? `${value(page)}; static snapshot ${value(snapshot)}` : 'not measured'
    list.push(
      {
        name: `Lighthouse mobile ${name}: LCP <= ${seconds(LCP_GOAL_MS)} (median of ${sideBySideRuns}, beside its static snapshot)`,
        measured: both((l) => seconds(l.lcpMs)),
        met: page ? page.lcpMs <= LCP_GOAL_MS : null,
      },
      {
        name: `Lighthouse mobile ${name}: performance 100`,
        measured: both((l) => String(l.performance)),
        met: page ? page.performance === 100 : null,
      },
      {
        name: `Lighthouse mobile ${name}: accessibility, best practices, SEO 100`,
        measured: page
          ? `${page.accessibility}, ${page.bestPractices}, ${page.seo}`
          : 'not measured',
        met: page
          ? page.accessibility === 100 && page.bestPractices === 100 && page.seo === 100
          : null,
      },
    )
  }
  // A post's page beside a project's: the same kind of page, so about the same cost.
  const whatOf = (name: string) => FIRST_RENDERS.find((f) => f.name === name)?.what
  const renderOf = (name: string, database: string) =>
    report.firstRenders.find((f) => f.database === database && f.what === whatOf(name))
  const lcpOf = (name: string) => {
    const at = snapshots.find((l) => l.url.endsWith(`${SNAPSHOT_DIR}/${name}.html`))?.snapshotOf
    return report.lighthouse.find(
      (l) => l.formFactor === 'mobile' && !l.snapshotOf && at && pathOf(l) === at,
    )
  }
  const [projectLcp, postLcp] = [lcpOf('project'), lcpOf('post')]
  const renders = (['PGlite', 'PostgreSQL'] as const).flatMap((database) => {
    const [project, post] = [renderOf('project', database), renderOf('post', database)]
    return project && post
      ? [`${database} p50 ${post.p50Ms.toFixed(1)} ms / ${project.p50Ms.toFixed(1)} ms`]
      : []
  })
  list.push({
    name: `A post page beside a project page (post / project): first render after a write at ${biggestSize.toLocaleString('en-US')} projects, mobile LCP`,
    measured:
      [
        ...renders,
        ...(projectLcp && postLcp
          ? [`LCP ${seconds(postLcp.lcpMs)} / ${seconds(projectLcp.lcpMs)}`]
          : []),
      ].join('; ') || 'not measured',
    met: null,
    status: renders.length || projectLcp ? 'reported (no goal)' : undefined,
  })
  return list
}

async function main() {
  const loadStart = os.loadavg()
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'))
  try {
    log(`building (npm run build)${quick ? ', BENCH_QUICK' : ''}`)
    await npm(['run', 'build', '--silent'])
    log('route weights from the build manifest')
    const routes = await routeWeights(root, scratch)
    const themes = await themeWeights(root)

    log('ceiling: a bare hono app on @hono/node-server')
    const bare = await startCeiling(root)
    let ceiling: Measured
    try {
      ceiling = await measure(bare.origin, 'bare hono (ceiling)', { paths: ['/'] }, api, scratch)
    } finally {
      bare.stop()
    }
    const report: Omit<BenchReport, 'targets' | 'machine'> = {
      ceiling,
      api: [],
      growth: [],
      pageBytes: [],
      edge: null,
      routes,
      themes,
      lighthouse: [],
      firstRenders: [],
      events: [],
      notes: [],
    }

    // Every server of the run serves this copy of the build, with the static
    // snapshots of /, of a project page and of the demo post's rendered on a fresh demo database.
    log('static snapshots of /, of a project page and of a post page, in a copy of the build')
    const siteDir = path.join(scratch, 'site')
    await copyBuild(path.join(root, 'dist'), siteDir)
    const snapshotData = path.join(scratch, 'snapshot-data')
    const snapshotDb: DbTarget = { kind: 'pglite', dataDir: snapshotData }
    await prepareDatabase(snapshotDb)
    const site: Site = {
      dir: siteDir,
      pairs: await withServer(snapshotDb, snapshotData, siteDir, (origin) =>
        writeSnapshots(origin, siteDir),
      ),
    }

    const lite = path.join(scratch, 'pglite-data')
    const pglite = await benchDatabase(
      'PGlite',
      { kind: 'pglite', dataDir: lite },
      lite,
      site,
      scratch,
      true,
    )
    report.api.push({ database: 'PGlite', results: pglite.results })
    report.growth.push(...pglite.growth)
    report.pageBytes.push(...pglite.pageBytes)
    report.lighthouse.push(...pglite.lighthouse)
    report.firstRenders.push(...pglite.firstRenders)
    log('PGlite: POST /events (the visit beacon)')
    report.events!.push({ database: 'PGlite', result: await benchEvents(root, { runs: api.runs }) })

    const spike = {
      rate: 1000,
      seconds: quick ? 10 : 60,
      hostile: 16,
      burstRate: 3000,
      restart: true,
    }
    log(
      `PGlite: a spike of ${spike.rate} mixed requests a second for ${spike.seconds} s, then beside ${spike.hostile} hostile clients, then ${spike.burstRate} a second, then from a restart`,
    )
    report.spikes = [await benchSpike(root, { ...spike, distDir: site.dir })]

    log('GET /cv.pdf: the CV rendered for the demo portfolio and for 5,000 projects')
    report.cv = await benchCv({ samples: quick ? 5 : 20 })

    let postgres: string | null = null
    if (databaseUrl) {
      const url = await createFreshDatabase(databaseUrl, 'vitrine_bench')
      postgres = await postgresVersion(url)
      const pgData = path.join(scratch, 'postgres-data')
      const pg = await benchDatabase(
        'PostgreSQL',
        { kind: 'postgres', url },
        pgData,
        site,
        scratch,
        false,
      )
      report.api.push({ database: 'PostgreSQL', results: pg.results })
      report.growth.push(...pg.growth)
      report.pageBytes.push(...pg.pageBytes)
      report.firstRenders.push(...pg.firstRenders)
      report.edge = pg.edge
      log('PostgreSQL: POST /events (the visit beacon)')
      const eventsUrl = await createFreshDatabase(databaseUrl, 'vitrine_bench_events')
      report.events!.push({
        database: 'PostgreSQL',
        result: await benchEvents(root, { databaseUrl: eventsUrl, runs: api.runs }),
      })
      log(`PostgreSQL: the same spike`)
      const spikeUrl = await createFreshDatabase(databaseUrl, 'vitrine_bench_spike')
      report.spikes.push(
        await benchSpike(root, { ...spike, databaseUrl: spikeUrl, distDir: site.dir }),
      )
    } else {
      report.notes.push('PostgreSQL not measured: run with DATABASE_URL set to add it.')
    }

    const cpus = os.cpus()
    const machine: Machine = {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      cores: cpus.length,
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 1e9),
      node: process.version,
      os: `${os.type()} ${os.release()}`,
      chromium: (await version(CHROMIUM, ['--version'])).replace(/^Chromium\s+/, ''),
      lighthouse: await version(path.join(root, 'node_modules', '.bin', 'lighthouse'), [
        '--version',
      ]),
      wrk: (await version('wrk', ['--version'])).split(' [')[0] ?? 'wrk',
      postgres,
      loadStart,
      loadEnd: os.loadavg(),
      quick,
      durationS: (Date.now() - started) / 1000,
    }
    const full = { ...report, machine }
    report.notes.push(
      `wrk: ${api.threads} threads, ${api.connections} connections, median of ${api.runs} run(s) of ${api.seconds} s (growth: GET /projects ${growthSettings.runs} x ${growthSettings.seconds} s, other reads 1 x ${growthOthers.seconds} s); ` +
        `paths under ${API}; "errors" counts socket errors and answers >= 400 over all runs.`,
      'Latency figures are under load (10 concurrent connections); a lone request is faster.',
      '"of ceiling": requests/s as a share of the bare hono app measured at the start of this run.',
    )
    const file = path.join(root, 'docs', 'PERFORMANCE.md')
    await writeReport(file, { ...full, targets: targets(full) })
    log(`written ${path.relative(root, file)}`)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
