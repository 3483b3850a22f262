// The API scenarios: the public reads one by one, the public page's four calls
// together, an admin write, and the health route (one trivial database round
// trip through the same server) as the ceiling.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { medianOf, runWrk, type Scenario, type WrkOptions, type WrkResult } from './wrk.ts'

export const API = '/functions/v1/api'
export const PUBLIC_READS = [
  '/projects',
  '/technologies',
  '/certifications',
  '/configs/all-as-object',
]

export interface Measured extends WrkResult {
  name: string
  runs: number
}

export interface BenchSettings extends WrkOptions {
  runs: number
}

const BENCH_ADMIN = JSON.stringify({ username: 'bench', password: 'bench-password-1' })

/**
 * The bench's admin: registered as the first admin of a fresh database, or
 * signed in when an earlier step of the run registered it already.
 */
export async function adminToken(origin: string): Promise<string> {
  const post = (route: string) =>
    fetch(`${origin}${API}/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BENCH_ADMIN,
    })
  const registered = await post('register')
  if (registered.status === 201)
    return ((await registered.json()) as { accessToken: string }).accessToken
  const refused = `${registered.status} ${await registered.text()}`
  const signedIn = await post('login')
  if (!signedIn.ok)
    throw new Error(
      `register failed (${refused}), then login: ${signedIn.status} ${await signedIn.text()}`,
    )
  return ((await signedIn.json()) as { accessToken: string }).accessToken
}

export async function measure(
  origin: string,
  name: string,
  scenario: Scenario,
  settings: BenchSettings,
  scratchDir: string,
): Promise<Measured> {
  const result = await medianOf(settings.runs, () => runWrk(origin, scenario, settings, scratchDir))
  return { name, ...result }
}

/**
 * A read the API cannot answer from memory: a query string no other request
 * uses, so the route reads the database every time (two round trips on
 * PostgreSQL, docs/decisions/010).
 */
export const NEVER_MEMOIZED: { name: string; scenario: Scenario } = {
  name: 'GET /projects, reaches the database (unique query)',
  scenario: { paths: [`${API}/projects`], unique: true },
}

const GZIP = { 'Accept-Encoding': 'gzip' }

export const ROBOTS_GZIP = 'GET /robots.txt (static file), gzip accepted'
export const HOME_GZIP = 'GET / (server-rendered page, kept), gzip accepted'
export const SNAPSHOT_GZIP = 'GET /__snapshot/home.html (static snapshot of /), gzip accepted'
export const FIRST_PAGE = 'GET /projects?limit=12 (first page)'
export const PROJECTS_GZIP = 'GET /projects, gzip accepted'

export function readScenarios(): { name: string; scenario: Scenario }[] {
  return [
    ...PUBLIC_READS.map((p) => ({ name: `GET ${p}`, scenario: { paths: [API + p] } })),
    { name: PROJECTS_GZIP, scenario: { paths: [`${API}/projects`], headers: GZIP } },
    { name: FIRST_PAGE, scenario: { paths: [`${API}/projects?limit=12`], headers: GZIP } },
    {
      name: 'public page (4 calls rotated)',
      scenario: { paths: PUBLIC_READS.map((p) => API + p) },
    },
  ]
}

/** Bytes on the wire (brotli accepted, as browsers do) of the public page's data calls. */
export async function publicPageBytes(origin: string, paths: string[]): Promise<number> {
  let total = 0
  for (const p of paths) {
    const res = await fetch(`${origin}${API}${p}`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    const length = res.headers.get('content-length')
    const bytes = await res.arrayBuffer()
    // fetch undoes the encoding; the header says what travelled.
    total += length ? Number(length) : bytes.byteLength
  }
  return total
}

export async function apiScenarios(
  origin: string,
  settings: BenchSettings,
  scratchDir: string,
  options: { uncached?: boolean; snapshot?: string } = {},
): Promise<Measured[]> {
  const results: Measured[] = []
  // Warm-up, not reported: JIT, connection pool, the database's caches.
  await runWrk(
    origin,
    { paths: PUBLIC_READS.map((p) => API + p) },
    { ...settings, seconds: 2 },
    scratchDir,
  )
  // A small static file from the same server, through the same Node HTTP stack, no database.
  results.push(
    await measure(
      origin,
      ROBOTS_GZIP,
      { paths: ['/robots.txt'], headers: GZIP },
      settings,
      scratchDir,
    ),
  )
  // The public page's HTML, as kept for the content version (server/ssr.ts), and the same page as a static file.
  results.push(
    await measure(origin, HOME_GZIP, { paths: ['/'], headers: GZIP }, settings, scratchDir),
  )
  if (options.snapshot)
    results.push(
      await measure(
        origin,
        SNAPSHOT_GZIP,
        { paths: [options.snapshot], headers: GZIP },
        settings,
        scratchDir,
      ),
    )
  results.push(
    await measure(
      origin,
      'GET /health (one database round trip)',
      { paths: [`${API}/health`] },
      settings,
      scratchDir,
    ),
  )
  for (const { name, scenario } of readScenarios())
    results.push(await measure(origin, name, scenario, settings, scratchDir))
  if (options.uncached)
    results.push(
      await measure(origin, NEVER_MEMOIZED.name, NEVER_MEMOIZED.scenario, settings, scratchDir),
    )

  const token = await adminToken(origin)
  const projects = (await (
    await fetch(`${origin}${API}/projects`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number }[]
  if (!projects.length) throw new Error('The seed has no project to update')
  results.push(
    await measure(
      origin,
      'PATCH /projects/{id} (admin)',
      {
        paths: projects.map((p) => `${API}/projects/${p.id}`),
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ liveUrl: 'https://example.com/bench' }),
      },
      settings,
      scratchDir,
    ),
  )
  return results
}

/** The built stylesheet every page links: the largest CSS file under assets/. */
export async function builtStylesheet(distDir: string): Promise<string> {
  const css = (await readdir(path.join(distDir, 'assets'))).filter((f) => f.endsWith('.css'))
  const index = css.find((f) => f.startsWith('index-')) ?? css[0]
  if (!index) throw new Error(`No stylesheet in ${distDir}/assets`)
  return `/assets/${index}`
}
