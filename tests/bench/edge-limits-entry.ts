// The edge function as supabase/functions/api/index.ts serves it, with the
// isolate's memory (V8 heap in use plus external memory, ArrayBuffers
// included: what a worker's memory limit counts) sampled every millisecond
// around each request, until its body is sent, and printed then, for
// tests/bench/edge-limits.ts.
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

const gc = () => (globalThis as { gc?: () => void }).gc?.()

Deno.serve(async (request, info) => {
  // The bench asks for this between requests: V8 frees ArrayBuffers' memory
  // after a collection, not during it, so one collection at a request's start
  // would leave the previous request's buffers counted in this one's figure.
  if (new URL(request.url).pathname === '/__collect') {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 200))
    gc()
    return new Response(null, { status: 204 })
  }
  gc()
  let peak = 0
  const sample = () => {
    const { heapUsed, external } = Deno.memoryUsage()
    peak = Math.max(peak, heapUsed + external)
  }
  sample()
  // What the isolate holds before this request: what earlier ones left that no collection freed.
  const start = peak
  const sampler = setInterval(sample, 1)
  const done = () => {
    sample()
    clearInterval(sampler)
    console.log(
      `isolate-memory ${request.method} ${new URL(request.url).pathname} ${start} ${peak}`,
    )
  }
  let response: Response
  try {
    response = await app.fetch(request, info)
  } catch (error) {
    done()
    throw error
  }
  if (!response.body) {
    done()
    return response
  }
  // Sampled until the body is sent whole, as it is made (a streamed export) or not.
  const body = response.body.pipeThrough(new TransformStream({ flush: done }))
  return new Response(body, response)
})
