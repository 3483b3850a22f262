// The thread `npm start` draws its CVs and link-preview images on
// (server/render-thread.ts): pdf-lib, the font engine, the fonts, satori and
// resvg load and run here, never on the thread that answers requests, so
// neither loading them (about a second of synchronous work in pieces of up to
// a few hundred milliseconds) nor a drawing holds up other visitors.
import { parentPort } from 'node:worker_threads'
import type { SiteImageContent } from './og-image.ts'

export type RenderJob =
  | { id: number; kind: 'warm' }
  | { id: number; kind: 'cv'; resume: Record<string, unknown>; lang: string }
  | { id: number; kind: 'image'; content: SiteImageContent }

export type RenderReply =
  { id: number; bytes: Uint8Array | null } | { id: number; error: string; fonts?: boolean }

const cvCode = () =>
  Promise.all([
    import('../supabase/functions/_shared/resume/cv-pdf.ts'),
    import('../supabase/functions/_shared/resume/cv-fonts.ts'),
  ])
const fonts = () =>
  import('../supabase/functions/_shared/resume/cv-fonts.ts').then((m) => m.loadCvFonts())

async function run(job: RenderJob): Promise<Uint8Array | null> {
  if (job.kind === 'warm') {
    await Promise.all([cvCode(), fonts(), import('./og-image.ts')])
    return null
  }
  if (job.kind === 'image') return (await import('./og-image.ts')).renderSiteImage(job.content)
  const [{ cvPdf }] = await cvCode()
  let loaded: Awaited<ReturnType<typeof fonts>>
  try {
    loaded = await fonts()
  } catch (error) {
    throw Object.assign(new Error(String((error as Error)?.message ?? error)), { fonts: true })
  }
  return cvPdf(job.resume, loaded, job.lang)
}

parentPort?.on('message', (job: RenderJob) => {
  run(job).then(
    (bytes) =>
      parentPort!.postMessage(
        { id: job.id, bytes } satisfies RenderReply,
        bytes ? [bytes.buffer as ArrayBuffer] : [],
      ),
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
        fonts: (error as { fonts?: boolean } | null)?.fonts === true,
      } satisfies RenderReply),
  )
})
