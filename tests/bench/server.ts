// The production server (`npm start`) as a child process on a free port, the
// way a person runs it: its own data folder or DATABASE_URL, nothing shared.
import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from '@test-support/free-port.ts'

export interface RunningServer {
  origin: string
  stop(): Promise<void>
}

async function waitForHealth(
  origin: string,
  child: ChildProcess,
  output: () => string,
  pollMs: number,
): Promise<void> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`)
    try {
      const res = await fetch(`${origin}/functions/v1/api/health`)
      if (res.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, pollMs))
  }
  throw new Error(`npm start did not answer /health within 90 s:\n${output()}`)
}

export async function startServer(
  root: string,
  env: { dataDir: string; databaseUrl?: string; distDir?: string },
  /** How often /health is asked while it starts: the restart phase of spike.ts starts the moment it first answers. */
  pollMs = 250,
): Promise<RunningServer> {
  const port = await freePort()
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: env.dataDir,
    NODE_ENV: 'production',
    // The bench measures the demo portfolio, which `npm start` leaves out by default.
    DEMO_CONTENT: 'on',
  }
  delete childEnv.DATABASE_URL
  if (env.databaseUrl) childEnv.DATABASE_URL = env.databaseUrl
  // Another build folder than dist/: the bench's copy with the static snapshots in it (pages.ts).
  if (env.distDir) childEnv.DIST_DIR = env.distDir
  // Its own process group, so stopping it also stops the tsx and node processes npm starts.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const origin = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return
    process.kill(-child.pid, 'SIGTERM')
    const timer = setTimeout(
      () =>
        child.pid !== undefined && child.exitCode === null && process.kill(-child.pid, 'SIGKILL'),
      15_000,
    )
    await exited
    clearTimeout(timer)
  }
  try {
    await waitForHealth(origin, child, () => log, pollMs)
  } catch (error) {
    await stop().catch(() => {})
    throw error
  }
  return { origin, stop }
}
