// Image files go only after the change that stopped using them has committed,
// and the sweep takes away what a crash left (docs/decisions/020-files-after-commit.md).
// A commit is made to fail by a deferred constraint trigger this file creates:
// it fires at COMMIT, after the route has done all its work, and refuses the
// commit as a serialization failure would.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { serveUpload } from '../../server/files.ts'
import type { LocalFolderStore } from '../../supabase/functions/_shared/images/local-folder-store.ts'
import { archiveForm } from '@test-support/backup-fixtures.ts'
import {
  createTestContext,
  imageForm,
  inProcess,
  tinyPng,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

const HOUR = 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  await t.sql(`
    create function public.refuse_commit_for_test() returns trigger language plpgsql as $$
    begin
      if (case when tg_op = 'INSERT' then new.name else old.name end) like 'FailCommit%' then
        raise exception 'the test refuses this commit' using errcode = '40001';
      end if;
      return null;
    end $$`)
  for (const table of ['projects', 'technologies', 'certifications'])
    await t.sql(
      `create constraint trigger refuse_commit_for_test after update or delete on public.${table}
         deferrable initially deferred for each row execute function public.refuse_commit_for_test()`,
    )
})
afterAll(() => t.close())

let n = 0
const unique = (prefix: string) => `${prefix}${++n}x${Math.random().toString(36).slice(2, 8)}`

const admin = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: r.admin.token, body })
const uploaded = async (): Promise<string> => {
  const res = await t.request('POST', '/uploads/image', {
    token: r.admin.token,
    rawBody: imageForm(tinyPng),
  })
  expect(res.status).toBe(201)
  return res.body.url
}
const stored = async (url: string) => (await t.storedFile(url)) !== null
/** Served as visitors fetch it: the local server's /uploads, or Storage's public URL. */
const served = async (url: string) => {
  if (!inProcess) return (await fetch(url)).status === 200
  const dir = (t.images as LocalFolderStore).dir
  return (await serveUpload(dir, url.replace(/^\/uploads\//, ''))).status === 200
}

const refused = (res: { status: number; body: { message?: string } }) => {
  expect(res.status).toBe(409)
  expect(res.body.message).toMatch(/try again/)
}

describe('a change whose commit fails removes no file', () => {
  test('a project PATCH that drops its images and a DELETE: every image stays', async () => {
    const [thumbnail, shot, card] = [await uploaded(), await uploaded(), await uploaded()]
    const project = (
      await admin('POST', '/projects', {
        name: unique('FailCommit'),
        description: 'd',
        thumbnail,
        images: [shot],
        imageDetails: [{ url: shot, alt: 'A shot', width: 10, height: 10, cardUrl: card }],
      })
    ).body
    refused(await admin('PATCH', `/projects/${project.id}`, { thumbnail: null, images: [] }))
    refused(await admin('DELETE', `/projects/${project.id}`))
    const now = (await admin('GET', `/projects/${project.id}`)).body
    expect(now.thumbnail).toBe(thumbnail)
    for (const url of [thumbnail, shot, card]) expect(await served(url), url).toBe(true)
  })

  test.each([
    ['technologies', { icon: null }],
    ['certifications', { icon: '☁️' }],
  ])('a PATCH and a DELETE of %s keep the icon', async (resource, change) => {
    const icon = await uploaded()
    const body =
      resource === 'technologies'
        ? { name: unique('FailCommit'), icon }
        : { name: unique('FailCommit'), icon, obtainedDate: '2022-02-02' }
    const created = (await admin('POST', `/${resource}`, body)).body
    refused(await admin('PATCH', `/${resource}/${created.id}`, change))
    refused(await admin('DELETE', `/${resource}/${created.id}`))
    expect(await stored(icon)).toBe(true)
  })

  test('a restore whose commit fails keeps the current images and takes its own copies away', async () => {
    const thumbnail = await uploaded()
    await admin('POST', '/projects', { name: unique('FailCommit'), description: 'd', thumbnail })
    const archive = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(archive.status).toBe(200)
    const before = await t.storedCount()
    // The restore deletes every project, this one too: its commit is refused.
    refused(
      await t.request('POST', '/backup', {
        token: r.admin.token,
        rawBody: archiveForm(archive.body),
      }),
    )
    expect(await stored(thumbnail)).toBe(true)
    expect(await t.storedCount()).toBe(before)
  })
})

// Needs the app in this process, to step in between a commit and the removal that follows it.
test.skipIf(!inProcess)(
  'a file one change freed and another saved again before its removal stays',
  async () => {
    const url = await uploaded()
    const first = (
      await admin('POST', '/projects', { name: unique('P'), description: 'd', thumbnail: url })
    ).body
    const second = (await admin('POST', '/projects', { name: unique('P'), description: 'd' })).body
    const db = t.db!
    const as = db.as
    let other: Awaited<ReturnType<typeof admin>> | undefined
    db.as = async (principal, fn, options) => {
      const result = await as(principal, fn, options)
      // The first transaction (the PATCH below) has committed; its removal is next.
      if (!other) {
        other = { status: 0, body: null, headers: new Headers() }
        other = await admin('PATCH', `/projects/${second.id}`, { thumbnail: url })
      }
      return result
    }
    try {
      expect((await admin('PATCH', `/projects/${first.id}`, { thumbnail: null })).status).toBe(200)
    } finally {
      db.as = as
    }
    expect(other?.status).toBe(200)
    expect((await admin('GET', `/projects/${second.id}`)).body.thumbnail).toBe(url)
    expect(await served(url)).toBe(true)
  },
)

describe('the sweep', () => {
  test('removes a file left by a crash between the commit and its removal once it is an hour old, and nothing else', async () => {
    const [dropped, used, fresh] = [await uploaded(), await uploaded(), await uploaded()]
    const project = (
      await admin('POST', '/projects', {
        name: unique('Sweep'),
        description: 'd',
        thumbnail: dropped,
        images: [used],
      })
    ).body
    t.failNextRemoval()
    expect((await admin('PATCH', `/projects/${project.id}`, { thumbnail: null })).status).toBe(200)
    // The change is saved; the file it freed is still there, used by nothing.
    expect(await stored(dropped)).toBe(true)

    await t.ageStoredFile(dropped, HOUR + 60_000)
    await t.ageStoredFile(used, 2 * HOUR)
    await t.ageStoredFile(fresh, HOUR - 5 * 60_000)
    await t.sweep()
    expect(await stored(dropped)).toBe(false)
    // Content still shows it, however old.
    expect(await stored(used)).toBe(true)
    // Uploaded less than an hour ago and not saved into anything yet: kept.
    expect(await stored(fresh)).toBe(true)
    expect((await admin('GET', `/projects/${project.id}`)).body.images).toEqual([used])
  })
})
