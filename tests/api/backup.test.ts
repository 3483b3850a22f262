// GET and POST /backup (docs/PRODUCT.md §14): admins only; the archive holds
// content.json and the images; a restore checks everything first and then
// replaces all content in one go, or changes nothing.
import { strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_BACKUP_BYTES } from '../../supabase/functions/_shared/toolkit/backup-format.ts'
import {
  archiveForm,
  buildPortfolio,
  portfolioView,
  unzip,
  zip,
} from '@test-support/backup-fixtures.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  await buildPortfolio(t, r.admin.token)
})
afterAll(() => t.close())

const download = async (query = '') => {
  const res = await t.request<Uint8Array>('GET', `/backup${query}`, {
    token: r.admin.token,
    binary: true,
  })
  expect(res.status).toBe(200)
  return { files: unzip(res.body), bytes: res.body, headers: res.headers }
}
const contentOf = (files: Record<string, Uint8Array>) =>
  JSON.parse(strFromU8(files['content.json']!))
const restore = (archive: Uint8Array, token = r.admin.token) =>
  t.request('POST', '/backup', { token, rawBody: archiveForm(archive) })

describe('backup', () => {
  test('only admins take or restore a backup: the user role gets 403, visitors 401', async () => {
    expect((await t.request('GET', '/backup')).status).toBe(401)
    expect((await t.request('GET', '/backup', { token: r.user.token })).status).toBe(403)
    expect((await t.request('POST', '/backup', { rawBody: archiveForm(zip({})) })).status).toBe(401)
    const before = await portfolioView(t, r.admin.token)
    const { bytes } = await download()
    expect((await restore(bytes, r.user.token)).status).toBe(403)
    expect(await portfolioView(t, r.admin.token)).toEqual(before)
  })

  test('downloads a dated zip with content.json and every image the content shows', async () => {
    const { files, headers } = await download()
    expect(headers.get('content-type')).toBe('application/zip')
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="vitrine-backup-\d{4}-\d\d-\d\d\.zip"$/,
    )
    const content = contentOf(files)
    expect(content).toMatchObject({ format: 'vitrine-backup', version: 1 })
    expect(content.technologies.map((x: { name: string }) => x.name)).toEqual([
      'TypeScript',
      'Postgres',
    ])
    expect(content.projects).toHaveLength(2)
    expect(content.projects[0].technologiesIds).toHaveLength(2)
    expect(content.certifications).toHaveLength(2)
    expect(content.configurations).toHaveLength(2)
    expect(content.images).toHaveLength(6)
    for (const image of content.images) expect(files[image.file]).toBeInstanceOf(Uint8Array)
    expect(Object.keys(files).filter((name) => name.startsWith('images/'))).toHaveLength(6)
    // Accounts never leave, and messages only when asked for.
    expect(content.users).toBeUndefined()
    expect(content.messages).toBeUndefined()
    expect(strFromU8(files['content.json']!)).not.toMatch(/password|\$2[aby]\$|admin/i)
  })

  test('includes the contact messages when asked', async () => {
    const content = contentOf((await download('?messages=1')).files)
    expect(content.messages).toEqual([
      expect.objectContaining({ name: 'Grace', message: 'Nice work', isRead: false }),
    ])
  })

  test('a restore replaces all content with the backup, images included, and keeps the accounts', async () => {
    const before = await portfolioView(t, r.admin.token)
    const { bytes } = await download('?messages=1')
    const filesBefore = await t.storedCount()
    // Changes made after the backup, which the restore must undo.
    const [project] = (await t.request('GET', '/projects', { token: r.admin.token })).body
    await t.request('DELETE', `/projects/${project.id}`, { token: r.admin.token })
    await t.request('POST', '/technologies', { token: r.admin.token, body: { name: 'Cobol' } })
    await t.request('POST', '/contact', {
      body: { name: 'Spam', email: 'spam@example.com', message: 'Buy' },
      headers: { 'x-forwarded-for': '192.0.2.45' },
    })

    const res = await restore(bytes)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      technologies: 2,
      projects: 2,
      certifications: 2,
      configurations: 2,
      experiences: 2,
      education: 1,
      posts: 0,
      messages: 1,
      images: 6,
    })
    expect(await portfolioView(t, r.admin.token)).toEqual(before)
    const inbox = await t.request('GET', '/messages', { token: r.admin.token })
    expect(inbox.body.map((m: { name: string }) => m.name)).toEqual(['Grace'])
    const users = await t.request('GET', '/users', { token: r.admin.token })
    expect(users.body).toHaveLength(2)
    // The old files went with the old content: no file is left twice.
    expect(await t.storedCount()).toBe(filesBefore)
  })

  test('an archive from before experience and education restores, and leaves them alone', async () => {
    const { files } = await download()
    const { experiences, education, ...older } = contentOf(files)
    expect(experiences).toHaveLength(2)
    expect(education).toHaveLength(1)
    const before = await portfolioView(t, r.admin.token)
    const res = await restore(zip({ ...files, 'content.json': JSON.stringify(older) }))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ experiences: null, education: null })
    const after = await portfolioView(t, r.admin.token)
    expect(after.education).toEqual(before.education)
    // Their rows stay, linked again to the archive's technologies of the same names.
    const roles = (view: typeof before) =>
      view.experiences.map((e: { role: string; technologies: string[] }) => [
        e.role,
        [...e.technologies].sort(),
      ])
    expect(roles(after)).toEqual([
      ['Engineer', ['Postgres', 'TypeScript']],
      ['Intern', []],
    ])
    expect(roles(after)).toEqual(roles(before))
  })

  test("a restore brings back the site's look; an archive without it keeps the site's", async () => {
    const look = {
      theme: 'grid',
      font: 'mono',
      accent: '#0f766e',
      sections: [
        { id: 'contact', visible: true },
        { id: 'skills', visible: false },
      ],
    }
    const put = (body: object) => t.request('PUT', '/appearance', { token: r.admin.token, body })
    expect((await put(look)).status).toBe(200)
    const saved = (await t.request('GET', '/appearance')).body
    const { files } = await download()
    expect(contentOf(files).appearance).toMatchObject({
      theme: 'grid',
      font: 'mono',
      accent: '#0f766e',
    })
    // Moved to a site with another look: the restore brings the archive's.
    expect(
      (await put({ theme: 'editorial', font: 'serif', accent: '#db2777', sections: [] })).status,
    ).toBe(200)
    const res = await restore(zip(files))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect((await t.request('GET', '/appearance')).body).toEqual(saved)
    // An archive from before the appearance leaves the look as it is.
    expect((await put({ theme: 'editorial' })).status).toBe(200)
    const before = (await t.request('GET', '/appearance')).body
    const { appearance, ...older } = contentOf(files)
    expect(appearance).toBeTruthy()
    const again = await restore(zip({ ...files, 'content.json': JSON.stringify(older) }))
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await t.request('GET', '/appearance')).body).toEqual(before)
    // A look no server offers is refused like any other bad row, naming it.
    const bad = await restore(
      zip({
        ...files,
        'content.json': JSON.stringify({ ...older, appearance: { theme: 'neon' } }),
      }),
    )
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toMatch(/appearance/)
  })

  test('a backup without messages leaves the inbox alone', async () => {
    const { bytes } = await download()
    const before = (await t.request('GET', '/messages', { token: r.admin.token })).body
    const res = await restore(bytes)
    expect(res.status).toBe(200)
    expect(res.body.messages).toBeNull()
    expect((await t.request('GET', '/messages', { token: r.admin.token })).body).toEqual(before)
  })

  test('a bad archive answers 400 with what is wrong and changes nothing', async () => {
    const before = await portfolioView(t, r.admin.token)
    const filesBefore = await t.storedCount()
    const { files } = await download()
    const content = contentOf(files)
    const images = Object.fromEntries(
      Object.entries(files).filter(([name]) => name.startsWith('images/')),
    )
    const firstImage = content.images[0].file as string
    const cases: [string, Uint8Array, RegExp][] = [
      ['not a zip', new TextEncoder().encode('hello'), /not a zip archive/],
      ['no content.json', zip({ 'readme.txt': 'x' }), /content\.json is missing/],
      ['not JSON', zip({ 'content.json': '{' }), /content\.json is not JSON/],
      [
        'a newer format',
        zip({ ...images, 'content.json': JSON.stringify({ ...content, version: 2 }) }),
        /format version is not supported/,
      ],
      [
        'a project without a name',
        zip({
          ...images,
          'content.json': JSON.stringify({
            ...content,
            projects: [...content.projects, { ...content.projects[0], name: '' }],
          }),
        }),
        /projects\.2\.name/,
      ],
      [
        'an unknown technology',
        zip({
          ...images,
          'content.json': JSON.stringify({
            ...content,
            projects: [{ ...content.projects[0], technologiesIds: [999999] }],
          }),
        }),
        /technology 999999, which is not in the backup/,
      ],
      [
        'an image that is not one',
        zip({ ...images, [firstImage]: 'not an image', 'content.json': JSON.stringify(content) }),
        /is not a JPEG, PNG, GIF or WEBP image/,
      ],
      [
        'an image over 5 MB',
        zip({
          ...images,
          [firstImage]: Object.assign(new Uint8Array(5 * 1024 * 1024 + 1), {
            0: 0x89,
            1: 0x50,
            2: 0x4e,
            3: 0x47,
            4: 0x0d,
            5: 0x0a,
            6: 0x1a,
            7: 0x0a,
          }),
          'content.json': JSON.stringify(content),
        }),
        /is larger than 5 MB/,
      ],
      [
        'a listed image that is missing',
        zip({ 'content.json': JSON.stringify(content) }),
        /is listed but not in the archive/,
      ],
    ]
    for (const [what, archive, message] of cases) {
      const res = await restore(archive)
      expect(res.status, what).toBe(400)
      expect(res.body.message, what).toMatch(message)
    }
    expect((await t.request('POST', '/backup', { token: r.admin.token, body: {} })).status).toBe(
      400,
    )
    expect(await portfolioView(t, r.admin.token)).toEqual(before)
    expect(await t.storedCount()).toBe(filesBefore)
  })

  test('an archive over the limit answers 413', async () => {
    const res = await restore(new Uint8Array(MAX_BACKUP_BYTES + 1))
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('A backup may be at most 50 MB')
  })
})
