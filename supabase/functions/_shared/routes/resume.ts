// The portfolio as a JSON Resume, out and in (docs/PRODUCT.md §20):
// GET /resume.json for anyone, POST /resume/import?dryRun=true|false for admins;
// and the same content as a PDF, GET /cv.pdf for anyone (§21).
import { Hono } from 'hono'
import { z } from 'zod'
import { PROJECT_BODY_LIMIT } from '../body-limit.ts'
import { clientKey } from '../client-key.ts'
import type { AppEnv } from '../context.ts'
import { badRequest, HttpError } from '../errors.ts'
import { logUnexpectedError } from '../log.ts'
import { importResume } from '../resume/resume-import.ts'
import { readResume } from '../resume/resume-export.ts'
import { checkResume } from '../resume/resume-schema.ts'
import { requireAdmin } from '../sql.ts'
import { readJson } from '../validate.ts'

export const resumeRoutes = new Hono<AppEnv>()

resumeRoutes.get('/resume.json', async (c) => {
  const { db } = c.get('deps')
  const resume = await db.as(c.get('principal'), readResume, { readOnly: true })
  return c.json(resume)
})

resumeRoutes.get('/cv.pdf', async (c) => {
  const { db, cvFonts, work, expensiveLimit } = c.get('deps')
  // Reached only when no kept copy answered (http-cache.ts): a visitor may
  // start only so many renderings a minute, and they wait their turn (work-queue.ts).
  if (c.get('principal').kind === 'anon') expensiveLimit?.take(clientKey(c))
  const resume = await db.as(c.get('principal'), readResume, { readOnly: true })
  // pdf-lib and the font engine load with the first CV, not with every edge
  // worker, whose start they would slow by about 200 ms (docs/PERFORMANCE.md).
  const [{ cvFileName, cvPdf }, { loadCvFonts }] = await Promise.all([
    import('../resume/cv-pdf.ts'),
    import('../resume/cv-fonts.ts'),
  ])
  let fonts: Awaited<ReturnType<typeof loadCvFonts>>
  try {
    fonts = await loadCvFonts(cvFonts)
  } catch (error) {
    // The fonts are a module of the code, so this is a broken deploy: the
    // owner's logs name the cause; a visitor is told to come back, not 500.
    logUnexpectedError(error, { method: c.req.method, path: c.req.path })
    throw new HttpError(503, 'The CV is not available right now', undefined, {
      'Retry-After': '60',
    })
  }
  const render = () => cvPdf(resume, fonts)
  const pdf = await (work ? work.run(render) : render())
  const owner = String((resume.basics as { name?: string } | undefined)?.name ?? '')
  // Hono takes bytes over a plain ArrayBuffer. A typed array's buffer type is
  // a generic only from TypeScript 5.7 on, and the edge runtime's Deno checks
  // with 5.6: a copy into an ArrayBuffer reads the same to both (about 20 kB).
  const body = new ArrayBuffer(pdf.byteLength)
  new Uint8Array(body).set(pdf)
  return c.body(body, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${cvFileName(owner)}"`,
  })
})

resumeRoutes.post('/resume/import', async (c) => {
  const principal = c.get('principal')
  const { db } = c.get('deps')
  await requireAdmin(db, principal)
  const dryRun = c.req.query('dryRun')
  if (dryRun !== undefined && dryRun !== 'true' && dryRun !== 'false')
    throw badRequest('dryRun must be true or false', { dryRun: 'dryRun must be true or false' })
  const body = await readJson(c, z.unknown(), PROJECT_BODY_LIMIT)
  // The official schema first (its first problem), then what our content can hold.
  const { resume, problem } = checkResume(body)
  if (problem !== undefined) throw badRequest(problem)
  const { work } = c.get('deps')
  const run = () => db.as(principal, (tx) => importResume(tx, resume, dryRun === 'true'))
  const plan = await (work ? work.run(run) : run())
  return c.json(plan)
})
