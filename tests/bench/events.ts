// POST /events under load (docs/PRODUCT.md §17: at least 1,000 a
// second on PGlite and on PostgreSQL): `npm start` on a fresh database, wrk
// posting page views as a browser's beacon does (text/plain, a browser's user
// agent), every one stored: the server runs with STATS_EVENTS_PER_MINUTE
// raised, because `npm start` trusts only its socket (decision 012) and every
// wrk connection comes from 127.0.0.1, so the default limit of 60 a minute
// would have it measure 429s. Each request still takes the whole path: the
// limit's row (one hot row, the worst case), the day's salt and the insert.
//
//   npx tsx tests/bench/events.ts [--postgres postgresql://...]   (after npm run build)
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { startServer } from './server.ts'
import { medianOf, runWrk, type Scenario, type WrkResult } from './wrk.ts'

const EVENT = JSON.stringify({
  type: 'view',
  path: '/?utm_source=bench',
  referrer: 'https://bench.example/',
})

const scenario: Scenario = {
  paths: ['/functions/v1/api/events'],
  // wrk.ts names the methods its other scenarios use; the Lua script sends any.
  method: 'POST' as unknown as Scenario['method'],
  headers: {
    'Content-Type': 'text/plain;charset=UTF-8',
    'User-Agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  },
  body: EVENT,
}

export async function benchEvents(
  root: string,
  options: { databaseUrl?: string; seconds?: number; runs?: number } = {},
): Promise<WrkResult & { runs: number }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-events-'))
  const previous = process.env.STATS_EVENTS_PER_MINUTE
  process.env.STATS_EVENTS_PER_MINUTE = '1000000'
  const server = await startServer(root, { dataDir, databaseUrl: options.databaseUrl })
  try {
    const post = () =>
      runWrk(
        server.origin,
        scenario,
        { seconds: options.seconds ?? 10, threads: 2, connections: 16 },
        dataDir,
      )
    await runWrk(server.origin, scenario, { seconds: 2, threads: 1, connections: 4 }, dataDir) // warm-up
    return await medianOf(options.runs ?? 3, post)
  } finally {
    await server.stop()
    if (previous === undefined) delete process.env.STATS_EVENTS_PER_MINUTE
    else process.env.STATS_EVENTS_PER_MINUTE = previous
    await rm(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--postgres')
  const databaseUrl = at > 0 ? process.argv[at + 1] : undefined
  const result = await benchEvents(process.cwd(), { databaseUrl })
  console.log(
    `POST /events on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${Math.round(result.requestsPerSecond)} req/s, ` +
      `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, ${result.errors} errors (${result.requests} requests)`,
  )
}
