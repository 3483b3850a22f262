// `npx tsx tests/bench/kept-paths.ts [rounds]`: the cheapest answers of
// `npm start` (a built CSS asset, the kept GET /projects, the kept home page's
// HTML, all with gzip accepted) beside the bare hono app, in turns, in the
// same minutes, so that a machine shared with other work moves both alike.
// With DATABASE_URL, also GET /projects on PostgreSQL (a fresh
// `vitrine_bench_kept` database on that server). DIST_DIR: the build to serve
// (default dist/). Prints each figure as a share of the bare app's requests/s
// measured just before it, and the median share over the rounds.
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { API, builtStylesheet } from './api.ts'
import { startCeiling } from './ceiling.ts'
import { createFreshDatabase, prepareDatabase } from './database.ts'
import { startServer } from './server.ts'
import { median, runWrk, type Scenario } from './wrk.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const GZIP = { 'Accept-Encoding': 'gzip' }
const wrk = { seconds: Number(process.env.KEPT_SECONDS ?? 3), threads: 2, connections: 10 }

/**
 * CPU time (user + system, ms) of the processes listening on `origin`'s port
 * (found by PORT in their environment): what a request costs the server, which
 * a shared machine moves far less than requests/s.
 */
function serverCpuMs(origin: string): number {
  const port = `PORT=${new URL(origin).port}`
  let total = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(port)) continue
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      total += (Number(fields[11]) + Number(fields[12])) * 10 // USER_HZ is 100
    } catch {
      // Not ours, or ended meanwhile.
    }
  }
  return total
}

async function main() {
  const rounds = Number(process.argv[2] ?? 3)
  const distDir = path.resolve(process.env.DIST_DIR ?? path.join(root, 'dist'))
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'vitrine-kept-'))
  const loadStart = os.loadavg()
  const bare = await startCeiling(root)
  const dataDir = path.join(scratch, 'data')
  await prepareDatabase({ kind: 'pglite', dataDir })
  const lite = await startServer(root, { dataDir, distDir })
  const databaseUrl = process.env.DATABASE_URL?.trim()
  let pg: Awaited<ReturnType<typeof startServer>> | null = null
  if (databaseUrl) {
    const url = await createFreshDatabase(databaseUrl, 'vitrine_bench_kept')
    await prepareDatabase({ kind: 'postgres', url })
    pg = await startServer(root, {
      dataDir: path.join(scratch, 'pg-data'),
      databaseUrl: url,
      distDir,
    })
  }
  const measures: { name: string; origin: string; scenario: Scenario }[] = [
    {
      name: 'built CSS asset',
      origin: lite.origin,
      scenario: { paths: [await builtStylesheet(distDir)], headers: GZIP },
    },
    {
      name: 'GET /projects (kept), PGlite',
      origin: lite.origin,
      scenario: { paths: [`${API}/projects`], headers: GZIP },
    },
    {
      name: 'GET / (kept HTML), PGlite',
      origin: lite.origin,
      scenario: { paths: ['/'], headers: GZIP },
    },
    ...(pg
      ? [
          {
            name: 'GET /projects (kept), PostgreSQL',
            origin: pg.origin,
            scenario: { paths: [`${API}/projects`], headers: GZIP },
          },
        ]
      : []),
  ]
  try {
    // Warm-up, not reported: JIT, kept answers, connection pools.
    for (const m of measures) await runWrk(m.origin, m.scenario, { ...wrk, seconds: 2 }, scratch)
    await runWrk(bare.origin, { paths: ['/'] }, { ...wrk, seconds: 2 }, scratch)
    const shares = new Map<string, number[]>(measures.map((m) => [m.name, []]))
    const rates = new Map<string, number[]>(measures.map((m) => [m.name, []]))
    const bareRates: number[] = []
    const cpu = new Map<string, number[]>([
      ...measures.map((m) => [m.name, []] as [string, number[]]),
      ['bare', []],
    ])
    const timed = async (name: string, origin: string, scenario: Scenario) => {
      const before = serverCpuMs(origin)
      const result = await runWrk(origin, scenario, wrk, scratch)
      cpu.get(name)!.push(((serverCpuMs(origin) - before) * 1000) / result.requests)
      return result
    }
    for (let round = 0; round < rounds; round++)
      for (const m of measures) {
        const ceiling = await timed('bare', bare.origin, { paths: ['/'] })
        const result = await timed(m.name, m.origin, m.scenario)
        if (result.errors) throw new Error(`${m.name}: ${result.errors} errors`)
        bareRates.push(ceiling.requestsPerSecond)
        rates.get(m.name)!.push(result.requestsPerSecond)
        shares.get(m.name)!.push(result.requestsPerSecond / ceiling.requestsPerSecond)
        console.log(
          `round ${round + 1}: ${m.name}: ${Math.round(result.requestsPerSecond)} req/s, bare ${Math.round(ceiling.requestsPerSecond)} req/s: ${((result.requestsPerSecond / ceiling.requestsPerSecond) * 100).toFixed(1)} %`,
        )
      }
    console.log(
      `\nload average ${loadStart.map((l) => l.toFixed(1)).join(' ')} -> ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; bare median ${Math.round(median(bareRates))} req/s`,
    )
    const perRequest = (name: string) => median(cpu.get(name)!)
    console.log(
      '| measure | req/s (median) | share of bare (median of rounds) | server CPU per request (median) |',
    )
    console.log('| --- | --- | --- | --- |')
    console.log(
      `| bare hono | ${Math.round(median(bareRates)).toLocaleString('en-US')} | 100 % | ${perRequest('bare').toFixed(0)} µs |`,
    )
    for (const m of measures)
      console.log(
        `| ${m.name} | ${Math.round(median(rates.get(m.name)!)).toLocaleString('en-US')} | ${(median(shares.get(m.name)!) * 100).toFixed(1)} % | ${perRequest(m.name).toFixed(0)} µs |`,
      )
  } finally {
    bare.stop()
    await lite.stop()
    await pg?.stop()
    await rm(scratch, { recursive: true, force: true })
  }
}

await main()
