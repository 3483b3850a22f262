// The résumé and the CV per language (docs/PRODUCT.md §20, §21, §23):
// ?lang=<tag> answers the texts in that language, each falling back to the
// default language's where the item has none; JSON Resume has no
// translations, so the document says its language in meta.language. Without
// lang the answers are as they were; a lang that is not one of the site's is
// a 400, never a 500. Kept answers are keyed by lang.
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

const send = async (method: string, url: string, body: unknown) => {
  const res = await t.request(method, url, { token: r.admin.token, body })
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
  return res
}

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  await send('PUT', '/languages', { default: 'en', languages: ['en', 'fr', 'ar'] })
  await send('POST', '/configs', { name: 'ownerName', value: 'Léa Martin' })
  await send('POST', '/configs', {
    name: 'heroTitle1',
    value: 'Backend engineer',
    translations: { fr: { value: 'Ingénieure backend' }, ar: { value: 'مهندسة خلفيات' } },
  })
  await send('POST', '/configs', { name: 'heroDescription', value: 'I build payment systems.' })
  await send('POST', '/experiences', {
    organization: 'Northwind',
    role: 'Senior engineer',
    location: 'Lisbon',
    startDate: '2021-03',
    description: 'Runs the payments platform.',
    translations: {
      fr: { role: 'Ingénieure principale', description: 'Dirige la plateforme de paiement.' },
      ar: {
        role: 'مهندسة أولى',
        description: 'تدير منصة المدفوعات (الدفع الفوري) منذ 2021 مع فريق Kubernetes.',
      },
    },
  })
  await send('POST', '/education', {
    institution: 'University of Porto',
    qualification: 'MSc',
    field: 'Computer Science',
    startDate: '2015-09',
    endDate: '2017-07',
    translations: { fr: { field: 'Informatique' } },
  })
  await send('POST', '/projects', {
    name: 'Ledger',
    description: 'A double-entry ledger service.',
    startYear: 2022,
    translations: { fr: { name: 'Grand livre' } },
  })
  await send('POST', '/certifications', {
    name: 'Kubernetes Administrator',
    icon: '☁️',
    obtainedDate: '2022-05-10',
    translations: { fr: { name: 'Administratrice Kubernetes' } },
  })
})
afterAll(() => t.close())

type Resume = {
  basics: { name?: string; label?: string; summary?: string }
  work: { position: string; summary?: string; location?: string }[]
  education: { area?: string; studyType?: string }[]
  projects: { name: string; description?: string }[]
  certificates: { name: string }[]
  meta?: { language: string }
}
const resume = (query = '') => t.request<Resume>('GET', `/resume.json${query}`)

describe('GET /resume.json?lang=', () => {
  test('in French: the French texts, the default language where there is none, and meta.language', async () => {
    const res = await resume('?lang=fr')
    expect(res.status).toBe(200)
    const fr = res.body
    expect(fr.meta).toEqual({ language: 'fr' })
    expect(fr.basics).toMatchObject({
      name: 'Léa Martin',
      label: 'Ingénieure backend',
      summary: 'I build payment systems.',
    })
    expect(fr.work[0]).toMatchObject({
      position: 'Ingénieure principale',
      summary: 'Dirige la plateforme de paiement.',
      location: 'Lisbon',
    })
    expect(fr.education[0]).toMatchObject({ studyType: 'MSc', area: 'Informatique' })
    expect(fr.projects[0]).toMatchObject({
      name: 'Grand livre',
      description: 'A double-entry ledger service.',
    })
    expect(fr.certificates[0]!.name).toBe('Administratrice Kubernetes')
  })

  test('without lang the answer is as before, with no meta; the default language by name has meta alone', async () => {
    const plain = await resume()
    expect(plain.body.meta).toBeUndefined()
    expect(plain.body.work[0]!.position).toBe('Senior engineer')
    expect(plain.body.basics.label).toBe('Backend engineer')
    const en = await resume('?lang=en')
    const { meta, ...rest } = en.body
    expect(meta).toEqual({ language: 'en' })
    expect(rest).toEqual(plain.body)
  })

  test("a tag in another case reads as the site's; one not of the site's or not a tag is a 400", async () => {
    expect((await resume('?lang=FR')).body.meta).toEqual({ language: 'fr' })
    const unknown = await resume('?lang=de')
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ message: 'Unknown language: de' })
    const bad = await resume('?lang=french!')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ message: 'Not a language tag: french!' })
    for (const path of ['/cv.pdf?lang=de', '/cv.pdf?lang=%00', '/resume.json?lang=']) {
      const res = await t.request('GET', path, { binary: true })
      expect(res.status, path).toBe(400)
    }
  })

  test('kept per language: each language is its own kept answer, and a write shows in every one', async () => {
    const fr = await resume('?lang=fr')
    const ar = await resume('?lang=ar')
    expect(ar.body.work[0]!.position).toBe('مهندسة أولى')
    expect(ar.body.projects[0]!.name).toBe('Ledger')
    const etag = fr.headers.get('etag')!
    const again = await t.request('GET', '/resume.json?lang=fr', {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    // Another parameter is still ignored: the same kept French answer.
    expect((await resume('?lang=fr&utm_source=x')).body).toEqual(fr.body)

    await send('POST', '/experiences', {
      organization: 'Contoso',
      role: 'Staff engineer',
      startDate: '2024-01',
      translations: { fr: { role: 'Ingénieure staff' } },
    })
    expect((await resume('?lang=fr')).body.work[0]!.position).toBe('Ingénieure staff')
    expect((await resume('?lang=ar')).body.work[0]!.position).toBe('Staff engineer')
    expect((await resume()).body.work[0]!.position).toBe('Staff engineer')
  })
})

/** poppler's pdftotext, where it is installed (.ci/run installs poppler-utils). */
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined

/** The PDF's text as pdftotext reads it, without the direction marks it adds, words joined by single spaces. */
function pdfText(pdf: Uint8Array, ...options: string[]): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', ...options, '-', '-'], { input: pdf })
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`)
  return run.stdout
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
}
/** Where the first line (the owner's name) starts and ends, from its words' boxes as pdftotext finds them. */
function firstLine(pdf: Uint8Array) {
  const boxes = [
    ...pdfText(pdf, '-bbox').matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"/g),
  ].map(([, xMin, yMin, xMax]) => ({ xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax) }))
  const top = Math.min(...boxes.map((box) => box.yMin))
  const line = boxes.filter((box) => box.yMin === top)
  return { left: Math.min(...line.map((b) => b.xMin)), right: Math.max(...line.map((b) => b.xMax)) }
}
const cv = (query: string) => t.request<Uint8Array>('GET', `/cv.pdf${query}`, { binary: true })

describe.skipIf(!hasPdftotext)('GET /cv.pdf?lang=', () => {
  test('in French the CV reads back in French, falling back to English where untranslated', async () => {
    const res = await cv('?lang=fr')
    expect(res.status).toBe(200)
    const text = pdfText(res.body)
    for (const expected of [
      'Léa Martin',
      'Ingénieure backend',
      'Ingénieure principale, Northwind',
      'Dirige la plateforme de paiement.',
      'MSc, Informatique, University of Porto',
      'Grand livre',
      'Administratrice Kubernetes',
      'I build payment systems.',
    ])
      expect(text).toContain(expected)
    expect(text).not.toContain('Senior engineer')
  })

  test('in Arabic the CV is shaped, reads back in order with its brackets, and starts on the right', async () => {
    // The owner translated the rest too: a CV mostly in Arabic, as pdftotext
    // (like any reader) puts a page's mixed lines in the order of its main direction.
    const translate = async (path: string, texts: (item: { name?: string }) => object) => {
      const items = await t.request<{ id: number; name?: string }[]>('GET', path, {
        token: r.admin.token,
      })
      for (const item of items.body)
        await send('PATCH', `${path}/${item.id}`, { translations: { ar: texts(item) } })
    }
    await translate('/experiences', () => ({
      role: 'مهندسة رئيسية',
      description: 'تدير منصة المدفوعات (الدفع الفوري) منذ 2021 مع فريق Kubernetes.',
    }))
    await translate('/education', () => ({ qualification: 'ماجستير', field: 'علوم الحاسوب' }))
    await translate('/projects', () => ({ name: 'دفتر الأستاذ', description: 'خدمة محاسبة.' }))
    await translate('/certifications', () => ({ name: 'مديرة Kubernetes' }))
    const summary = await t.request<{ id: number }>('GET', '/configs/name/heroDescription', {
      token: r.admin.token,
    })
    await send('PATCH', `/configs/${summary.body.id}`, {
      translations: { ar: { value: 'أبني أنظمة الدفع «بسرعة» منذ عام ٢٠١٥.' } },
    })

    const res = await cv('?lang=ar')
    expect(res.status).toBe(200)
    const text = pdfText(res.body)
    // Arabic reads back in its order, shaped letters as the letters they are,
    // brackets and quotes the way they were written. Where a line mixes
    // directions, pdftotext orders its words by guesswork of its own, so the
    // Latin names are looked for alone.
    for (const expected of [
      'مهندسة خلفيات',
      'أبني أنظمة الدفع «بسرعة» منذ عام',
      'الخبرة',
      'مهندسة رئيسية',
      'تدير منصة المدفوعات (الدفع الفوري) منذ',
      'مع فريق',
      'حتى الآن',
      'التعليم',
      'ماجستير',
      'علوم الحاسوب',
      'المشاريع',
      'دفتر الأستاذ',
      'خدمة محاسبة.',
      'مديرة',
      'Northwind',
      'Kubernetes',
      'University of Porto',
      'Léa Martin',
    ])
      expect(text).toContain(expected)
    // Lines start at the right margin (A4 is 595.28 points wide, 50 each side);
    // in English, at the left one.
    const arabic = firstLine(res.body)
    expect(arabic.right).toBeCloseTo(545.28, 0)
    expect(arabic.left).toBeGreaterThan(300)
    const english = firstLine((await cv('')).body)
    expect(english.left).toBeCloseTo(50, 0)
    expect(english.right).toBeLessThan(300)
  })
})

describe('POST /resume/import?lang= imports a file as a translation', () => {
  const german = {
    work: [
      { name: 'Northwind', position: 'Leitende Ingenieurin', startDate: '2021-03-01' },
      { name: 'Acme', position: 'Praktikantin', startDate: '2012-01' },
    ],
    education: [
      {
        institution: 'University of Porto',
        studyType: 'MSc',
        area: 'Informatik',
        startDate: '2015-09',
      },
    ],
    certificates: [{ name: 'Kubernetes-Administratorin', date: '2022-05-10' }],
    projects: [{ name: 'LEDGER', description: 'Ein Dienst für doppelte Buchführung.' }],
    skills: [{ name: 'Go' }],
  }
  const northwind = (doc: Resume) =>
    doc.work.find((w) => (w as { name?: string }).name === 'Northwind')!
  const importAs = (query: string, body: unknown = german) =>
    t.request<{
      create: Record<string, number>
      skip: Record<string, number>
      skipped: { kind: string; path: string; message: string }[]
    }>('POST', `/resume/import${query}`, { token: r.admin.token, body })
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        ['experiences', 'education', 'certifications', 'projects', 'technologies'].map(
          async (kind) => [
            kind,
            (await t.request<unknown[]>('GET', `/${kind}`, { token: r.admin.token })).body.length,
          ],
        ),
      ),
    )

  test('a language the site lacks is a 400; a dry run plans the matches and writes nothing', async () => {
    const unknown = await importAs('?dryRun=true&lang=de')
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ message: 'Unknown language: de' })

    await send('PUT', '/languages', { default: 'en', languages: ['en', 'fr', 'ar', 'de'] })
    const before = await counts()
    const plan = await importAs('?dryRun=true&lang=de')
    expect(plan.status).toBe(200)
    expect(plan.body.create).toEqual({
      experiences: 1,
      education: 1,
      technologies: 0,
      certifications: 1,
      projects: 1,
    })
    expect(plan.body.skip).toMatchObject({ experiences: 1, technologies: 1 })
    expect(plan.body.skipped).toEqual([
      {
        kind: 'experiences',
        path: 'work[1]',
        message: 'work[1] matches nothing here by its organization and start month',
      },
    ])
    expect(northwind((await resume('?lang=de')).body).position).toBe('Senior engineer')
    expect(await counts()).toEqual(before)
  })

  test('the import writes the German texts of the matched entries and creates nothing', async () => {
    const before = await counts()
    const done = await importAs('?lang=de')
    expect(done.status).toBe(200)
    expect(done.body.create.projects).toBe(1)
    expect(await counts()).toEqual(before)

    const inGerman = (await resume('?lang=de')).body
    expect(inGerman.meta).toEqual({ language: 'de' })
    expect(northwind(inGerman)).toMatchObject({ position: 'Leitende Ingenieurin' })
    // The file has no summary: the default language's description shows through.
    expect(northwind(inGerman).summary).toBe('Runs the payments platform.')
    expect(inGerman.education).toContainEqual(expect.objectContaining({ area: 'Informatik' }))
    expect(inGerman.certificates.map((c) => c.name)).toContain('Kubernetes-Administratorin')
    expect(inGerman.projects).toContainEqual(
      expect.objectContaining({
        name: 'LEDGER',
        description: 'Ein Dienst für doppelte Buchführung.',
      }),
    )
    // The other languages' texts are as they were.
    expect(northwind((await resume('?lang=fr')).body).position).toBe('Ingénieure principale')
    expect(northwind((await resume('')).body).position).toBe('Senior engineer')
  })

  test('an ambiguous match is left out with why; the default language imports as usual', async () => {
    await send('POST', '/experiences', {
      organization: 'Northwind',
      role: 'Platform engineer',
      startDate: '2021-03',
    })
    const plan = await importAs('?dryRun=true&lang=de')
    expect(plan.body.skipped[0]).toEqual({
      kind: 'experiences',
      path: 'work[0]',
      message: 'work[0] matches 2 entries here by its organization and start month',
    })
    const ordinary = await importAs('?dryRun=true&lang=en')
    expect(ordinary.status).toBe(200)
    // As a new file in English: Acme and the German role are new experiences, Go a new technology.
    expect(ordinary.body.create).toMatchObject({ experiences: 2, technologies: 1 })
  })
})
