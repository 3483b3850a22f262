// docs/PERFORMANCE.md: a hand-written introduction (kept as it is, everything
// above the marker) and the figures of the latest run (rewritten every run).
import type { CvFigure } from './cv.ts'
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import type { Measured } from './api.ts'
import type { RouteWeight } from './bundle.ts'
import type { EdgeFigures } from './edge.ts'
import type { LighthouseResult } from './lighthouse.ts'
import type { FirstRender } from './pages.ts'
import { spikeTables, type SpikeResult, type SpikeRow } from './spike.ts'
import type { WrkResult } from './wrk.ts'

export const MARKER =
  '<!-- Everything below is written by `npm run bench`; edit the text above this line. -->'

const DEFAULT_INTRO = `# Performance

How fast Vitrine is, as numbers anyone can reproduce with one command:

\`\`\`sh
npm run bench                               # embedded PGlite only, about 6 minutes (9 with PostgreSQL)
DATABASE_URL=postgres://... npm run bench   # also PostgreSQL (a fresh \`vitrine_bench\` database is created on that server)
BENCH_QUICK=1 npm run bench                 # one short run of each, fewer sizes, for development
\`\`\`

The bench builds the SPA, starts the production server (\`npm start\`) as a child
process on a fresh, seeded database in a temporary data folder, then measures the
API with \`wrk\` (median of short runs, 2 threads, 10 connections, loopback),
the same reads as the portfolio grows, the gzipped JavaScript and CSS of every
route from the build manifest, and Lighthouse 12 in Debian's Chromium. It is never
a pass/fail timer: each target is marked met or not met, and nothing fails.

Figures depend on the machine and on what else runs on it: the load average at
the start and end of the run is recorded with them. Compare runs on one machine.
The load generator (\`wrk\`) shares the cores with the server, as in any loopback test.
`

export interface Machine {
  date: string
  cores: number
  cpu: string
  memoryGb: number
  node: string
  os: string
  chromium: string
  lighthouse: string
  postgres: string | null
  loadStart: number[]
  loadEnd: number[]
  quick: boolean
  durationS: number
  wrk: string
}

export interface GrowthRow {
  projects: number
  database: 'PGlite' | 'PostgreSQL'
  results: Measured[]
}

export interface PageBytes {
  database: 'PGlite' | 'PostgreSQL'
  projects: number
  bytes: number
}

export interface Target {
  name: string
  measured: string
  met: boolean | null
  /** Shown instead of met / not met for a figure reported without a goal. */
  status?: string
}

export interface BenchReport {
  machine: Machine
  /** The bare hono app; every requests/s is also shown as a share of it. */
  ceiling: Measured | null
  pageBytes: PageBytes[]
  edge: EdgeFigures | null
  api: { database: 'PGlite' | 'PostgreSQL'; results: Measured[] }[]
  growth: GrowthRow[]
  routes: RouteWeight[]
  /** Each theme's stylesheet, gzipped (bundle.ts); optional in older reports. */
  themes?: { theme: string; cssGzipBytes: number }[]
  lighthouse: LighthouseResult[]
  /** The first GET / after each write, at the largest size (pages.ts). */
  firstRenders: FirstRender[]
  /** POST /events, the visit beacon, under wrk (events.ts); optional in older reports. */
  events?: { database: 'PGlite' | 'PostgreSQL'; result: WrkResult }[]
  /** GET /cv.pdf's rendering (cv.ts); optional in older reports. */
  cv?: { demo: CvFigure; large: CvFigure }
  /** An open-loop spike of mixed requests on npm start (spike.ts); optional in older reports. */
  spike?: { database: 'PGlite' | 'PostgreSQL'; rate: number; seconds: number; rows: SpikeRow[] }
  /** The spike, alone then beside hostile clients, per database (spike.ts); replaces `spike`. */
  spikes?: SpikeResult[]
  targets: Target[]
  notes: string[]
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const num = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a')
const ms = (n: number) =>
  Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : 'n/a'
/** A Lighthouse score; '-' for a category the run left out (a static snapshot's). */
const score = (n: number) => (Number.isFinite(n) ? String(n) : '-')
const mark = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : '**not met**')

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')
}

export function renderResults(r: BenchReport): string {
  const m = r.machine
  const of = (x: Measured) =>
    r.ceiling
      ? `${((x.requestsPerSecond / r.ceiling.requestsPerSecond) * 100).toFixed(1)} %`
      : 'n/a'
  const out: string[] = []
  out.push(`## Latest run: ${m.date}${m.quick ? ' (BENCH_QUICK: indicative only)' : ''}`)
  out.push(
    [
      `- Machine: ${m.cores} cores, ${m.cpu}, ${m.memoryGb} GB RAM, ${m.os}`,
      `- Node ${m.node}, ${m.wrk}, Chromium ${m.chromium}, Lighthouse ${m.lighthouse}${m.postgres ? `, ${m.postgres}` : ''}`,
      `- Load average (1, 5, 15 min) at start: ${m.loadStart.map((l) => l.toFixed(2)).join(', ')}; at end: ${m.loadEnd.map((l) => l.toFixed(2)).join(', ')}`,
      `- Whole bench: ${Math.round(m.durationS)} s`,
    ].join('\n'),
  )

  out.push('## Targets')
  out.push(
    table(
      ['target', 'measured', 'status'],
      r.targets.map((t) => [t.name, t.measured, t.status ?? mark(t.met)]),
    ),
  )

  if (r.ceiling) {
    out.push('## Ceiling')
    out.push(
      `A bare \`hono\` app on \`@hono/node-server\` answering a constant, same wrk settings, same run: ` +
        `${num(r.ceiling.requestsPerSecond)} req/s, p50 ${ms(r.ceiling.p50Ms)}, p99 ${ms(r.ceiling.p99Ms)}.`,
    )
  }

  const apiTable = (results: Measured[]) =>
    table(
      ['scenario', 'requests/s', 'of ceiling', 'p50', 'p99', 'errors', 'runs'],
      results.map((x) => [
        x.name,
        num(x.requestsPerSecond),
        of(x),
        ms(x.p50Ms),
        ms(x.p99Ms),
        String(x.errors),
        String(x.runs),
      ]),
    )
  for (const { database, results } of r.api) {
    out.push(`## API on ${database}, demo seed`)
    out.push(apiTable(results))
  }
  if (r.edge) {
    out.push('## Edge function (Deno 2.9.6) on PostgreSQL, demo seed')
    out.push(
      `Cold start, from spawning \`deno run\` to the first answer of GET /projects: ${Math.round(r.edge.coldStartMs)} ms.`,
    )
    out.push(apiTable(r.edge.results))
  }

  if (r.growth.length) {
    out.push('## Growth: the public reads as the portfolio grows')
    out.push(
      'Each generated project has 3 technologies and 3 images; the demo seed is kept (6 projects, 12 technologies).',
    )
    const rows: string[][] = []
    for (const g of r.growth)
      for (const x of g.results)
        rows.push([
          g.database,
          num(g.projects),
          x.name,
          num(x.requestsPerSecond),
          of(x),
          ms(x.p50Ms),
          ms(x.p99Ms),
          String(x.errors),
        ])
    out.push(
      table(
        ['database', 'projects', 'scenario', 'requests/s', 'of ceiling', 'p50', 'p99', 'errors'],
        rows,
      ),
    )
    if (r.pageBytes.length) {
      out.push(
        "The public page's data on the wire (brotli): the first page of projects, technologies, certifications, configurations.",
      )
      out.push(
        table(
          ['database', 'projects', 'bytes'],
          r.pageBytes.map((b) => [b.database, num(b.projects), kB(b.bytes)]),
        ),
      )
    }
  }

  out.push('## Front end: JavaScript and CSS per route (gzip -9)')
  out.push(
    "Entry chunk and its static imports, plus the route's lazy chunks and theirs, from `dist/.vite/manifest.json`. " +
      'For the public page that includes the lazily loaded home sections (contact form, mobile menu).',
  )
  out.push(
    table(
      ['route', 'JS', 'CSS', 'chunks', 'admin modules'],
      r.routes.map((w) => [
        w.route,
        kB(w.jsGzipBytes),
        kB(w.cssGzipBytes),
        String(w.files.length),
        w.route.startsWith('/ ') ? String(w.adminModules.length) : '-',
      ]),
    ),
  )

  const home = r.routes.find((w) => w.route.startsWith('/ '))
  if (home && r.themes?.length) {
    out.push('### `/` per theme')
    out.push(
      "A theme is a stylesheet (decision 074): the page's JavaScript is the same in every theme, " +
        "so each keeps the 130 kB budget or none does; the theme's own stylesheet comes on top of the site's. " +
        'LCP: Lighthouse mobile, median of the runs, the site switched to each theme in turn.',
    )
    out.push(
      table(
        ['theme', 'JS (budget 130 kB)', 'theme CSS', 'LCP mobile'],
        r.themes.map((t) => {
          const run = r.lighthouse.find((l) => l.theme === t.theme)
          return [
            t.theme,
            `${kB(home.jsGzipBytes)} (${home.jsGzipBytes <= 130_000 ? 'met' : '**not met**'})`,
            kB(t.cssGzipBytes),
            run ? `${(run.lcpMs / 1000).toFixed(2)} s` : 'not measured',
          ]
        }),
      ),
    )
  }
  if (home) {
    out.push("Where the public page's bytes go (largest first):")
    out.push(
      table(
        ['file', 'gzip'],
        [...home.sizes]
          .sort((a, b) => b.gzipBytes - a.gzipBytes)
          .map((s) => [s.file, kB(s.gzipBytes)]),
      ),
    )
  }

  if (r.lighthouse.length) {
    out.push('## Lighthouse')
    out.push(
      'Simulated throttling (Lighthouse defaults: mobile = slow 4G and a 4x slower CPU). Each figure is the median of the runs; ' +
        'the score follows TBT closely on a busy machine, since main-thread time is measured and then multiplied.',
    )
    out.push(
      table(
        [
          'page',
          'form factor',
          'performance',
          'accessibility',
          'best practices',
          'SEO',
          'LCP',
          'FCP',
          'TBT',
          'CLS',
          'Speed Index',
          'runs',
          'audits losing points (last run)',
        ],
        r.lighthouse.map((l) => [
          l.url.replace(/^https?:\/\/[^/]+/, '') + (l.theme ? ` (${l.theme})` : ''),
          l.formFactor,
          score(l.performance),
          score(l.accessibility),
          score(l.bestPractices),
          score(l.seo),
          `${(l.lcpMs / 1000).toFixed(2)} s`,
          `${(l.fcpMs / 1000).toFixed(2)} s`,
          `${Math.round(l.tbtMs)} ms`,
          l.cls.toFixed(3),
          `${(l.speedIndexMs / 1000).toFixed(2)} s`,
          String(l.runs),
          l.failing.join('; ') || '-',
        ]),
      ),
    )
  }

  const snapshots = r.lighthouse.filter((l) => l.snapshotOf)
  if (snapshots.length) {
    const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`
    const runs = (l: LighthouseResult) => l.lcpRunsMs.map((n) => (n / 1000).toFixed(2)).join(', ')
    out.push('### The public pages beside their static snapshots')
    out.push(
      "Each page's static snapshot is its HTML as `npm start` answered it, with the scripts taken out " +
        '(module script and preloads, the inline scripts, the state; JSON-LD stays), saved under `/__snapshot/` ' +
        'in a copy of the build and served by the same `npm start`: the same markup, stylesheet and images, ' +
        'nothing to run, so the ceiling for that page. Mobile, a run of the page and a run of its snapshot in turns, median of each.',
    )
    const rows: string[][] = []
    for (const snapshot of snapshots) {
      const page = r.lighthouse.find(
        (l) =>
          !l.snapshotOf &&
          l.formFactor === snapshot.formFactor &&
          new URL(l.url).pathname === snapshot.snapshotOf,
      )
      if (!page) continue
      rows.push([
        snapshot.snapshotOf!,
        `${seconds(page.lcpMs)} / ${seconds(snapshot.lcpMs)}`,
        `${Math.round(page.lcpMs - snapshot.lcpMs)} ms`,
        `${page.performance} / ${snapshot.performance}`,
        `${seconds(page.fcpMs)} / ${seconds(snapshot.fcpMs)}`,
        `${Math.round(page.tbtMs)} ms / ${Math.round(snapshot.tbtMs)} ms`,
        `${runs(page)} / ${runs(snapshot)}`,
        page.lcpElement.replace(/\|/g, '\\|'),
      ])
    }
    out.push(
      table(
        [
          'page',
          'LCP, page / snapshot',
          'page - snapshot',
          'performance',
          'FCP',
          'TBT',
          'LCP of each run (s)',
          'LCP element (page, last run)',
        ],
        rows,
      ),
    )
  }

  const spikes: SpikeResult[] =
    r.spikes ??
    (r.spike
      ? [
          {
            ...r.spike,
            load: [NaN, NaN],
            phases: [
              {
                kind: 'alone' as const,
                rate: r.spike.rate,
                hostile: 0,
                rows: r.spike.rows,
                hostileStatuses: {},
                sendLagP99Ms: NaN,
                events: { accepted: NaN, counted: NaN },
              },
            ],
          },
        ]
      : [])
  if (spikes.length) {
    out.push('## A spike: mixed requests at a fixed rate')
    out.push(
      '`npm start` with the demo seed, sent a fixed number of requests a second, ' +
        'open loop (each at its planned time, its latency counted from then, so a server that falls behind ' +
        'shows it here), mixing the home page, project pages, /cv, built assets, the link-preview image, ' +
        '/health and the visit beacon (tests/bench/spike.ts); then the same while 16 clients ask for work ' +
        'nothing keeps (random query strings on /cv.pdf, /projects and the preview images, pages that do not ' +
        'exist). "errors": answers of 400 and more, socket errors and timeouts (10 s). The load generator ' +
        'shares the cores with the server. The accepted beacons are compared with the views GET /stats counted.',
    )
    for (const result of spikes) out.push(spikeTables(result))
  }

  if (r.firstRenders.length) {
    out.push('## The first render after a write')
    out.push(
      'A write through the API (PATCH of a project, signed in), then the next `GET /` (or `/fr/`, the page in a second language; ' +
        "or the first project's page, or the demo post's, tests/support/demo-post.ts, side by side) as a browser asks for it " +
        '(brotli or gzip), timed from request to last byte by the bench. It finds no page kept for the new ' +
        'content version, so the server renders it, with the public reads it needs (new too). ' +
        'One request at a time; the first rounds are not counted.',
    )
    out.push(
      table(
        [
          'database',
          'projects',
          'page',
          'languages',
          'writes',
          'p50',
          'p95',
          'max',
          'the write itself, p50',
          'stale after the write',
        ],
        r.firstRenders.map((f) => [
          f.database,
          num(f.projects),
          f.page,
          String(f.languages),
          String(f.samples),
          ms(f.p50Ms),
          ms(f.p95Ms),
          ms(f.maxMs),
          ms(f.writeP50Ms),
          String(f.staleAfterWrite),
        ]),
      ),
    )
  }

  if (r.notes.length) {
    out.push('## Notes')
    out.push(r.notes.map((n) => `- ${n}`).join('\n'))
  }
  return out.join('\n\n') + '\n'
}

/** Keeps the introduction someone wrote above the marker; writes a default one the first time. */
export async function writeReport(file: string, report: BenchReport): Promise<void> {
  let intro = DEFAULT_INTRO
  if (existsSync(file)) {
    const current = await readFile(file, 'utf8')
    const at = current.indexOf(MARKER)
    if (at > 0) intro = current.slice(0, at).trimEnd() + '\n'
  }
  await writeFile(file, `${intro}\n${MARKER}\n\n${renderResults(report)}`)
}
