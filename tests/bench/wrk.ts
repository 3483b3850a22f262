// wrk, driven through small Lua scripts: every run prints one machine-readable
// line from wrk's `done` hook, so nothing depends on wrk's human output format.
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface WrkResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Socket errors plus answers with status >= 400: a run with errors measures the wrong thing. */
  errors: number
  requests: number
}

export interface Scenario {
  /** Paths (with query) relative to the origin; several paths are rotated request by request. */
  paths: string[]
  method?: 'GET' | 'PATCH'
  headers?: Record<string, string>
  body?: string
  /** Appends a query string no other request uses, so no cache on the server can answer it. */
  unique?: boolean
}

export interface WrkOptions {
  seconds: number
  threads: number
  connections: number
}

const lua = (value: string) => JSON.stringify(value) // a JSON string is a valid Lua string literal here

const reporter = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH_JSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout + e.status))
end
`

export function luaScript(scenario: Scenario): string {
  const headers = Object.entries(scenario.headers ?? {})
    .map(([name, value]) => `headers[${lua(name)}] = ${lua(value)}`)
    .join('\n')
  return `
local paths = { ${scenario.paths.map(lua).join(', ')} }
local method = ${lua(scenario.method ?? 'GET')}
local body = ${scenario.body === undefined ? 'nil' : lua(scenario.body)}
local headers = {}
${headers}
local unique = ${scenario.unique ? 'true' : 'false'}
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
local i = 0
request = function()
  i = i + 1
  local path = paths[(i % #paths) + 1]
  if unique then path = path .. "?bench=" .. tostring(tid) .. "-" .. i end
  return wrk.format(method, path, headers, body)
end
${reporter}`
}

export async function runWrk(
  origin: string,
  scenario: Scenario,
  options: WrkOptions,
  scratchDir: string,
): Promise<WrkResult> {
  const script = path.join(
    scratchDir,
    `scenario-${Date.now()}-${Math.random().toString(36).slice(2)}.lua`,
  )
  await writeFile(script, luaScript(scenario))
  const { stdout } = await run(
    'wrk',
    [
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      origin,
    ],
    { maxBuffer: 1 << 20 },
  )
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '))
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`)
  const raw = JSON.parse(line.slice('BENCH_JSON '.length)) as {
    requests: number
    durationUs: number
    p50Us: number
    p99Us: number
    errors: number
  }
  return {
    requestsPerSecond: raw.requests / (raw.durationUs / 1e6),
    p50Ms: raw.p50Us / 1000,
    p99Ms: raw.p99Us / 1000,
    errors: raw.errors,
    requests: raw.requests,
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Runs a scenario `runs` times and keeps the median of each figure (and every error). */
export async function medianOf(
  runs: number,
  fn: () => Promise<WrkResult>,
): Promise<WrkResult & { runs: number }> {
  const results: WrkResult[] = []
  for (let i = 0; i < runs; i++) results.push(await fn())
  return {
    runs,
    requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: median(results.map((r) => r.p99Ms)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
  }
}
