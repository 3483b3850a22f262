// The Supabase Edge Function under Deno against the bench's PostgreSQL, started
// the way the contract tests start it (tests/support/edge-function.ts): the time
// from spawning Deno to the first answer of a public read, then warm reads.
import { startEdgeFunction } from '@test-support/edge-function.ts'
import { measure, PUBLIC_READS, type BenchSettings, type Measured } from './api.ts'

export interface EdgeFigures {
  coldStartMs: number
  results: Measured[]
}

const SECRET = 'bench-secret-that-is-at-least-32-bytes-long'

export async function benchEdgeFunction(
  databaseUrl: string,
  settings: BenchSettings,
  scratch: string,
): Promise<EdgeFigures> {
  const started = performance.now()
  const edge = await startEdgeFunction({ SUPABASE_DB_URL: databaseUrl, JWT_SECRET: SECRET })
  try {
    const first = await fetch(`${edge.url}/api/projects`)
    await first.arrayBuffer()
    if (!first.ok) throw new Error(`the edge function answered ${first.status}`)
    const coldStartMs = performance.now() - started
    const results: Measured[] = []
    const reads = [
      ['GET /projects', '/api/projects', {}],
      ['GET /projects, gzip accepted', '/api/projects', { 'Accept-Encoding': 'gzip' }],
      ['GET /projects?limit=12 (first page)', '/api/projects?limit=12', {}],
      ['public page (4 calls rotated)', null, {}],
    ] as const
    for (const [name, path, headers] of reads)
      results.push(
        await measure(
          edge.url,
          `Deno: ${name}`,
          {
            paths: path ? [path] : PUBLIC_READS.map((p) => `/api${p}`),
            headers: { ...headers },
          },
          settings,
          scratch,
        ),
      )
    results.push(
      await measure(
        edge.url,
        'Deno: anonymous read that reaches the database (unique query)',
        { paths: ['/api/projects'], unique: true },
        settings,
        scratch,
      ),
    )
    return { coldStartMs, results }
  } finally {
    await edge.stop()
  }
}
