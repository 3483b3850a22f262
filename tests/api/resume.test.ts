// The portfolio as a JSON Resume (docs/PRODUCT.md §20): GET /resume.json
// passes the official schema (@jsonresume/schema, a dev dependency only), and
// POST /resume/import plans, creates, and on a second run skips what exists.
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resumeSample } from '@test-support/resume-sample.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

const require = createRequire(import.meta.url)
const official = require('@jsonresume/schema') as {
  validate: (resume: unknown, done: (errors: unknown, valid: boolean) => void) => void
}
const officialSample = require('@jsonresume/schema/sample.resume.json') as Record<string, unknown>
const validate = (resume: unknown) =>
  new Promise<unknown>((resolve) => official.validate(resume, (errors) => resolve(errors)))

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const importResume = (body: unknown, query = '', token: string | null = r.admin.token) =>
  t.request('POST', `/resume/import${query}`, { token: token ?? undefined, body })
const counts = (
  experiences: number,
  education: number,
  technologies: number,
  certifications: number,
  projects: number,
) => ({ experiences, education, technologies, certifications, projects })
const none = counts(0, 0, 0, 0, 0)

describe('POST /resume/import', () => {
  test('only admins import: a user gets 403, a visitor 401, also for a dry run', async () => {
    expect((await importResume(resumeSample, '?dryRun=true', null)).status).toBe(401)
    expect((await importResume(resumeSample, '?dryRun=true', r.user.token)).status).toBe(403)
    expect((await importResume(resumeSample, '', r.user.token)).status).toBe(403)
  })

  test('a file that fails the schema gets 400 naming the first problem', async () => {
    const bad = await importResume({
      ...resumeSample,
      work: [{ ...resumeSample.work[0], startDate: 'March 2020' }],
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('work[0].startDate must be a date like 2020-01 or 2020-01-15')
    const noName = await importResume({ skills: [{ level: 'Expert' }] })
    expect(noName.body.message).toBe('skills[0].name is required')
    expect((await importResume([1, 2])).body.message).toBe('The résumé must be a JSON object')
    const backwards = await importResume({
      education: [{ institution: 'U', studyType: 'BSc', startDate: '2020-09', endDate: '2019' }],
    })
    expect(backwards.body.message).toBe('education[0].endDate cannot be before its startDate')
    expect((await importResume(resumeSample, '?dryRun=maybe')).status).toBe(400)
  })

  test('the official sample résumé: a dry run plans its counts and writes nothing, the import creates them, a re-import adds nothing', async () => {
    const before = (await t.request('GET', '/technologies')).body.length
    const plan = await importResume(officialSample, '?dryRun=true')
    expect(plan.status, JSON.stringify(plan.body)).toBe(200)
    expect(plan.body).toEqual({ create: counts(1, 1, 2, 0, 1), skip: none })
    expect((await t.request('GET', '/technologies')).body).toHaveLength(before)

    const done = await importResume(officialSample)
    expect(done.status).toBe(200)
    expect(done.body).toEqual(plan.body)
    const again = await importResume(officialSample)
    expect(again.body).toEqual({ create: none, skip: counts(1, 1, 2, 0, 1) })
    const [work] = (await t.request('GET', '/experiences')).body
    expect(work).toMatchObject({
      organization: 'Pied Piper',
      role: 'CEO/President',
      startDate: '2013-12',
      endDate: '2014-12',
    })
  })

  test('a résumé with certificates: creates each kind, links project keywords to technologies, skips repeats', async () => {
    const first = await importResume(resumeSample)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toEqual({ create: counts(2, 1, 3, 2, 1), skip: none })
    const ledger = (await t.request('GET', '/projects', { token: r.admin.token })).body.find(
      (p: { name: string }) => p.name === 'Ledger',
    )
    expect(ledger).toMatchObject({
      startYear: 2022,
      endYear: 2023,
      liveUrl: 'https://ledger.example.com',
    })
    expect(ledger.technologies.map((x: { name: string }) => x.name)).toEqual(['Go', 'PostgreSQL'])
    const certs = (await t.request('GET', '/certifications')).body
    expect(certs.map((c: { obtainedDate: string }) => c.obtainedDate)).toContain('2020-11-01')

    // A skill named in another case, and a repeat inside the file, are skipped.
    const again = await importResume({
      ...resumeSample,
      skills: [...resumeSample.skills, { name: 'GO' }, { name: 'Rust' }, { name: 'rust' }],
    })
    expect(again.body).toEqual({ create: counts(0, 0, 1, 0, 0), skip: counts(2, 1, 5, 2, 1) })
  })
})

describe('GET /resume.json', () => {
  test('answers the portfolio as a JSON Resume that passes the official schema, for visitors and admins', async () => {
    for (const [name, value] of [
      ['ownerName', 'Jordan Avery'],
      ['heroTitle1', 'FULL STACK'],
      ['heroTitle2', 'DEVELOPER'],
      ['email', 'jordan@example.com'],
      ['githubUrl', 'https://github.com/jordan'],
      ['linkedinUrl', 'javascript:alert(1)'],
    ])
      await t.request('POST', '/configs', { token: r.admin.token, body: { name, value } })
    await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Hidden draft', description: 'Secret', isActive: false },
    })
    for (const token of [undefined, r.admin.token]) {
      const res = await t.request('GET', '/resume.json', { token })
      expect(res.status).toBe(200)
      expect(await validate(res.body)).toBeNull()
      expect(res.body.basics).toEqual({
        name: 'Jordan Avery',
        label: 'FULL STACK DEVELOPER',
        email: 'jordan@example.com',
        profiles: [{ network: 'GitHub', username: 'jordan', url: 'https://github.com/jordan' }],
      })
      expect(res.body.work.map((w: { name: string }) => w.name)).toEqual([
        'Northwind',
        'Tailspin',
        'Pied Piper',
      ])
      expect(res.body.work[0]).toMatchObject({ position: 'Senior Engineer', startDate: '2021-03' })
      expect(res.body.work[0].endDate).toBeUndefined()
      expect(res.body.projects.map((p: { name: string }) => p.name)).not.toContain('Hidden draft')
      expect(res.body.certificates).toContainEqual({ name: 'CKA', date: '2022-05-10' })
    }
  })

  test('what it answers imports back as nothing new', async () => {
    const exported = (await t.request('GET', '/resume.json')).body
    const back = await importResume(exported, '?dryRun=true')
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(back.body.create).toEqual(none)
  })
})
