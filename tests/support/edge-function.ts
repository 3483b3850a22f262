// Runs the Supabase Edge Function (supabase/functions/api/index.ts) under Deno
// as a separate process, as `supabase functions serve` would, and stops it.
// Deno comes from the npm registry at a version pinned in docs/decisions/008
// (its npm package ships the binary); a `deno` on PATH is used when it is that
// version. DENO_VERSION picks the pin: the current Deno by default, or the
// older one Supabase's edge runtime is built on (tests/deno/check.sh runs both).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.ts'

/** The Deno we develop with. */
export const CURRENT_DENO = '2.9.6'
/**
 * The Deno that Supabase's hosted edge runtime embeds (supabase/edge-runtime
 * v1.74.0 builds its `deno` crate at 2.1.4, TypeScript 5.6): what a deployed
 * function really runs on.
 */
export const EDGE_RUNTIME_DENO = '2.1.4'
export const DENO_VERSION = process.env.DENO_VERSION?.trim() || CURRENT_DENO
if (DENO_VERSION !== CURRENT_DENO && DENO_VERSION !== EDGE_RUNTIME_DENO)
  throw new Error(
    `DENO_VERSION must be ${CURRENT_DENO} or ${EDGE_RUNTIME_DENO}, got ${DENO_VERSION}`,
  )
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const entry = path.join(root, 'supabase', 'functions', 'api', 'index.ts')
const config = path.join(root, 'supabase', 'functions', 'api', 'deno.json')
const serveAddress = path.join(root, 'tests', 'deno', 'serve-address.ts')
/**
 * The CV's font files, which a deployed function does not have: it gets the
 * fonts from a module (resume/cv-font-data.ts). The function runs without the
 * right to read them, so a CV the tests get was written without them.
 */
export const FONT_FOLDER = path.join(root, 'supabase', 'functions', '_shared', 'resume', 'fonts')

/** The Deno binary itself (not an npx wrapper), so the process we start is the one we stop. */
export function denoBinary(): string {
  try {
    const version = execFileSync('deno', ['--version'], { encoding: 'utf8', stdio: 'pipe' })
    if (version.startsWith(`deno ${DENO_VERSION} `)) return 'deno'
  } catch {
    // Not on PATH.
  }
  // The pinned npm package's binary, looked up once per machine.
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
      // The lockfile as this Deno can read it (tests/deno/check.sh writes one
      // for the edge runtime's Deno); deno.json's own beside it otherwise.
      ...(process.env.TEST_DENO_LOCK ? [`--lock=${process.env.TEST_DENO_LOCK}`] : []),
      '--allow-net',
      '--allow-env',
      '--allow-read',
      `--deny-read=${FONT_FOLDER}`,
      '--allow-sys',
      // Deno 2.1 ignores DENO_SERVE_ADDRESS: a small script serves the entry there.
      ...(DENO_VERSION === EDGE_RUNTIME_DENO ? [serveAddress] : []),
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
