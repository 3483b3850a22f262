// A spike on `npm start` (docs/PRODUCT.md §22): an open-loop load of a fixed
// rate, say 1,000 requests a second for 60 s, mixing what visitors ask for:
// the home page, project pages, /cv (the browser app), built assets, the
// link-preview image and the visit beacon. Open loop: each request is sent at
// its planned time whether or not the earlier ones were answered, and its
// latency counts from that time, so a server that falls behind shows it in
// the tail instead of slowing the load down (as a closed-loop tool like wrk
// does). Reports p50, p95 and p99 and the errors per kind.
//
//   npx tsx tests/bench/spike.ts [--rate 1000] [--seconds 60]   (after npm run build)
import { readdir } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startServer } from './server.ts'

export interface SpikeRow {
  kind: string
  sent: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  /** Answers of 400 and more, socket errors and timeouts. */
  errors: number
  /** Every status seen, with its count ('error' for a socket error or a timeout). */
  statuses: Record<string, number>
}

interface Kind {
  name: string
  /** Share of the requests, out of the sum of all weights. */
  weight: number
  method: 'GET' | 'POST'
  path(): string
  headers?: Record<string, string>
  body?: string
}

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const TIMEOUT_MS = 10_000

function kinds(projectPaths: string[], assets: string[]): Kind[] {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!
  const page = { 'Accept-Encoding': 'br, gzip', 'User-Agent': BROWSER }
  return [
    { name: 'GET /', weight: 30, method: 'GET', path: () => '/', headers: page },
    {
      name: 'GET /projects/<id>',
      weight: 20,
      method: 'GET',
      path: () => pick(projectPaths),
      headers: page,
    },
    { name: 'GET /cv', weight: 5, method: 'GET', path: () => '/cv', headers: page },
    {
      name: 'GET /assets/*',
      weight: 25,
      method: 'GET',
      path: () => `/assets/${pick(assets)}`,
      headers: page,
    },
    { name: 'GET /og/home.png', weight: 5, method: 'GET', path: () => '/og/home.png' },
    {
      name: 'POST /events',
      weight: 15,
      method: 'POST',
      path: () => '/functions/v1/api/events',
      // What navigator.sendBeacon sends from the site's own page.
      headers: {
        'Content-Type': 'text/plain;charset=UTF-8',
        'Sec-Fetch-Site': 'same-origin',
        'User-Agent': BROWSER,
      },
      body: JSON.stringify({ type: 'view', path: '/?utm_source=spike' }),
    },
  ]
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN

/** The spike against a running server at `origin`, whose build is in `distDir`. */
export async function runSpike(
  origin: string,
  distDir: string,
  options: { rate: number; seconds: number },
): Promise<SpikeRow[]> {
  const projects = (await (await fetch(`${origin}/functions/v1/api/projects?limit=20`)).json()) as {
    id: number
  }[]
  const assets = (await readdir(path.join(distDir, 'assets'))).filter((f) => /\.(js|css)$/.test(f))
  const mix = kinds(
    projects.length ? projects.map((p) => `/projects/${p.id}`) : ['/projects/1'],
    assets,
  )
  const total = mix.reduce((sum, k) => sum + k.weight, 0)
  const url = new URL(origin)
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const results = new Map(
    mix.map((k) => [k.name, { latencies: [] as number[], statuses: {} as Record<string, number> }]),
  )

  const send = (kind: Kind, planned: number) =>
    new Promise<void>((resolve) => {
      const seen = results.get(kind.name)!
      const done = (status: string) => {
        seen.statuses[status] = (seen.statuses[status] ?? 0) + 1
        seen.latencies.push(performance.now() - planned)
        resolve()
      }
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: kind.method,
          path: kind.path(),
          agent,
          headers: kind.headers,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          res.resume()
          res.on('end', () => done(String(res.statusCode)))
          res.on('error', () => done('error'))
        },
      )
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', () => done('error'))
      req.end(kind.body)
    })

  const count = Math.round(options.rate * options.seconds)
  const interval = 1000 / options.rate
  const pending: Promise<void>[] = []
  const start = performance.now()
  let next = 0
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now()
      // Every request whose planned time has come, each timed from that planned time.
      while (next < count && start + next * interval <= now) {
        let roll = Math.random() * total
        const kind = mix.find((k) => (roll -= k.weight) < 0) ?? mix[0]!
        pending.push(send(kind, start + next * interval))
        next++
      }
      if (next >= count) resolve()
      else setTimeout(tick, 2)
    }
    tick()
  })
  await Promise.all(pending)
  agent.destroy()

  return mix.map((kind) => {
    const { latencies, statuses } = results.get(kind.name)!
    const sorted = [...latencies].sort((a, b) => a - b)
    const errors = Object.entries(statuses)
      .filter(([status]) => status === 'error' || Number(status) >= 400)
      .reduce((sum, [, n]) => sum + n, 0)
    return {
      kind: kind.name,
      sent: latencies.length,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      p99Ms: percentile(sorted, 99),
      errors,
      statuses,
    }
  })
}

/**
 * `npm start` on a fresh demo database (PGlite, or PostgreSQL at
 * `databaseUrl`), then the spike. Every request comes from 127.0.0.1, which
 * `npm start` takes as the client's address (decision 012), so the server runs
 * with STATS_EVENTS_PER_MINUTE raised, as in events.ts: else the beacons would
 * be 429s after the first 60.
 */
export async function benchSpike(
  root: string,
  options: { rate: number; seconds: number; databaseUrl?: string; distDir?: string },
): Promise<SpikeRow[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-spike-'))
  const previous = process.env.STATS_EVENTS_PER_MINUTE
  process.env.STATS_EVENTS_PER_MINUTE = '1000000'
  const distDir = options.distDir ?? path.join(root, 'dist')
  const server = await startServer(root, {
    dataDir,
    databaseUrl: options.databaseUrl,
    distDir: options.distDir,
  })
  try {
    // A few seconds at a tenth of the rate first: pages and images are made once per content version.
    await runSpike(server.origin, distDir, { rate: options.rate / 10, seconds: 3 })
    return await runSpike(server.origin, distDir, options)
  } finally {
    await server.stop()
    if (previous === undefined) delete process.env.STATS_EVENTS_PER_MINUTE
    else process.env.STATS_EVENTS_PER_MINUTE = previous
    await rm(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const at = process.argv.indexOf(name)
    return at > 0 ? Number(process.argv[at + 1]) : fallback
  }
  const rate = arg('--rate', 1000)
  const seconds = arg('--seconds', 60)
  const rows = await benchSpike(process.cwd(), { rate, seconds })
  console.log(`Spike: ${rate} req/s for ${seconds} s, open loop, on npm start (PGlite)`)
  for (const row of rows)
    console.log(
      `${row.kind.padEnd(20)} ${String(row.sent).padStart(6)} sent  p50 ${row.p50Ms.toFixed(1)} ms  p95 ${row.p95Ms.toFixed(1)} ms  p99 ${row.p99Ms.toFixed(1)} ms  errors ${row.errors}  ${JSON.stringify(row.statuses)}`,
    )
}
