// A restore whose archive goes through storage (docs/PRODUCT.md §14,
// docs/decisions/029-archives-through-storage.md): POST /backup/sign
// authorizes one object of the private bucket "backups", supabase-js's
// uploadToSignedUrl sends the zip there (the local server on Node, the Storage
// stand-in on Deno), and POST /backup/restore reads it by ranges, one image at
// a time, then removes it, restored or not.
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { SupabaseArchiveStore } from '../../supabase/functions/_shared/toolkit/archive-store.ts'
import { MAX_BACKUP_BYTES } from '../../supabase/functions/_shared/toolkit/backup-format.ts'
import { openArchive } from '../../supabase/functions/_shared/toolkit/backup-read.ts'
import {
  bytesSource,
  type ZipSource,
} from '../../supabase/functions/_shared/toolkit/unzip-capped.ts'
import {
  buildPortfolio,
  imagesOnlyContent,
  pngNumbered,
  portfolioView,
  unzip,
  zip,
} from '@test-support/backup-fixtures.ts'
import { startStorageStandIn, type StorageStandIn } from '@test-support/storage-stand-in.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  await buildPortfolio(t, r.admin.token)
})
afterAll(() => t.close())

/** `null` sends no token (a visitor). */
const sign = (body: unknown, token: string | null = r.admin.token) =>
  t.request('POST', '/backup/sign', { token: token ?? undefined, body })
const restoreFrom = (path: string, token = r.admin.token) =>
  t.request('POST', '/backup/restore', { token, body: { path } })
const HOUR = 60 * 60 * 1000
const zipBlob = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: 'application/zip' })

/** Signs, sends `archive` as the back office does, and answers the object's path. */
async function upload(archive: Uint8Array): Promise<string> {
  const signed = await sign({ size: archive.length })
  expect(signed.status).toBe(200)
  const { error } = await t.uploadSigned(signed.body, zipBlob(archive), 'backups')
  expect(error).toBeNull()
  return signed.body.path as string
}

const download = async () => {
  const res = await t.request<Uint8Array>('GET', '/backup?messages=1', {
    token: r.admin.token,
    binary: true,
  })
  expect(res.status).toBe(200)
  return res.body
}

describe('POST /backup/sign', () => {
  test('answers a signed upload of a server-chosen name in the bucket "backups"', async () => {
    const res = await sign({ size: 1234 })
    expect(res.status).toBe(200)
    expect(res.body.path).toMatch(/^[0-9a-f-]{36}\.zip$/)
    expect(res.body).not.toHaveProperty('url')
    const signed = new URL(res.body.signedUrl, 'http://site.test')
    expect(signed.pathname).toBe(`/storage/v1/object/upload/sign/backups/${res.body.path}`)
    expect(signed.searchParams.get('token')).toBe(res.body.token)
    expect(await t.storedArchives()).toEqual([])
  })

  test("refuses more than 50 MB with the restore's own words, and a body without a size", async () => {
    const big = await sign({ size: MAX_BACKUP_BYTES + 1 })
    expect(big.status).toBe(413)
    expect(big.body.message).toBe('A backup may be at most 50 MB')
    expect((await sign({ size: MAX_BACKUP_BYTES })).status).toBe(200)
    expect((await sign({})).status).toBe(400)
  })

  test('is for admins: 401 for visitors, 403 for a read-only account', async () => {
    expect((await sign({ size: 10 }, null)).status).toBe(401)
    expect((await sign({ size: 10 }, r.user.token)).status).toBe(403)
  })
})

describe('the signed upload of an archive', () => {
  test('takes a token for its own object of "backups" only, and once', async () => {
    const archive = zip({ 'content.json': '{}' })
    const { body: first } = await sign({ size: archive.length })
    const { body: second } = await sign({ size: archive.length })
    const swapped = await t.uploadSigned(
      { ...second, token: first.token },
      zipBlob(archive),
      'backups',
    )
    expect((swapped.error as { status?: number } | null)?.status).toBe(400)
    // An image's token does not open the archive bucket.
    const image = await t.request('POST', '/uploads/sign', {
      token: r.admin.token,
      body: { contentType: 'image/png', size: 100 },
    })
    const crossed = await t.uploadSigned(
      { ...first, token: image.body.token },
      zipBlob(archive),
      'backups',
    )
    expect((crossed.error as { status?: number } | null)?.status).toBe(400)
    expect(await t.storedArchives()).toEqual([])
    expect((await t.uploadSigned(first, zipBlob(archive), 'backups')).error).toBeNull()
    const again = await t.uploadSigned(first, zipBlob(archive), 'backups')
    expect((again.error as { status?: number } | null)?.status).toBe(409)
    // Named to the restore, which refuses it and removes it.
    expect((await restoreFrom(first.path)).status).toBe(400)
    expect(await t.storedArchives()).toEqual([])
  })

  test('refuses more than 50 MB and stores nothing', async () => {
    const { body: signed } = await sign({ size: MAX_BACKUP_BYTES })
    const big = new Uint8Array(MAX_BACKUP_BYTES + 1)
    const { error } = await t.uploadSigned(signed, zipBlob(big), 'backups')
    expect((error as { status?: number } | null)?.status).toBe(413)
    expect(await t.storedArchives()).toEqual([])
  })
})

describe('POST /backup/restore', () => {
  test('restores the uploaded archive as POST /backup does, then removes it', async () => {
    const before = await portfolioView(t, r.admin.token)
    const archive = await download()
    const filesBefore = await t.storedCount()
    const [project] = (await t.request('GET', '/projects', { token: r.admin.token })).body
    await t.request('DELETE', `/projects/${project.id}`, { token: r.admin.token })

    const path = await upload(archive)
    expect(await t.storedArchives()).toEqual([path])
    const res = await restoreFrom(path)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
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
    expect(await t.storedCount()).toBe(filesBefore)
    expect(await t.storedArchives()).toEqual([])
    // Used once: the same path again finds nothing.
    const again = await restoreFrom(path)
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('No uploaded backup has this path; upload it again')
  })

  test('a bad archive answers 400 as POST /backup does, changes nothing, and is removed too', async () => {
    const before = await portfolioView(t, r.admin.token)
    const filesBefore = await t.storedCount()
    const files = unzip(await download())
    const content = JSON.parse(new TextDecoder().decode(files['content.json']))
    // The last listed image is no image: the ones stored before it go again.
    const last = content.images.at(-1).file as string
    const cases: [string, Uint8Array, RegExp][] = [
      ['not a zip', new TextEncoder().encode('hello'), /not a zip archive/],
      ['no content.json', zip({ 'readme.txt': 'x' }), /content\.json is missing/],
      ['an image that is not one', zip({ ...files, [last]: 'not an image' }), /is not a JPEG/],
    ]
    for (const [what, archive, message] of cases) {
      const res = await restoreFrom(await upload(archive))
      expect(res.status, what).toBe(400)
      expect(res.body.message, what).toMatch(message)
      expect(await t.storedArchives(), what).toEqual([])
    }
    expect(await portfolioView(t, r.admin.token)).toEqual(before)
    expect(await t.storedCount()).toBe(filesBefore)
  })

  test('is for admins, whose archive a read-only account can neither restore nor remove', async () => {
    const path = await upload(zip({ 'content.json': '{}' }))
    expect((await t.request('POST', '/backup/restore', { body: { path } })).status).toBe(401)
    expect((await restoreFrom(path, r.user.token)).status).toBe(403)
    expect(await t.storedArchives()).toEqual([path])
    expect((await restoreFrom(path)).status).toBe(400)
    expect(await t.storedArchives()).toEqual([])
  })

  test('names only an archive the server named: anything else is a 400', async () => {
    for (const path of ['../uploads/x.png', 'x.zip', '']) {
      const res = await restoreFrom(path)
      expect(res.status, path).toBe(400)
      expect(res.body.errors.path, path).toBe('path must name the uploaded backup')
    }
    expect((await restoreFrom(`${crypto.randomUUID()}.zip`)).status).toBe(404)
  })
})

describe('the sweep', () => {
  test('removes an archive no restore named once it is an hour old, and keeps a fresh one', async () => {
    const abandoned = await upload(zip({ 'content.json': '{}' }))
    const fresh = await upload(zip({ 'content.json': '{}' }))
    await t.ageStoredArchive(abandoned, HOUR + 60_000)
    await t.ageStoredArchive(fresh, HOUR - 5 * 60_000)
    await t.sweep('archives')
    expect(await t.storedArchives()).toEqual([fresh])
    const gone = await restoreFrom(abandoned)
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe('No uploaded backup has this path; upload it again')
    // The fresh one is still there for its restore (which refuses it, and removes it).
    expect((await restoreFrom(fresh)).status).toBe(400)
    expect(await t.storedArchives()).toEqual([])
  })
})

/** A source that records every range asked of it. */
function recording(bytes: Uint8Array) {
  const inner = bytesSource(bytes)
  const ranges: [number, number][] = []
  const source: ZipSource = {
    size: inner.size,
    read: (start, end) => {
      ranges.push([start, end])
      return inner.read(start, end)
    },
    stream: (start, end) => {
      ranges.push([start, end])
      return inner.stream(start, end)
    },
  }
  return { source, ranges }
}

describe('reading an archive by ranges', () => {
  test('opening reads the directory and content.json; each image is read when reached', async () => {
    // Random bytes after the signature: incompressible, as photos are.
    const images = [1, 2, 3].map((n) => {
      const bytes = new Uint8Array(randomBytes(200_000))
      bytes.set(pngNumbered(n))
      return bytes
    })
    const names = images.map((_, i) => `images/${i}.png`)
    const archive = zip({
      'content.json': imagesOnlyContent(names),
      ...Object.fromEntries(images.map((bytes, i) => [names[i]!, bytes])),
    })
    const { source, ranges } = recording(archive)
    const opened = await openArchive(source)
    const read = () => ranges.reduce((sum, [start, end]) => sum + end - start, 0)
    // The directory and content.json: a small part of the archive.
    expect(read()).toBeLessThan(archive.length / 4)
    const seen: number[] = []
    for await (const image of opened.images) {
      expect(image.bytes).toEqual(images[seen.length])
      seen.push(read())
    }
    // Each image was read only when the loop reached it, and no range held two.
    expect(seen[1]! - seen[0]!).toBeGreaterThan(100_000)
    expect(seen[2]! - seen[1]!).toBeGreaterThan(100_000)
    expect(Math.max(...ranges.map(([start, end]) => end - start))).toBeLessThan(300_000)
  })
})

describe('SupabaseArchiveStore (against a stand-in for hosted Supabase Storage)', () => {
  let standIn: StorageStandIn
  let store: SupabaseArchiveStore
  beforeEach(async () => {
    standIn = await startStorageStandIn({ serviceKey: 'service-key' })
    store = new SupabaseArchiveStore({ url: standIn.url, serviceKey: 'service-key' })
  })
  afterEach(() => standIn.close())

  /** An archive in the bucket, created `ageMs` ago; answers its name. */
  const put = (ageMs: number, bytes = new Uint8Array(), name = `${crypto.randomUUID()}.zip`) => {
    standIn.bucket('backups').set(name, {
      bytes: Buffer.from(bytes),
      contentType: 'application/zip',
      createdAt: new Date(Date.now() - ageMs),
    })
    return name
  }
  const deletes = () => standIn.seen.filter((s) => s.method === 'DELETE')

  test('reads by Range with the secret key, removes, and finds nothing under an unknown name', async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 256)
    const name = put(0, bytes)
    const source = (await store.open(name))!
    expect(source.size).toBe(1000)
    expect(await source.read(990, 1000)).toEqual(bytes.subarray(990))
    const pieces: Uint8Array[] = []
    for await (const piece of source.stream(100, 300)) pieces.push(piece)
    expect(Buffer.concat(pieces)).toEqual(Buffer.from(bytes.subarray(100, 300)))
    const gets = standIn.seen.filter((s) => s.method === 'GET')
    expect(gets.map((s) => s.headers.range)).toEqual([
      'bytes=0-0',
      'bytes=990-999',
      'bytes=100-299',
    ])
    for (const s of gets) expect(s.headers.apikey).toBe('service-key')
    // The bucket is private: no public URL reads it.
    const open = await fetch(`${standIn.url}/storage/v1/object/public/backups/${name}`)
    expect(open.status).toBe(400)
    await store.remove(name)
    expect(standIn.bucket('backups').size).toBe(0)
    expect(await store.open(name)).toBeNull()
  })

  test('removes the archives created before a time in one DELETE, and nothing else', async () => {
    const old = [put(2 * HOUR), put(HOUR + 60_000)]
    const fresh = put(60_000)
    // A name the server never chose is not one of its archives, however old.
    put(2 * HOUR, undefined, 'notes.zip')

    expect(await store.removeStoredBefore(new Date(Date.now() - HOUR))).toBe(2)
    expect([...standIn.bucket('backups').keys()].sort()).toEqual([fresh, 'notes.zip'].sort())
    const listed = standIn.seen.filter((s) => s.url === '/storage/v1/object/list/backups')
    expect(listed).toHaveLength(1)
    expect(listed[0]!.headers.apikey).toBe('service-key')
    expect(deletes()).toHaveLength(1)
    expect(deletes()[0]!.url).toBe('/storage/v1/object/backups')
    expect(JSON.parse(deletes()[0]!.body.toString()).prefixes.sort()).toEqual(old.sort())

    // Nothing old: no DELETE at all.
    expect(await store.removeStoredBefore(new Date(Date.now() - HOUR))).toBe(0)
    expect(deletes()).toHaveLength(1)
  })

  test('removes more than Storage takes in one request in requests of 1,000, listed page by page', async () => {
    for (let i = 0; i < 1001; i++) put(2 * HOUR)
    expect(await store.removeStoredBefore(new Date(Date.now() - HOUR))).toBe(1001)
    expect(standIn.bucket('backups').size).toBe(0)
    const lists = standIn.seen.filter((s) => s.url.startsWith('/storage/v1/object/list/'))
    expect(lists).toHaveLength(2)
    expect(deletes()).toHaveLength(2)
  })

  test('a Storage failure while sweeping is a 503, and removes nothing', async () => {
    const name = put(2 * HOUR)
    standIn.failNext()
    await expect(store.removeStoredBefore(new Date())).rejects.toMatchObject({ status: 503 })
    expect([...standIn.bucket('backups').keys()]).toEqual([name])
  })
})
