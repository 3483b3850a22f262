// GET and PUT /appearance, GET /appearance/options (docs/PRODUCT.md §27):
// anyone reads the theme, accent, font and sections; an admin changes any of
// them with If-Match; unknown names and malformed colours are refused with a
// field message and write nothing; a change is a content change.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const SECTIONS = [
  'featured',
  'experience',
  'education',
  'certifications',
  'skills',
  'portfolio',
  'writing',
  'opensource',
  'contact',
]
const everyShown = SECTIONS.map((id) => ({ id, visible: true }))
const put = (body: unknown, token: string | undefined = r.admin.token, headers = {}) =>
  t.request('PUT', '/appearance', { token, body, headers })
const current = async () => (await t.request('GET', '/appearance')).body

describe('appearance', () => {
  test("today's look until the owner chooses, for visitors and accounts alike", async () => {
    for (const token of [undefined, r.user.token, r.admin.token]) {
      const res = await t.request('GET', '/appearance', { token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        theme: 'classic',
        accent: '#db2777',
        font: 'system',
        sections: everyShown,
      })
    }
  })

  test('the options name every theme, font and section', async () => {
    const res = await t.request('GET', '/appearance/options')
    expect(res.status).toBe(200)
    expect(res.body.sections).toEqual(SECTIONS)
    expect(res.body.themes.map((theme: { id: string }) => theme.id)).toEqual([
      'classic',
      'minimal',
      'sidebar',
      'grid',
      'editorial',
      'terminal',
    ])
    expect(res.body.fonts.map((font: { id: string }) => font.id)).toContain('system')
    for (const named of [...res.body.themes, ...res.body.fonts]) expect(named.name).toBeTruthy()
  })

  test('visitors get 401 and the read-only role 403; nothing changes', async () => {
    const before = await current()
    expect((await t.request('PUT', '/appearance', { body: { theme: 'grid' } })).status).toBe(401)
    expect((await put({ theme: 'grid' }, r.user.token)).status).toBe(403)
    expect(await current()).toEqual(before)
  })

  test('an admin changes any of it; the rest stays; sections come back whole', async () => {
    const res = await put({
      theme: 'terminal',
      accent: '#FFFF00',
      sections: [
        { id: 'contact', visible: true },
        { id: 'skills', visible: false },
      ],
    })
    expect(res.status).toBe(200)
    const saved = {
      theme: 'terminal',
      accent: '#ffff00',
      font: 'system',
      sections: [
        { id: 'contact', visible: true },
        { id: 'skills', visible: false },
        ...everyShown.filter((s) => !['contact', 'skills'].includes(s.id)),
      ],
    }
    expect(res.body).toEqual(saved)
    expect(await current()).toEqual(saved)
    expect((await put({ font: 'inter' })).body).toEqual({ ...saved, font: 'inter' })
  })

  test('refuses unknown names, a colour not #rrggbb and a section twice, writing nothing', async () => {
    const before = await current()
    const cases: [unknown, Record<string, string>][] = [
      [{ theme: 'neon' }, { theme: 'Unknown theme: neon' }],
      [{ font: 'comic' }, { font: 'Unknown font: comic' }],
      [{ accent: 'red' }, { accent: 'Give a colour as #rrggbb, such as #db2777' }],
      [{ accent: '#fff' }, { accent: 'Give a colour as #rrggbb, such as #db2777' }],
      [
        { sections: [{ id: 'hobbies', visible: true }] },
        { 'sections.0.id': 'Unknown section: hobbies' },
      ],
      [
        {
          sections: [
            { id: 'skills', visible: true },
            { id: 'skills', visible: false },
          ],
        },
        { 'sections.1.id': 'skills is listed twice' },
      ],
      [
        { theme: 'grid', sections: [{ id: 'contact' }] },
        { 'sections.0.visible': 'Say whether the section is shown (true or false)' },
      ],
    ]
    for (const [body, errors] of cases) {
      const res = await put(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors).toEqual(errors)
      expect(res.body.message).toBe(Object.values(errors)[0])
    }
    expect(await current()).toEqual(before)
  })

  test('an outdated If-Match answers 412 and writes nothing; the current one goes ahead', async () => {
    const read = await t.request('GET', '/appearance', { token: r.admin.token })
    const etag = read.headers.get('etag')!
    expect(etag).toBeTruthy()
    const first = await put({ theme: 'grid' }, r.admin.token, { 'if-match': etag })
    expect(first.status).toBe(200)
    expect(first.headers.get('etag')).not.toBe(etag)
    const stale = await put({ theme: 'minimal' }, r.admin.token, { 'if-match': etag })
    expect(stale.status).toBe(412)
    expect((await current()).theme).toBe('grid')
    const fresh = await put({ theme: 'minimal' }, r.admin.token, {
      'if-match': first.headers.get('etag')!,
    })
    expect(fresh.status).toBe(200)
  })

  test('a change is a content change: new version, kept answers replaced, one history entry', async () => {
    const kept = await t.request('GET', '/appearance')
    const etag = kept.headers.get('etag')!
    expect(
      (await t.request('GET', '/appearance', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304)
    const version = async () =>
      (await t.request('GET', '/publish', { token: r.admin.token })).body.contentVersion as number
    const before = await version()
    expect((await put({ theme: 'editorial', accent: '#000080' })).status).toBe(200)
    expect(await version()).toBeGreaterThan(before)
    const after = await t.request('GET', '/appearance', { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.body.theme).toBe('editorial')
    const [entry] = (await t.request('GET', '/activity?limit=1', { token: r.admin.token })).body
    expect(entry).toMatchObject({
      actor: 'admin',
      action: 'update',
      entity: 'appearance',
      entityId: 1,
      summary: "Updated the site's appearance",
    })
    expect([...entry.changedFields].sort()).toEqual(['accent', 'theme'])
  })
})
