// Runs the Supabase Edge Function (supabase/functions/api/index.ts) under Deno
// as a separate process, as `supabase functions serve` would, and stops it.
// Deno comes from the npm registry at the version pinned in docs/decisions/008
// (its npm package ships the binary); a `deno` on PATH is used as it is.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.ts'

export const DENO_VERSION = '2.9.6'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const entry = path.join(root, 'supabase', 'functions', 'api', 'index.ts')
const config = path.join(root, 'supabase', 'functions', 'api', 'deno.json')

/** The Deno binary itself (not an npx wrapper), so the process we start is the one we stop. */
export function denoBinary(): string {
  try {
    execFileSync('deno', ['--version'], { stdio: 'ignore' })
    return 'deno'
  } catch {
    // Not on PATH: the pinned npm package's binary, looked up once per machine.
  }
  const cache = path.join(os.tmpdir(), `vitrine-deno-${DENO_VERSION}-path`)
  if (existsSync(cache)) {
    const cached = readFileSync(cache, 'utf8').trim()
    if (existsSync(cached)) return cached
  }
  const found = execFileSync(
    'npx',
    ['--yes', `deno@${DENO_VERSION}`, 'eval', 'console.log(Deno.execPath())'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  ).trim()
  writeFileSync(cache, found)
  return found
}

export interface RunningFunction {
  /** e.g. http://127.0.0.1:40123 (the function answers under /api). */
  url: string
  /** Everything the function printed so far. */
  output(): string
  /** The Deno process's id, for reading its CPU time and memory (tests/bench/edge-limits.ts). */
  pid: number
  stop(): Promise<void>
}

/** `entry`: another script serving the same app (tests/bench/edge-limits-entry.ts). */
export async function startEdgeFunction(
  env: Record<string, string>,
  options: { entry?: string } = {},
): Promise<RunningFunction> {
  const port = await freePort()
  let output = ''
  const child: ChildProcess = spawn(
    denoBinary(),
    [
      'run',
      '--frozen',
      '--config',
      config,
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      options.entry ?? entry,
    ],
    {
      cwd: root,
      env: {
        // The machine's environment (proxy and CA settings for Deno's first npm
        // download), then the function's own settings, which win.
        ...process.env,
        DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? 'system,mozilla',
        DENO_DIR: process.env.DENO_DIR ?? path.join(root, 'node_modules', '.cache', 'deno'),
        DENO_NO_UPDATE_CHECK: '1',
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    }
  }

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the edge function exited:\n${output}`)
    try {
      const response = await fetch(`${url}/api/health`)
      await response.body?.cancel()
      if (response.ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the edge function did not answer /api/health within 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  return { url, output: () => output, pid: child.pid!, stop }
}
