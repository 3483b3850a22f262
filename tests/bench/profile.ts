// `npx tsx tests/bench/profile.ts <scenario> [seconds]`: where the time goes
// for one bench scenario. The production server (server/start.ts on the build
// in dist/, as `npm start` runs it) is started under `node --cpu-prof` on a
// fresh bench database, loaded with wrk (2 threads, 10 connections) for
// `seconds` (default 10), then stopped. Prints, as Markdown:
//   - the requests/s and latency seen under the profiler (lower than without it);
//   - the CPU time each process used during the load (the server, PostgreSQL's
//     backends, wrk), read from /proc, since all three share the cores;
//   - the server's own CPU time by package or source file, and its 20 hottest
//     functions (self time), from the V8 profile.
// Scenarios: pglite-projects, postgres-projects, postgres-read, postgres-whole-5000,
// pglite-spike and postgres-spike (spike.ts's open-loop mix at SPIKE_RATE a
// second, default 1,000, instead of wrk; SPIKE_HOSTILE=16 adds its hostile
// clients) (the postgres ones need DATABASE_URL; a `vitrine_bench` database is recreated
// there, as `npm run bench` does). Writes nothing in the repository; the raw
// profile is left in the temporary folder it prints, for Chrome's DevTools.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { API, builtStylesheet, NEVER_MEMOIZED } from './api.ts'
import { createFreshDatabase, prepareDatabase, type Target } from './database.ts'
import { runSpike, SPIKE_SERVER_ENV } from './spike.ts'
import { runWrk, type Scenario, type WrkResult } from './wrk.ts'
import { freePort } from '@test-support/free-port.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const GZIP = { 'Accept-Encoding': 'gzip' }
const STYLESHEET = '(the built stylesheet)'
const distDir = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'))

const SCENARIOS: Record<
  string,
  { database: 'pglite' | 'postgres'; projects?: number; scenario: Scenario | 'spike' }
> = {
  'pglite-spike': { database: 'pglite', scenario: 'spike' },
  'postgres-spike': { database: 'postgres', scenario: 'spike' },
  'pglite-projects': {
    database: 'pglite',
    scenario: { paths: [`${API}/projects`], headers: GZIP },
  },
  // The kept home page's HTML, and a built stylesheet (its path is read from the build).
  'pglite-home': { database: 'pglite', scenario: { paths: ['/'], headers: GZIP } },
  'pglite-asset': { database: 'pglite', scenario: { paths: [STYLESHEET], headers: GZIP } },
  'postgres-projects': {
    database: 'postgres',
    scenario: { paths: [`${API}/projects`], headers: GZIP },
  },
  'postgres-read': { database: 'postgres', scenario: NEVER_MEMOIZED.scenario },
  'postgres-whole-5000': {
    database: 'postgres',
    projects: 5000,
    scenario: { paths: [`${API}/projects`] },
  },
}

/** CPU time (user + system, in ms) of every process whose command line matches. */
function cpuMs(match: (commandLine: string) => boolean): number {
  const tick = 1000 / 100 // USER_HZ is 100 on Linux
  let total = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
      if (!match(commandLine)) continue
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      total += (Number(fields[11]) + Number(fields[12])) * tick // utime, stime
    } catch {
      // The process ended meanwhile.
    }
  }
  return total
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  endTime: number
}

/** Where a frame's code comes from: a package, a source file of ours, or V8/Node. */
function origin(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(V8 and Node built-ins)'
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`
  if (url.startsWith('wasm:')) return '(WebAssembly: PGlite)'
  const inModules = url.lastIndexOf('node_modules/')
  if (inModules >= 0) {
    const parts = url.slice(inModules + 'node_modules/'.length).split('/')
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
  }
  if (url.startsWith('file:')) return path.relative(root, fileURLToPath(url))
  return url.startsWith('/') ? path.relative(root, url) : url
}

/**
 * `window`: the load's start and end, in µs before the profile's end (the
 * server's exit), so that start-up and shutdown do not count; the whole
 * profile when absent.
 */
function summarize(profile: CpuProfile, window?: { fromEndUs: number; toEndUs: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<number, number>()
  // Sample times, from the last one back.
  const at: number[] = []
  let t = profile.endTime
  for (let i = profile.samples.length - 1; i >= 0; i--) {
    at[i] = t
    t -= profile.timeDeltas[i] ?? 0
  }
  profile.samples.forEach((id, i) => {
    const beforeEnd = profile.endTime - at[i]!
    if (window && (beforeEnd > window.fromEndUs || beforeEnd < window.toEndUs)) return
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const byOrigin = new Map<string, number>()
  const byFunction = new Map<string, number>()
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id)!
    const where = origin(callFrame.url, callFrame.functionName)
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + us)
    const name = `${callFrame.functionName || '(anonymous)'} ${where}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + us)
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([name, us]) =>
          `| ${name} | ${(us / 1000).toFixed(0)} ms | ${((us / total) * 100).toFixed(1)} % |`,
      )
  return { totalMs: total / 1000, origins: top(byOrigin, 15), functions: top(byFunction, 20) }
}

async function main() {
  const name = process.argv[2] ?? ''
  const seconds = Number(process.argv[3] ?? 10)
  const chosen = SCENARIOS[name]
  if (!chosen) throw new Error(`Scenario: one of ${Object.keys(SCENARIOS).join(', ')}`)
  const scratch = await mkdtemp(path.join(tmpdir(), 'vitrine-profile-'))
  const dataDir = path.join(scratch, 'data')
  let target: Target = { kind: 'pglite', dataDir }
  if (chosen.database === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error(`${name} needs DATABASE_URL`)
    target = {
      kind: 'postgres',
      url: await createFreshDatabase(process.env.DATABASE_URL, 'vitrine_bench'),
    }
  }
  await prepareDatabase(target, chosen.projects)

  const port = await freePort()
  const profiles = path.join(scratch, 'profiles')
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir }
  delete env.DATABASE_URL
  if (target.kind === 'postgres') env.DATABASE_URL = target.url
  env.NODE_ENV = 'production'
  env.DEMO_CONTENT = 'on'
  // As spike.ts: the generator names each request's client in X-Forwarded-For.
  if (chosen.scenario === 'spike') Object.assign(env, SPIKE_SERVER_ENV)
  const server = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${profiles}`, '--import', 'tsx', 'server/start.ts'],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const originUrl = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error('The server exited while starting')
    if (
      await fetch(`${originUrl}${API}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (i > 360) throw new Error('The server did not answer /health')
    await new Promise((r) => setTimeout(r, 250))
  }
  const serverMatch = (cmd: string) => cmd.includes('server/start.ts') && cmd.includes('--cpu-prof')
  const postgresMatch = (cmd: string) => cmd.startsWith('postgres: ')
  const wrkMatch = (cmd: string) => cmd.startsWith('wrk ')
  const load = async (warm: boolean): Promise<WrkResult> => {
    const scenario = chosen.scenario
    if (scenario !== 'spike')
      return runWrk(
        originUrl,
        scenario.paths[0] === STYLESHEET
          ? { ...scenario, paths: [await builtStylesheet(distDir)] }
          : scenario,
        { seconds: warm ? 2 : seconds, threads: 2, connections: 10 },
        scratch,
      )
    if (warm) return { requestsPerSecond: 0, p50Ms: 0, p99Ms: 0, errors: 0, requests: 0 }
    // The spike's own warm-up is part of runSpike, before the measured phase.
    const rate = Number(process.env.SPIKE_RATE ?? 1000)
    const hostile = Number(process.env.SPIKE_HOSTILE ?? 0)
    const [phase] = (await runSpike(originUrl, distDir, { rate, seconds, hostile })).slice(-1)
    const home = phase!.rows.find((row) => row.kind === 'GET /')!
    console.log(
      phase!.rows
        .map(
          (row) =>
            `${row.kind}: p50 ${row.p50Ms.toFixed(1)} ms, p99 ${row.p99Ms.toFixed(1)} ms, errors ${row.errors}`,
        )
        .join('\n'),
    )
    return {
      requestsPerSecond: rate,
      p50Ms: home.p50Ms,
      p99Ms: home.p99Ms,
      errors: phase!.rows.reduce((sum, row) => sum + row.errors, 0),
      requests: phase!.rows.reduce((sum, row) => sum + row.sent, 0),
    }
  }
  // Warm the caches, then measure.
  await load(true)
  const before = { server: cpuMs(serverMatch), postgres: cpuMs(postgresMatch) }
  let wrkCpu = 0
  const watch = setInterval(() => (wrkCpu = Math.max(wrkCpu, cpuMs(wrkMatch))), 200)
  const loadStart = performance.now()
  const result = await load(false)
  const loadEnd = performance.now()
  clearInterval(watch)
  const used = {
    server: cpuMs(serverMatch) - before.server,
    postgres: cpuMs(postgresMatch) - before.postgres,
    wrk: wrkCpu,
  }
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
  const exitAt = performance.now()
  const file = (await readdir(profiles)).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error('No CPU profile was written')
  const summary = summarize(
    JSON.parse(await readFile(path.join(profiles, file), 'utf8')) as CpuProfile,
    { fromEndUs: (exitAt - loadStart) * 1000, toEndUs: (exitAt - loadEnd) * 1000 },
  )
  const wall = seconds * 1000
  const share = (ms: number) =>
    `${Math.round(ms)} ms (${((ms / (2 * wall)) * 100).toFixed(0)} % of 2 cores)`
  console.log(
    [
      `### ${name}: ${Math.round(result.requestsPerSecond)} req/s under the profiler, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ${result.errors} errors`,
      '',
      `CPU used during the ${seconds} s of load: server ${share(used.server)}${result.requests ? ` (${((used.server * 1000) / result.requests).toFixed(0)} µs a request)` : ''}, PostgreSQL ${target.kind === 'postgres' ? share(used.postgres) : '(in the server: PGlite)'}, wrk ${share(used.wrk)}.`,
      '',
      `Server CPU by origin (self time; the profile holds ${summary.totalMs.toFixed(0)} ms during the load, idle included):`,
      '',
      '| origin | self time | share |',
      '| --- | --- | --- |',
      ...summary.origins,
      '',
      'Hottest functions (self time):',
      '',
      '| function | self time | share |',
      '| --- | --- | --- |',
      ...summary.functions,
      '',
      `Raw profile: ${path.join(profiles, file)}`,
    ].join('\n'),
  )
}

await main()
