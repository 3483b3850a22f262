// The résumé and the CV per language (docs/PRODUCT.md §20, §21, §23):
// ?lang=<tag> answers the texts in that language, each falling back to the
// default language's where the item has none; JSON Resume has no
// translations, so the document says its language in meta.language. Without
// lang the answers are as they were; a lang that is not one of the site's is
// a 400, never a 500. Kept answers are keyed by lang.
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
      ar: { role: 'مهندسة أولى', description: 'تدير منصة المدفوعات.' },
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
