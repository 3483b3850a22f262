// The portfolio as a JSON Resume, out and in (docs/PRODUCT.md §20):
// GET /resume.json for anyone, POST /resume/import?dryRun=true|false for admins;
// and the same content as a PDF, GET /cv.pdf for anyone (§21).
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import { languageParam, trueOrFalse } from '../../query.ts'
import { PROJECT_BODY_LIMIT } from '../../../http/body-limit.ts'
import { clientKey } from '../../../http/client-key.ts'
import { errorBody, resume as resumeAnswer, resumeImportPlan } from '../../../contract/responses.ts'
import { badRequest, HttpError } from '../../../http/errors.ts'
import { logUnexpectedError } from '../../../http/log.ts'
import { importResume } from '../../../resume/resume-import.ts'
import { importTranslation } from '../../../resume/resume-translation.ts'
import { readResume } from '../../../resume/resume-export.ts'
import { cvFileName } from '../../../resume/cv-file-name.ts'
import type { CvFontSource } from '../../../resume/cv-fonts.ts'
import type { WorkQueue } from '../../../http/work-queue.ts'
import type { Context } from 'hono'
import { readLanguages, shownLanguage } from '../languages/repository.ts'
import { checkResume, resumeSchema } from '../../../resume/resume-schema.ts'
import { asCaller, readAsCaller } from '../../../context.ts'

/** A lang that is not one of the site's languages is a bad value of the parameter, as any other (docs/PRODUCT.md §22). */
const UNKNOWN_LANGUAGE =
  "lang is not a language tag ('Not a language tag: …') or not one of the site's languages ('Unknown language: es')"

export const resumeApi = new Api()
  .add(
    {
      method: 'get',
      path: '/resume.json',
      operationId: 'getResume',
      summary: 'The portfolio as a JSON Resume (schema 1.x)',
      tag: 'Resume',
      access: 'optional',
      query: z.object({ lang: languageParam() }),
      answers: {
        200: ok('The résumé (with meta.language when lang is given)', resumeAnswer),
        400: ok(UNKNOWN_LANGUAGE, errorBody),
      },
    },
    async (c, { query }) => {
      const resume = await readAsCaller(c, (tx) => readResume(tx, query.lang))
      return c.json(resume, 200)
    },
  )
  .add(
    {
      method: 'get',
      path: '/cv.pdf',
      operationId: 'getCvPdf',
      summary: 'The same content as a printable CV (PDF, A4, selectable text)',
      tag: 'Resume',
      access: 'optional',
      query: z.object({ lang: languageParam() }),
      answers: {
        200: {
          description: 'The CV',
          media: 'application/pdf',
          headers: { 'Content-Disposition': 'inline; filename="<owner>-cv.pdf"' },
        },
        400: ok(UNKNOWN_LANGUAGE, errorBody),
        429: ok(
          'This address asked for too many CVs that had to be made afresh (Retry-After)',
          errorBody,
        ),
      },
    },
    async (c, { query }) => {
      const { cvFonts, cvRenderer, work, expensiveLimit } = c.get('deps')
      // Reached only when no kept copy answered (http-cache.ts): a visitor may
      // start only so many renderings a minute, and they wait their turn (work-queue.ts).
      if (c.get('principal').kind === 'anon') expensiveLimit?.take(clientKey(c))
      const { resume, site } = await readAsCaller(c, async (tx) => ({
        resume: await readResume(tx, query.lang),
        site: await readLanguages(tx),
      }))
      // In the language asked, else the default one: its words, and its lines
      // from the right where it is written right to left.
      const lang = query.lang ?? site.default
      const pdf = cvRenderer
        ? await (work ? work.run(() => cvRenderer(resume, lang)) : cvRenderer(resume, lang))
        : await drawCvHere(resume, lang, cvFonts, work, c)
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
    },
  )
  .add(
    {
      method: 'post',
      path: '/resume/import',
      operationId: 'importResume',
      summary:
        'Create what a JSON Resume holds that is not here yet, or only plan it (dryRun=true)',
      tag: 'Resume',
      access: 'admin',
      // Refused before the query and the file are read.
      confirmAdmin: true,
      // The official JSON Resume schema (1.x), ported to zod; checkResume's 400 names the first problem by its path.
      body: resumeSchema,
      checkedByHandler: true,
      bodyLimit: PROJECT_BODY_LIMIT,
      query: z.object({
        dryRun: trueOrFalse('dryRun must be true or false')
          .optional()
          .describe('true: answer the plan and write nothing'),
        lang: languageParam().describe(
          "The file's language when it is one of the site's other languages: its texts become that language's translations of the entries here, matched by dates and organisation, and nothing is created; the default language, or none, imports as usual",
        ),
      }),
      answers: {
        200: ok(
          'What was (or would be) created and skipped. An entry that lacks what our content needs (a work entry without name, position or startDate; education without institution, studyType or startDate; a skill or project without name; a certificate without name or date) is skipped and listed in skipped with why; the rest of the file is imported',
          resumeImportPlan,
        ),
        400: ok(
          "lang is not a language tag or not one of the site's languages ('Unknown language: es'); the file fails the JSON Resume schema, or holds a value our content cannot store (a text too long, a date no calendar has such as 2020-02-30, a certificate before 1970, a project year outside 1990 to this year (+10 for its end), a link that is not an http(s) URL): nothing is written, and message names the first problem by its path, e.g. 'certificates[0].date must be 1970 or later'",
          errorBody,
        ),
      },
    },
    async (c, { body, query }) => {
      // The official schema first (its first problem), then what our content can hold.
      const { resume, problem } = checkResume(body)
      if (problem !== undefined) throw badRequest(problem)
      const { work, images } = c.get('deps')
      const dryRun = query.dryRun === true
      const run = () =>
        asCaller(c, async (tx) => {
          const lang = await shownLanguage(tx, query.lang)
          return lang === null
            ? importResume(tx, resume, dryRun, (url) => images.nameFromUrl(url) !== null)
            : importTranslation(tx, resume, lang, dryRun)
        })
      const plan = await (work ? work.run(run) : run())
      return c.json(plan, 200)
    },
  )

/**
 * The CV drawn on this thread. pdf-lib and the font engine load with the
 * first CV, not with every edge worker, whose start they would slow by about
 * 200 ms (docs/PERFORMANCE.md).
 */
async function drawCvHere(
  resume: Record<string, unknown>,
  lang: string,
  cvFonts: CvFontSource | undefined,
  work: WorkQueue | undefined,
  c: Context,
): Promise<Uint8Array> {
  const [{ cvPdf }, { loadCvFonts }] = await Promise.all([
    import('../../../resume/cv-pdf.ts'),
    import('../../../resume/cv-fonts.ts'),
  ])
  let fonts: Awaited<ReturnType<typeof loadCvFonts>>
  try {
    fonts = await loadCvFonts(cvFonts)
  } catch (error) {
    // The fonts are a module of the code, so this is a broken deploy: the
    // owner's logs name the cause; a visitor is told to come back, not 500.
    logUnexpectedError(error, { method: c.req.method, path: c.req.path })
    throw fontsUnavailable()
  }
  const render = () => cvPdf(resume, fonts, lang)
  return work ? work.run(render) : render()
}

export const fontsUnavailable = () =>
  new HttpError(503, 'The CV is not available right now', undefined, { 'Retry-After': '60' })
