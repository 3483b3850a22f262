// A spike on `npm start` (docs/PRODUCT.md §22): an open-loop load of a fixed
// rate, say 1,000 requests a second for 60 s, mixing what visitors ask for:
// the home page, project pages, /cv (the browser app), built assets, the
// link-preview image and the visit beacon. Open loop: each request is sent at
// its planned time whether or not the earlier ones were answered, and its
// latency counts from that time, so a server that falls behind shows it in
// the tail instead of slowing the load down (as a closed-loop tool like wrk
// does). Reports p50, p95 and p99 and the errors per kind, and checks that
// every beacon the server accepted (204) is counted in the statistics
// (GET /stats, as the owner, before and after).
//
// Two phases: the spike alone, then the same spike while 16 clients (closed
// loop, as fast as they are answered) ask for work nothing keeps: the CV as a
// PDF and the API's list with random query strings, page paths that do not
// exist, preview images with random query strings (docs/PRODUCT.md §22).
//
//   npx tsx tests/bench/spike.ts [--rate 1000] [--seconds 60] [--hostile 16]   (after npm run build)
//   DATABASE_URL=postgres://... npx tsx tests/bench/spike.ts ...   (PostgreSQL: a fresh
//   `vitrine_bench_spike` database is created on that server)
import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createFreshDatabase } from './database.ts'
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
const API = '/functions/v1/api'
/**
 * Who sends what: the server trusts loopback as a proxy (TRUSTED_PROXIES), so
 * each request names its client in X-Forwarded-For. Visitors come from 2,000
 * addresses (at 1,000 requests a second, about 4.5 beacons a minute each, under
 * the limit of 60), each hostile client from an address of its own, so each
 * has its own allowance of renders (30 a minute): a distributed attack, not
 * one address that the limit stops at once. RFC 2544's benchmarking range.
 */
const VISITORS = 2000
const visitorAddress = () => {
  const n = 1 + Math.floor(Math.random() * VISITORS)
  return `198.18.${n >> 8}.${n & 255}`
}
const HOSTILE_NETWORK = '198.19.0'
const OWNER = { username: 'spike-owner', password: 'spike-owner-password' }

/** What a hostile client asks for, in turns: work no earlier request made, so nothing kept answers it. */
function hostilePaths(projectIds: number[]): (() => string)[] {
  const junk = () => Math.random().toString(36).slice(2)
  const id = () => projectIds[Math.floor(Math.random() * projectIds.length)] ?? 1
  return [
    () => `${API}/cv.pdf?x=${junk()}`,
    () => `${API}/projects?${junk()}=${junk()}`,
    () => `/projects/${id()}?${junk()}`,
    () => `/no-such-page-${junk()}`,
    () => `/og/home.png?x=${junk()}`,
    () => `/og/projects/${id()}.png?x=${junk()}`,
  ]
}

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
    // What an uptime check asks: one database round trip.
    { name: 'GET /health', weight: 2, method: 'GET', path: () => `${API}/health` },
    {
      name: 'POST /events',
      weight: 15,
      method: 'POST',
      path: () => `${API}/events`,
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

export interface SpikePhase {
  /**
   * alone: the spike at its rate; hostile: beside the hostile clients; burst:
   * alone at three times the rate; restart: a fresh `npm start` on the same
   * data, the spike starting the moment its /health first answers.
   */
  kind: 'alone' | 'hostile' | 'burst' | 'restart'
  rate: number
  /** 0 but beside the hostile clients. */
  hostile: number
  rows: SpikeRow[]
  /** What the hostile clients got: requests answered, by status. */
  hostileStatuses: Record<string, number>
  /**
   * How late the generator sent requests after their planned time, p99 in ms:
   * part of every latency above. Large when the machine starves the generator
   * itself of CPU, not only the server.
   */
  sendLagP99Ms: number
  /** Beacons the server accepted (204) during the phase, and the views GET /stats gained meanwhile. */
  events: { accepted: number; counted: number }
}

export interface SpikeResult {
  database: 'PGlite' | 'PostgreSQL'
  rate: number
  seconds: number
  /** The 1-minute load average before and after the run (/proc/loadavg). */
  load: [number, number]
  phases: SpikePhase[]
}

interface Run {
  origin: string
  distDir: string
  token: string
  projectIds: number[]
}

/** `kinds()` against a running server, at `rate` for `seconds`, with `hostile` clients beside it. */
async function runPhase(
  run: Run,
  options: { rate: number; seconds: number; hostile?: number },
): Promise<Omit<SpikePhase, 'events' | 'kind' | 'rate'> & { accepted: number }> {
  const assets = (await readdir(path.join(run.distDir, 'assets'))).filter((f) =>
    /\.(js|css)$/.test(f),
  )
  const mix = kinds(
    run.projectIds.length ? run.projectIds.map((id) => `/projects/${id}`) : ['/projects/1'],
    assets,
  )
  const total = mix.reduce((sum, k) => sum + k.weight, 0)
  const url = new URL(run.origin)
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const results = new Map(
    mix.map((k) => [k.name, { latencies: [] as number[], statuses: {} as Record<string, number> }]),
  )

  /** One request; resolves with its status ('error' for a socket error or a timeout). */
  const call = (
    method: string,
    pathname: string,
    headers?: Record<string, string>,
    body?: string,
    via: Agent = agent,
  ) =>
    new Promise<string>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: pathname,
          agent: via,
          headers,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(String(res.statusCode)))
          res.on('error', () => resolve('error'))
        },
      )
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', () => resolve('error'))
      req.end(body)
    })

  const lags: number[] = []
  const timeline: [number, number][] = []
  const send = async (kind: Kind, planned: number) => {
    lags.push(performance.now() - planned)
    const status = await call(
      kind.method,
      kind.path(),
      { ...kind.headers, 'X-Forwarded-For': visitorAddress() },
      kind.body,
    )
    const seen = results.get(kind.name)!
    seen.statuses[status] = (seen.statuses[status] ?? 0) + 1
    seen.latencies.push(performance.now() - planned)
    timeline.push([planned - start, performance.now() - planned])
  }

  // The hostile clients: each sends its next request as soon as the last one is answered.
  const hostileStatuses: Record<string, number> = {}
  let attacking = true
  const hostileAgent = new Agent({ keepAlive: true, maxSockets: 64 })
  const attack = hostilePaths(run.projectIds)
  const attacker = async (n: number) => {
    for (let i = n; attacking; i++) {
      const status = await call(
        'GET',
        attack[i % attack.length]!(),
        {
          'Accept-Encoding': 'br, gzip',
          'User-Agent': BROWSER,
          'X-Forwarded-For': `${HOSTILE_NETWORK}.${n + 1}`,
        },
        undefined,
        hostileAgent,
      )
      hostileStatuses[status] = (hostileStatuses[status] ?? 0) + 1
    }
  }
  const attackers = Array.from({ length: options.hostile ?? 0 }, (_, n) => attacker(n))
  // A second for the attack to fill the server's queues before the spike is timed.
  if (attackers.length) await new Promise((resolve) => setTimeout(resolve, 1000))

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
      else setTimeout(tick, 1)
    }
    tick()
  })
  await Promise.all(pending)
  attacking = false
  await Promise.all(attackers)
  agent.destroy()
  hostileAgent.destroy()

  const rows = mix.map((kind) => {
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
  const accepted = rows.find((row) => row.kind === 'POST /events')?.statuses['204'] ?? 0
  // SPIKE_TIMELINE=1: the worst latency of each half second, by planned time, to find stalls.
  if (process.env.SPIKE_TIMELINE === '1') {
    const worst = new Map<number, number>()
    for (const [at, ms] of timeline) {
      const slot = Math.floor(at / 500)
      worst.set(slot, Math.max(worst.get(slot) ?? 0, ms))
    }
    console.error(
      [...worst]
        .sort((a, b) => a[0] - b[0])
        .map(([slot, ms]) => `${slot / 2}s:${Math.round(ms)}`)
        .join(' '),
    )
  }
  const sendLagP99Ms = percentile(
    lags.sort((a, b) => a - b),
    99,
  )
  return { hostile: options.hostile ?? 0, rows, hostileStatuses, sendLagP99Ms, accepted }
}

/** The owner's account (registered with the server's setup code, SPIKE_SERVER_ENV) and the demo's projects. */
async function prepare(origin: string, distDir: string): Promise<Run> {
  const post = (call: 'register' | 'login') =>
    fetch(`${origin}${API}/auth/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        call === 'register' ? { ...OWNER, setupToken: SPIKE_SERVER_ENV.SETUP_TOKEN } : OWNER,
      ),
    })
  let registered = await post('register')
  // A server this function ran against before: the owner exists.
  if (registered.status === 409) registered = await post('login')
  if (!registered.ok)
    throw new Error(
      `Signing the owner in answered ${registered.status}: ${await registered.text()}`,
    )
  const { accessToken: token } = (await registered.json()) as { accessToken: string }
  const projects = (await (await fetch(`${origin}${API}/projects?limit=20`)).json()) as {
    id: number
  }[]
  return { origin, distDir, token, projectIds: projects.map((p) => p.id) }
}

/** Views counted today, as the owner reads them (GET /stats writes what waits and rolls up first). */
async function viewsCounted(run: Run): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${run.origin}${API}/stats?days=7`, {
    headers: { authorization: `Bearer ${run.token}` },
  })
  if (!response.ok) throw new Error(`GET /stats answered ${response.status}`)
  const views = ((await response.json()) as { totals: { views: number } }).totals.views
  if (process.env.SPIKE_TIMELINE === '1')
    console.error(`GET /stats: ${Math.round(performance.now() - started)} ms`)
  return views
}

/** The spike alone, then with `hostile` clients, against a running server (whose build is in `distDir`). */
export async function runSpike(
  origin: string,
  distDir: string,
  options: { rate: number; seconds: number; hostile: number; burstRate?: number },
): Promise<SpikePhase[]> {
  const { run, phases } = await spikePhases(origin, distDir, options)
  void run
  return phases
}

async function spikePhases(
  origin: string,
  distDir: string,
  options: { rate: number; seconds: number; hostile: number; burstRate?: number },
): Promise<{ run: Run; phases: SpikePhase[] }> {
  const run = await prepare(origin, distDir)
  // The CV once, as its first visitor would: its code loads then (or 3 s
  // after the start, whichever comes first), not inside the measured phases.
  await (await fetch(`${origin}${API}/cv.pdf`)).arrayBuffer()
  // A few seconds at a tenth of the rate first: pages and images are made once per content version.
  await runPhase(run, { rate: options.rate / 10, seconds: 3 })
  const phases: SpikePhase[] = []
  const plan: { kind: SpikePhase['kind']; rate: number; hostile: number }[] = [
    { kind: 'alone', rate: options.rate, hostile: 0 },
    ...(options.hostile
      ? [{ kind: 'hostile' as const, rate: options.rate, hostile: options.hostile }]
      : []),
    ...(options.burstRate ? [{ kind: 'burst' as const, rate: options.burstRate, hostile: 0 }] : []),
  ]
  for (const { kind, rate, hostile } of plan) {
    const before = await viewsCounted(run)
    const { accepted, ...phase } = await runPhase(run, { seconds: options.seconds, rate, hostile })
    phases.push({
      kind,
      rate,
      ...phase,
      events: { accepted, counted: (await viewsCounted(run)) - before },
    })
  }
  return { run, phases }
}

const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8')).split(' ')[0])

/** What `npm start` needs for the spike: loopback trusted as a proxy, so X-Forwarded-For names the client. */
export const SPIKE_SERVER_ENV = {
  TRUSTED_PROXIES: 'loopback',
  // Behind a trusted proxy a request without X-Forwarded-For is not "this
  // machine" any more: the owner registers with the setup code.
  SETUP_TOKEN: `spike-${randomBytes(12).toString('hex')}`,
}

/**
 * `npm start` on a fresh demo database (PGlite, or PostgreSQL at
 * `databaseUrl`), then the spike, with SPIKE_SERVER_ENV: each request's
 * client is the address it names, with the limits of that address.
 */
export async function benchSpike(
  root: string,
  options: {
    rate: number
    seconds: number
    hostile?: number
    /** A phase alone at this rate (3,000 in the bench). */
    burstRate?: number
    /** Then a restart: the spike at `rate` from the moment the new process's /health answers. */
    restart?: boolean
    databaseUrl?: string
    distDir?: string
  },
): Promise<SpikeResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-spike-'))
  const previous = { ...process.env }
  Object.assign(process.env, SPIKE_SERVER_ENV)
  const distDir = options.distDir ?? path.join(root, 'dist')
  const loadBefore = await loadAverage()
  const settings = { dataDir, databaseUrl: options.databaseUrl, distDir: options.distDir }
  let server = await startServer(root, settings)
  try {
    const { run, phases } = await spikePhases(server.origin, distDir, {
      rate: options.rate,
      seconds: options.seconds,
      hostile: options.hostile ?? 16,
      burstRate: options.burstRate,
    })
    if (options.restart) {
      const before = await viewsCounted(run)
      await server.stop()
      // Asked every 10 ms: the spike starts within that of the first answer.
      server = await startServer(root, settings, 10)
      const fresh = { ...run, origin: server.origin }
      const { accepted, ...phase } = await runPhase(fresh, {
        rate: options.rate,
        seconds: options.seconds,
      })
      phases.push({
        kind: 'restart',
        rate: options.rate,
        ...phase,
        events: { accepted, counted: (await viewsCounted(fresh)) - before },
      })
    }
    return {
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      rate: options.rate,
      seconds: options.seconds,
      load: [loadBefore, await loadAverage()],
      phases,
    }
  } finally {
    await server.stop()
    for (const name of Object.keys(SPIKE_SERVER_ENV)) {
      if (previous[name] === undefined) delete process.env[name]
      else process.env[name] = previous[name]
    }
    await rm(dataDir, { recursive: true, force: true })
  }
}

const num = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a')
const ms = (n: number) =>
  !Number.isFinite(n)
    ? 'n/a'
    : n >= 1000
      ? `${(n / 1000).toFixed(2)} s`
      : `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`
const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status}: ${num(n)}`)
    .join(', ')

/** The spike's tables in Markdown, as docs/PERFORMANCE.md has them ("Front-page spike"). */
export function spikeTables(result: SpikeResult): string {
  const out: string[] = []
  for (const phase of result.phases) {
    out.push(
      `${result.database}, ${num(phase.rate)} requests a second for ${result.seconds} s, open loop` +
        (phase.hostile
          ? `, while ${phase.hostile} clients ask for uncached work (${statusList(phase.hostileStatuses)})`
          : phase.kind === 'restart'
            ? ', from the moment a restarted `npm start` first answered /health'
            : ', alone') +
        `; load average ${result.load[0].toFixed(1)} before, ${result.load[1].toFixed(1)} after; ` +
        `the generator sent 99 % of its requests within ${ms(phase.sendLagP99Ms)} of their planned time.`,
      '',
      '| kind | sent | p50 | p95 | p99 | errors | statuses |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...phase.rows.map(
        (row) =>
          `| \`${row.kind}\` | ${num(row.sent)} | ${ms(row.p50Ms)} | ${ms(row.p95Ms)} | ${ms(row.p99Ms)} | ${num(row.errors)} | ${statusList(row.statuses)} |`,
      ),
      '',
      `Beacons accepted (204): ${num(phase.events.accepted)}; views GET /stats counted meanwhile: ` +
        `${num(phase.events.counted)}` +
        (phase.events.counted < phase.events.accepted
          ? ' (**some accepted beacons were not counted**).'
          : phase.events.counted > phase.events.accepted
            ? ` (all of them, and ${num(phase.events.counted - phase.events.accepted)} whose answer the generator gave up waiting for).`
            : ' (all of them).'),
      '',
    )
  }
  return out.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const at = process.argv.indexOf(name)
    return at > 0 ? Number(process.argv[at + 1]) : fallback
  }
  const url = process.env.DATABASE_URL?.trim()
  const result = await benchSpike(process.cwd(), {
    rate: arg('--rate', 1000),
    seconds: arg('--seconds', 60),
    hostile: arg('--hostile', 16),
    burstRate: arg('--burst', 3000) || undefined,
    restart: arg('--restart', 1) === 1,
    databaseUrl: url ? await createFreshDatabase(url, 'vitrine_bench_spike') : undefined,
  })
  console.log(spikeTables(result))
}
