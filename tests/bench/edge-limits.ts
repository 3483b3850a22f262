// The heavy requests against the Edge Function's limits (Supabase: 256 MB of
// memory per worker, 2 s of CPU per request): the edge function's app under
// Deno (edge-limits-entry.ts, which serves it as functions/api/index.ts does),
// with images in the Storage stand-in. For each request: the Deno process's
// CPU time (user + system, from /proc: every thread, so an upper bound of the
// isolate's own), the isolate's peak memory (heap in use plus external, as the
// entry samples it), and the process's peak resident memory (the high-water
// mark reset before each request; the runtime's own share included). Linux only.
//
//   TEST_POSTGRES_URL=postgres://... npx tsx tests/bench/edge-limits.ts
//
// Figures are in docs/PERFORMANCE.md, "Heavy requests and the Edge Function's limits".
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { MAX_IMAGE_BYTES } from '../../supabase/functions/_shared/contract/messages.ts'
import { migrationsHash } from '@test-support/api-harness.ts'
import { startEdgeFunction } from '@test-support/edge-function.ts'
import { startStorageStandIn } from '@test-support/storage-stand-in.ts'
import { throwawayDatabase } from '@test-support/throwaway-database.ts'

const SECRET = 'bench-secret-that-is-at-least-32-bytes-long'
const KEY = 'bench-service-key'
/** Images in the archive: ten of about 4.7 MB make a 47 MB archive, near the 50 MB restore limit. */
const IMAGES = 10
const IMAGE_BYTES = Math.floor(MAX_IMAGE_BYTES * 0.9)
const TICKS_PER_SECOND = 100
const REPEATS = 3

/** A PNG signature then random bytes: an image by its first bytes, and incompressible, as photos are. */
const heavyPng = () => {
  const bytes = new Uint8Array(randomBytes(IMAGE_BYTES))
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return bytes
}

async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name, which is in parentheses: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

async function memoryMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

interface Figure {
  request: string
  cpuMs: number
  isolateMb: number
  /** The isolate's memory when the request began, after a forced collection. */
  isolateStartMb: number
  baselineMb: number
  peakMb: number
  wallMs: number
}

/** The isolate's memory at the start and at the peak of the last request it answered, as the entry printed them. */
function isolateMb(output: string): { start: number; peak: number } {
  const lines = output.match(/^isolate-memory .*$/gm) ?? []
  const [start, peak] = (lines.at(-1)?.split(' ').slice(-2) ?? []).map((n) => Number(n) / 2 ** 20)
  return { start: start ?? NaN, peak: peak ?? NaN }
}

async function main() {
  const database = await throwawayDatabase(await migrationsHash())
  const storage = await startStorageStandIn({ serviceKey: KEY })
  const edge = await startEdgeFunction(
    {
      SUPABASE_DB_URL: database.url,
      JWT_SECRET: SECRET,
      SUPABASE_URL: storage.url,
      SUPABASE_SERVICE_ROLE_KEY: KEY,
      SETUP_TOKEN: 'setup-code-of-the-bench',
      // e.g. EDGE_V8_FLAGS=--expose-gc,--max-heap-size=256 to see a request fail past a heap limit.
      DENO_V8_FLAGS: process.env.EDGE_V8_FLAGS ?? '--expose-gc',
    },
    { entry: path.join(path.dirname(fileURLToPath(import.meta.url)), 'edge-limits-entry.ts') },
  )
  const figures: Figure[] = []
  try {
    const api = (path: string, init: RequestInit = {}, token?: string) =>
      fetch(`${edge.url}/api${path}`, {
        ...init,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers },
      })
    const registered = await api('/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'admin',
        password: 'bench-password',
        setupToken: 'setup-code-of-the-bench',
      }),
    })
    const { accessToken: token } = (await registered.json()) as { accessToken: string }
    const postJson = (path: string, body: unknown) =>
      api(
        path,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        },
        token,
      )

    /** One request, with the process's CPU time and peak memory around it. */
    async function measured(name: string, send: () => Promise<Response>): Promise<Response> {
      // Let the previous request's garbage and the runtime settle first.
      await new Promise((resolve) => setTimeout(resolve, 300))
      await (await fetch(`${edge.url}/__collect`)).arrayBuffer()
      await writeFile(`/proc/${edge.pid}/clear_refs`, '5')
      const before = await memoryMb(edge.pid)
      const cpu = await processCpuMs(edge.pid)
      const started = performance.now()
      const response = await send()
      const body = new Uint8Array(await response.arrayBuffer())
      const wallMs = performance.now() - started
      const cpuMs = (await processCpuMs(edge.pid)) - cpu
      const after = await memoryMb(edge.pid)
      if (!response.ok)
        throw new Error(`${name}: ${response.status} ${new TextDecoder().decode(body)}`)
      // The entry prints once the answer is out: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 50))
      figures.push({
        request: name,
        cpuMs,
        isolateMb: isolateMb(edge.output()).peak,
        isolateStartMb: isolateMb(edge.output()).start,
        baselineMb: before.rss,
        peakMb: after.peak,
        wallMs,
      })
      return new Response(body, { status: response.status, headers: response.headers })
    }

    const upload = (bytes: Uint8Array) => {
      const form = new FormData()
      form.append('file', new File([bytes as BlobPart], 'photo.png', { type: 'image/png' }))
      return api('/uploads/image', { method: 'POST', body: form }, token)
    }
    // Warm: the first request sweeps, the first upload compiles the upload path.
    await (await upload(heavyPng())).arrayBuffer()

    const urls: string[] = []
    for (let i = 0; i < IMAGES; i++) {
      const bytes = heavyPng()
      const answer = await measured(
        `POST /uploads/image, ${(IMAGE_BYTES / 1e6).toFixed(1)} MB`,
        () => upload(bytes),
      )
      urls.push(((await answer.json()) as { url: string }).url)
    }
    await measured('POST /uploads/sign', () =>
      postJson('/uploads/sign', { contentType: 'image/png', size: IMAGE_BYTES }),
    )
    const project = await postJson('/projects', {
      name: 'Heavy',
      description: 'Ten large images',
      thumbnail: urls[0],
      images: urls,
    })
    if (project.status !== 201)
      throw new Error(`project: ${project.status} ${await project.text()}`)

    // Each heavy request a few times: how much garbage the isolate still holds varies.
    for (let i = 0; i < REPEATS; i++) {
      const exported = await measured(`GET /backup (${IMAGES} images)`, () =>
        api('/backup', {}, token),
      )
      const archive = new Uint8Array(await exported.arrayBuffer())
      const form = new FormData()
      form.append(
        'file',
        new File([archive as BlobPart], 'backup.zip', { type: 'application/zip' }),
      )
      // The same content back, the archive sent to Storage first as the back office
      // does: every image is stored again under a new name.
      const signing = await measured('POST /backup/sign', () =>
        postJson('/backup/sign', { size: archive.length }),
      )
      const signed = (await signing.json()) as { signedUrl: string; path: string }
      const sent = await fetch(signed.signedUrl, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/zip' },
        body: archive as BodyInit,
      })
      if (!sent.ok) throw new Error(`upload to storage: ${sent.status} ${await sent.text()}`)
      await measured(
        `POST /backup/restore (the ${(archive.length / 1e6).toFixed(1)} MB archive read from Storage)`,
        () => postJson('/backup/restore', { path: signed.path }),
      )
      // And again with the archive in the request, as other clients may send it.
      await measured(`POST /backup (restore, ${(archive.length / 1e6).toFixed(1)} MB)`, () =>
        api('/backup', { method: 'POST', body: form }, token),
      )
    }
  } finally {
    await edge.stop()
    await storage.close()
    await database.drop()
  }
  // Per request: the median and the highest of its runs, each figure on its own.
  const rows: Figure[] = []
  for (const request of [...new Set(figures.map((f) => f.request))]) {
    const runs = figures.filter((f) => f.request === request)
    const pick = (key: keyof Omit<Figure, 'request'>, at: 'median' | 'highest') => {
      const sorted = runs.map((f) => f[key]).sort((a, b) => a - b)
      return sorted[at === 'median' ? Math.floor(sorted.length / 2) : sorted.length - 1]!
    }
    for (const at of ['median', 'highest'] as const)
      rows.push({
        request: `${request}, ${at} of ${runs.length}`,
        cpuMs: pick('cpuMs', at),
        isolateMb: pick('isolateMb', at),
        isolateStartMb: pick('isolateStartMb', at),
        baselineMb: pick('baselineMb', at),
        peakMb: pick('peakMb', at),
        wallMs: pick('wallMs', at),
      })
  }
  console.log(
    '| request | CPU time | isolate at start | isolate peak (heap + external) | process RSS before | process RSS peak | wall time |',
  )
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const f of rows)
    console.log(
      `| ${f.request} | ${Math.round(f.cpuMs)} ms | ${Math.round(f.isolateStartMb)} MB | ${Math.round(f.isolateMb)} MB | ${Math.round(f.baselineMb)} MB | ${Math.round(f.peakMb)} MB | ${Math.round(f.wallMs)} ms |`,
    )
}

await main()
