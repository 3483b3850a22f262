// `npx tsx tests/bench/first-render-side-by-side.ts [rounds]`: the first
// renders of FIRST_RENDERS (pages.ts) measured side by side rather than one
// after the other, for comparing them on a busy machine. One production
// server per case (server/start.ts on the build in dist/, each on its own
// copy of one bench database of BENCH_PROJECTS projects, default 5000), all
// running at once; each round writes to every server in turn and times its
// next render, so a burst of load elsewhere falls on every case alike. Prints
// each case's wall time (p50) and the CPU time its server process used
// during the render (p50, from /proc, in 10 ms ticks): wall time follows the
// machine's load, CPU time follows the work. Writes nothing in the repository.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { freePort } from '@test-support/free-port.ts'
import { API, adminToken } from './api.ts'
import { prepareDatabase } from './database.ts'
import { FIRST_RENDERS, setLanguages } from './pages.ts'
import { median } from './wrk.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const rounds = Number(process.argv[2] ?? 20)
const warmup = 3
const projects = Number(process.env.BENCH_PROJECTS ?? 5000)

/** CPU time (user + system, ms) process `pid` has used. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10 // utime, stime; USER_HZ is 100
}

async function start(dataDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DEMO_CONTENT: 'on',
  }
  delete env.DATABASE_URL
  // Node itself, not npm: its pid is the process whose CPU time is read.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const origin = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('The server exited while starting')
    if (
      await fetch(`${origin}${API}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (i > 360) throw new Error('The server did not answer /health')
    await new Promise((r) => setTimeout(r, 250))
  }
  return { origin, child }
}

const scratch = await mkdtemp(path.join(tmpdir(), 'vitrine-side-by-side-'))
const servers: ChildProcess[] = []
try {
  const base = path.join(scratch, 'base')
  await prepareDatabase({ kind: 'pglite', dataDir: base }, projects)
  const cases = await Promise.all(
    FIRST_RENDERS.map(async ({ page, languages, what }, i) => {
      const dataDir = path.join(scratch, `case-${i}`)
      await cp(base, dataDir, { recursive: true })
      const { origin, child } = await start(dataDir)
      servers.push(child)
      await setLanguages(origin, languages)
      const token = await adminToken(origin)
      const [project] = (await (
        await fetch(`${origin}${API}/projects?limit=1`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { id: number }[]
      return {
        page,
        what,
        origin,
        token,
        id: project!.id,
        pid: child.pid!,
        walls: [] as number[],
        cpus: [] as number[],
      }
    }),
  )
  for (let round = 0; round < warmup + rounds; round++)
    for (const c of cases) {
      const write = await fetch(`${c.origin}${API}/projects/${c.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${c.token}` },
        body: JSON.stringify({ liveUrl: `https://example.com/side-by-side/${round}` }),
      })
      await write.arrayBuffer()
      if (!write.ok) throw new Error(`PATCH /projects/${c.id} answered ${write.status}`)
      const cpu = cpuMs(c.pid)
      const started = performance.now()
      const res = await fetch(`${c.origin}${c.page}`, {
        headers: { 'Accept-Encoding': 'br, gzip' },
      })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`GET ${c.page} answered ${res.status}`)
      if (round < warmup) continue
      c.walls.push(performance.now() - started)
      c.cpus.push(cpuMs(c.pid) - cpu)
    }
  console.log(
    JSON.stringify(
      cases.map((c) => ({
        projects,
        case: c.what,
        rounds,
        wallP50Ms: Math.round(median(c.walls)),
        serverCpuP50Ms: median(c.cpus),
      })),
      null,
      2,
    ),
  )
} finally {
  for (const child of servers) child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1000))
  await rm(scratch, { recursive: true, force: true })
}
