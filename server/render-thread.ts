// The main thread's side of server/render-worker.ts: one worker thread,
// started on first use (or by warm(), a few seconds after `npm start`
// listens), that draws CVs and preview images and sends back their bytes.
// A worker that dies fails the jobs it held; the next job starts a new one.
import { Worker } from 'node:worker_threads'
import type { SiteImageContent } from './og-image.ts'
import type { RenderJob, RenderReply } from './render-worker.ts'

type JobInput =
  | { kind: 'warm' }
  | { kind: 'cv'; resume: Record<string, unknown>; lang: string }
  | { kind: 'image'; content: SiteImageContent }

/** The fonts could not be loaded: a broken deploy, which the CV route answers 503. */
export class RenderFontsError extends Error {}

export interface RenderThread {
  cv(resume: Record<string, unknown>, lang: string): Promise<Uint8Array>
  image(content: SiteImageContent): Promise<Uint8Array>
  /** Loads the code and the fonts on the worker, before a visitor needs them. */
  warm(): Promise<void>
  close(): Promise<void>
}

const WORKER = new URL('./render-worker.ts', import.meta.url).href

export function createRenderThread(): RenderThread {
  let worker: Worker | null = null
  let next = 0
  const pending = new Map<
    number,
    { resolve(bytes: Uint8Array | null): void; reject(error: Error): void }
  >()

  const start = () => {
    // The worker runs TypeScript as this process does: tsx's loader, registered in the thread.
    const w = new Worker(
      `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(WORKER)})`,
      { eval: true },
    )
    w.unref()
    w.on('message', (reply: RenderReply) => {
      const job = pending.get(reply.id)
      if (!job) return
      pending.delete(reply.id)
      if ('error' in reply)
        job.reject(reply.fonts ? new RenderFontsError(reply.error) : new Error(reply.error))
      else job.resolve(reply.bytes)
    })
    const fail = (error: Error) => {
      if (worker === w) worker = null
      for (const job of pending.values()) job.reject(error)
      pending.clear()
    }
    w.on('error', fail)
    w.on('exit', (code) => fail(new Error(`The render thread stopped (exit code ${code})`)))
    return w
  }

  const send = (input: JobInput) =>
    new Promise<Uint8Array | null>((resolve, reject) => {
      worker ??= start()
      const id = ++next
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...input, id } as RenderJob)
    })

  const bytes = (result: Uint8Array | null) => {
    if (!result) throw new Error('The render thread sent no bytes')
    return result
  }

  return {
    cv: (resume, lang) => send({ kind: 'cv', resume, lang }).then(bytes),
    image: (content) => send({ kind: 'image', content }).then(bytes),
    warm: () => send({ kind: 'warm' }).then(() => undefined),
    async close() {
      const w = worker
      worker = null
      await w?.terminate()
    },
  }
}
