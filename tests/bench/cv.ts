// The CV as a PDF (docs/PRODUCT.md §21): how large GET /cv.pdf is and
// how long the server takes to lay it out, for the demo portfolio and for a
// large one (every project of the portfolio is in the CV). The content is read
// once through the same reading as GET /resume.json (resume-export.ts); the
// figure is pdf-lib's rendering of it, the part of the request that grows with
// the content. The HTTP cache keeps the bytes per content version, so only the
// first request after a write pays it.
//
//   npx tsx tests/bench/cv.ts
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { loadCvFonts } from '../../supabase/functions/_shared/resume/cv-fonts.ts'
import { cvPdf } from '../../supabase/functions/_shared/resume/cv-pdf.ts'
import { readResume } from '../../supabase/functions/_shared/resume/resume-export.ts'
import { createPgliteDriver } from '../../server/db/pglite-driver.ts'
import { prepareDatabase } from './database.ts'

export interface CvFigure {
  /** Active projects in the CV. */
  projects: number
  bytes: number
  pages: number
  p50Ms: number
  p95Ms: number
  samples: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!

const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount()

async function measureAt(projects: number | undefined, samples: number): Promise<CvFigure> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-cv-'))
  try {
    await prepareDatabase({ kind: 'pglite', dataDir }, projects)
    const driver = await createPgliteDriver(path.join(dataDir, 'pglite'))
    let resume: Awaited<ReturnType<typeof readResume>>
    try {
      resume = await readResume(driver)
    } finally {
      await driver.close()
    }
    const fonts = await loadCvFonts()
    let pdf = await cvPdf(resume, fonts) // warm-up: module and font tables
    const times: number[] = []
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now()
      pdf = await cvPdf(resume, fonts)
      times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    return {
      projects: (resume.projects as unknown[]).length,
      bytes: pdf.byteLength,
      pages: await pageCount(pdf),
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      samples,
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** The demo portfolio, then one of `large` projects. */
export async function benchCv(options: { large?: number; samples?: number } = {}) {
  const samples = options.samples ?? 20
  const demo = await measureAt(undefined, samples)
  const large = await measureAt(options.large ?? 5000, Math.max(3, Math.round(samples / 4)))
  return { demo, large }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchCv()
  console.log(JSON.stringify(figures, null, 2))
}
