// The edge function as supabase/functions/api/index.ts serves it, with the
// isolate's memory (V8 heap in use plus external memory, ArrayBuffers
// included: what a worker's memory limit counts) sampled every millisecond
// around each request and printed after it, for tests/bench/edge-limits.ts.
// With --expose-gc (DENO_V8_FLAGS) the garbage of earlier requests is
// collected first, so the figure is this request's own.
// Run by Deno only; the declaration below names the little of its API used here.
import { createEdgeApp } from '../../supabase/functions/_shared/edge-app.ts'

declare const Deno: {
  env: { get(name: string): string | undefined }
  serve(handler: (request: Request, info: unknown) => Promise<Response>): unknown
  memoryUsage(): { heapUsed: number; external: number }
}

const app = createEdgeApp((name) => Deno.env.get(name))

Deno.serve(async (request, info) => {
  ;(globalThis as { gc?: () => void }).gc?.()
  let peak = 0
  const sample = () => {
    const { heapUsed, external } = Deno.memoryUsage()
    peak = Math.max(peak, heapUsed + external)
  }
  sample()
  const sampler = setInterval(sample, 1)
  try {
    const response = await app.fetch(request, info)
    // Read whole here, so the sampling covers the body's making too.
    const body = await response.arrayBuffer()
    sample()
    return new Response(body, response)
  } finally {
    clearInterval(sampler)
    console.log(`isolate-memory ${request.method} ${new URL(request.url).pathname} ${peak}`)
  }
})
