// `npm start` as a child process (node --import tsx server/start.ts, so the
// process we stop is the server), over a throwaway data folder and a one-page build, on a free
// port. For tests of what only the real entry point does: its headers, its
// HTTP server.
import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.ts'
import { migratedPgliteFolder } from './migrated-folder.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export interface StartedServer {
  /** http://127.0.0.1:<port> */
  origin: string
  /** The data folder (DATA_DIR) it serves. */
  dataDir: string
  output(): string
  /** Whether the process is still running. */
  running(): boolean
  /** kill -9, as a crash or the OOM killer would, and waits for the exit; a data folder of its own is kept. */
  kill(): Promise<void>
  stop(): Promise<void>
}

const page = `<!doctype html><html><head><script>document.title = 'x'</script></head>
<body><div id="root"></div></body></html>`

/**
 * Starts `npm start` with `env` added to this process's (DATABASE_URL and
 * VITE_API_URL removed). `options.dist` names the build's files (path in the
 * build -> content) instead of the one-page build.
 */
export async function startNpmStart(
  env: Record<string, string> = {},
  options: { dataDir?: string; dist?: Record<string, string> } = {},
): Promise<StartedServer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'vitrine-start-'))
  // A folder of its own starts as a copy of a migrated one (migrated-folder.ts).
  const dataDir = options.dataDir ?? path.join(folder, 'data')
  if (!options.dataDir)
    await cp(await migratedPgliteFolder(), path.join(dataDir, 'pglite'), { recursive: true })
  const dist = path.join(folder, 'dist')
  for (const [name, content] of Object.entries(options.dist ?? { 'index.html': page })) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true })
    await writeFile(path.join(dist, name), content)
  }
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: dist,
    // The suite's checks read the demo portfolio, which `npm start` leaves out by default.
    DEMO_CONTENT: 'on',
  }
  delete childEnv.DATABASE_URL
  delete childEnv.VITE_API_URL
  delete childEnv.SITE_URL
  Object.assign(childEnv, env)
  let output = ''
  // Node itself with tsx's loader, not the tsx command: that one runs the server as its
  // child, so a kill -9 would end the wrapper and leave the server running.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const running = () => child.exitCode === null && child.signalCode === null
  /** Sends `signal` if the process still runs, and waits for its exit. */
  const end = async (signal: NodeJS.Signals) => {
    if (!running()) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
  }
  const kill = async () => {
    await end('SIGKILL')
    // A data folder of the caller's outlives the process (a test starts again
    // over it); this process's own folder then holds only its build.
    if (options.dataDir) await rm(folder, { recursive: true, force: true })
  }
  const stop = async () => {
    await end('SIGTERM')
    await rm(folder, { recursive: true, force: true })
  }
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`npm start exited:\n${output}`)
    }
    try {
      if ((await fetch(`${origin}/functions/v1/api/health`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`npm start did not answer:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { origin, dataDir, output: () => output, running, kill, stop }
}
