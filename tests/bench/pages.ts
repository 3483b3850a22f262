// The server-rendered pages (docs/decisions/023) beside their ceiling: a static
// snapshot of the same page, served by the same `npm start` from a copy of the
// build. A snapshot is the page's HTML as the server answered it, with its
// scripts taken out (no code, no state, no module preloads): the same markup,
// stylesheet and images, so the fastest that page can be. And the first render
// after a write: the one request that finds no kept page (server/ssr.ts).
import { cp, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { demoPostPayload, DEMO_POST } from '@test-support/demo-post.ts'
import { paths } from '../../src/config/paths.ts'
import { postPath } from '../../supabase/functions/_shared/contract/public-routes.ts'
import { API, adminToken } from './api.ts'
import { themeWeights } from './bundle.ts'
import { median } from './wrk.ts'

/** Where the snapshots live in the build copy, and so their paths on the server. */
export const SNAPSHOT_DIR = '__snapshot'

export interface PagePair {
  /** 'home', 'project' or 'post': the snapshot's file name. */
  name: string
  /** The page's path on the server, e.g. /projects/2-lumen-notes. */
  page: string
  /** Its static snapshot's path, e.g. /__snapshot/home.html. */
  snapshot: string
}

/** The page without anything that runs: scripts (JSON-LD is data and stays), module preloads and the loader's names. */
export function staticSnapshot(html: string): string {
  return html
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\s[^>]*rel="modulepreload"[^>]*>\s*/gi, '')
    .replace(/<meta\s+name="vitrine-(?:entry|preload)"[^>]*>\s*/gi, '')
}

/** The first project on the public page, by the path the app links to. */
export async function projectPagePath(origin: string): Promise<string> {
  const res = await fetch(`${origin}${API}/projects?limit=1`)
  if (!res.ok) throw new Error(`GET /projects?limit=1 answered ${res.status}`)
  const [project] = (await res.json()) as { id: number; name: string }[]
  if (!project) throw new Error('No active project to render')
  return paths.project(project.id, project.name)
}

/**
 * The demo post's page (tests/support/demo-post.ts): headings, paragraphs,
 * highlighted code and an image, created through the API as the bench's
 * admin the first time, linked to Harbor and its stack.
 */
export async function demoPostPath(origin: string): Promise<string> {
  const path = postPath(DEMO_POST.slug)
  const found = await fetch(`${origin}${API}/posts/slug/${DEMO_POST.slug}`)
  await found.arrayBuffer()
  if (found.ok) return path
  const token = await adminToken(origin)
  const read = async (resource: string) => {
    const res = await fetch(`${origin}${API}/${resource}`)
    if (!res.ok) throw new Error(`GET /${resource} answered ${res.status}`)
    return (await res.json()) as { id: number; name: string }[]
  }
  const created = await fetch(`${origin}${API}/posts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(demoPostPayload(await read('projects'), await read('technologies'))),
  })
  if (created.status !== 201)
    throw new Error(`POST /posts answered ${created.status}: ${await created.text()}`)
  return path
}

/** The pages the bench times beyond `/`: the first project's and the demo post's. */
export interface BenchPaths {
  project: string
  post: string
}

export const benchPaths = async (origin: string): Promise<BenchPaths> => ({
  project: await projectPagePath(origin),
  post: await demoPostPath(origin),
})

/** A copy of the build folder `from` in `to`, where the snapshots will go (the server reads its files once, at start). */
export async function copyBuild(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true })
}

/**
 * Writes the snapshots of `/`, of the first project's page and of the demo
 * post's (created first), as `origin` renders them, into the build copy
 * `distDir`. A server started on that copy afterwards serves each page and
 * its snapshot side by side.
 */
export async function writeSnapshots(origin: string, distDir: string): Promise<PagePair[]> {
  const { project, post } = await benchPaths(origin)
  const pairs: PagePair[] = [
    { name: 'home', page: '/', snapshot: `/${SNAPSHOT_DIR}/home.html` },
    { name: 'project', page: project, snapshot: `/${SNAPSHOT_DIR}/project.html` },
    { name: 'post', page: post, snapshot: `/${SNAPSHOT_DIR}/post.html` },
  ]
  await mkdir(path.join(distDir, SNAPSHOT_DIR), { recursive: true })
  for (const pair of pairs) {
    const res = await fetch(`${origin}${pair.page}`)
    const html = await res.text()
    if (res.status !== 200 || !html.includes('id="vitrine-state"'))
      throw new Error(`${pair.page} did not answer a server-rendered page (${res.status})`)
    await writeFile(path.join(distDir, SNAPSHOT_DIR, `${pair.name}.html`), staticSnapshot(html))
  }
  return pairs
}

export interface FirstRender {
  projects: number
  database: 'PGlite' | 'PostgreSQL'
  /** The page timed: `/`, `/fr/` in a second language, a project's or the demo post's. */
  page: string
  /** What the page is, as the targets name it (FIRST_RENDERS); absent in older reports. */
  what?: string
  /** How many languages the site had. */
  languages: number
  samples: number
  p50Ms: number
  p95Ms: number
  maxMs: number
  /** The write itself (PATCH through the API), for scale. */
  writeP50Ms: number
  /** Times the GET / right after a write still answered the version before it (then the next one is timed). */
  staleAfterWrite: number
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/**
 * The first renders timed at the largest size: the default language alone, a
 * second language's page, then the default's again with five languages
 * (docs/PRODUCT.md §23: another language meets the same target, and more
 * languages do not slow the default); then a project's page and the demo
 * post's, side by side (a post's page should cost what a project's does).
 */
export const FIRST_RENDERS: {
  /** A short name, to run some only (first-render-only.ts). */
  name: string
  page: (paths: BenchPaths) => string
  languages: string[]
  what: string
}[] = [
  { name: 'home', page: () => '/', languages: ['en'], what: '/' },
  {
    name: 'fr',
    page: () => '/fr/',
    languages: ['en', 'fr'],
    what: '/fr/ (a second language)',
  },
  {
    name: 'home-5',
    page: () => '/',
    languages: ['en', 'fr', 'de', 'es', 'ar'],
    what: '/ with five languages',
  },
  { name: 'project', page: (p) => p.project, languages: ['en'], what: 'a project page' },
  { name: 'post', page: (p) => p.post, languages: ['en'], what: 'a post page (the demo post)' },
]

/** Sets the site's languages (PUT /languages as an admin): English first, the default. */
export async function setLanguages(origin: string, languages: string[]) {
  const res = await fetch(`${origin}${API}/languages`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await adminToken(origin)}`,
    },
    body: JSON.stringify({ default: 'en', languages }),
  })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`PUT /languages answered ${res.status}`)
}

/** The site's theme (docs/PRODUCT.md §27), for the per-theme Lighthouse runs. */
export async function setTheme(origin: string, theme: string) {
  const res = await fetch(`${origin}${API}/appearance`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await adminToken(origin)}`,
    },
    body: JSON.stringify({ theme }),
  })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`PUT /appearance answered ${res.status}`)
}

/**
 * `measure` once in each built theme (docs/PRODUCT.md §27), set through the
 * API before it; the seed's theme (classic) last, so the site ends as it began.
 */
export async function inEachTheme<T>(
  root: string,
  origin: string,
  measure: (theme: string) => Promise<T>,
): Promise<(T & { theme: string })[]> {
  const themes = (await themeWeights(root)).map((t) => t.theme)
  const results: (T & { theme: string })[] = []
  for (const theme of [...themes.filter((t) => t !== 'classic'), 'classic']) {
    await setTheme(origin, theme)
    results.push({ ...(await measure(theme)), theme })
  }
  return results
}

/**
 * Writes through the API, then times the next `GET /` (as a browser asks for
 * it: brotli or gzip), which finds no kept page for the new content version
 * and renders it: the public reads it needs are new too, so this is the whole
 * cost a visitor pays once after an edit. `samples` rounds, after a few not
 * counted (the server's first render loads code and warms its caches).
 */
export async function firstRenderAfterWrite(
  origin: string,
  options: { samples: number; warmup?: number; page?: string },
): Promise<Omit<FirstRender, 'projects' | 'database' | 'languages'>> {
  const page = options.page ?? '/'
  const token = await adminToken(origin)
  const listed = (await (
    await fetch(`${origin}${API}/projects?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { id: number }[]
  const id = listed[0]?.id
  if (id === undefined) throw new Error('No project to write to')
  const get = async (): Promise<{ ms: number; etag: string | null }> => {
    const started = performance.now()
    const res = await fetch(`${origin}${page}`, { headers: { 'Accept-Encoding': 'br, gzip' } })
    await res.arrayBuffer()
    // The bench is one address, and renders are limited per address and
    // minute (EXPENSIVE_PER_MINUTE): wait for the next window, then time again.
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)))
      return get()
    }
    if (res.status !== 200) throw new Error(`GET ${page} answered ${res.status}`)
    return { ms: performance.now() - started, etag: res.headers.get('etag') }
  }
  let { etag } = await get()
  const renders: number[] = []
  const writes: number[] = []
  let stale = 0
  const warmup = options.warmup ?? 3
  for (let round = 0; round < warmup + options.samples; round++) {
    const started = performance.now()
    const write = await fetch(`${origin}${API}/projects/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ liveUrl: `https://example.com/bench/${round}` }),
    })
    await write.arrayBuffer()
    if (!write.ok) throw new Error(`PATCH /projects/${id} answered ${write.status}`)
    const wrote = performance.now() - started
    let next = await get()
    for (let tries = 0; next.etag === etag && tries < 20; tries++) {
      if (round >= warmup) stale++
      next = await get()
    }
    if (next.etag === etag)
      throw new Error(`GET ${page} kept answering the page from before the write`)
    etag = next.etag
    if (round < warmup) continue
    renders.push(next.ms)
    writes.push(wrote)
  }
  return {
    page,
    samples: renders.length,
    p50Ms: median(renders),
    p95Ms: percentile(renders, 95),
    maxMs: Math.max(...renders),
    writeP50Ms: median(writes),
    staleAfterWrite: stale,
  }
}
