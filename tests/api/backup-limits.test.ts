// A backup is judged by what it really unpacks to, never by the sizes its zip
// directory states (docs/PRODUCT.md §14, toolkit/unzip-capped.ts): an entry
// that lies is refused with 400 once its real output passes its ceiling, and
// a large archive is inflated in slices with pauses between them, so the
// server keeps answering meanwhile.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  MAX_CONTENT_JSON_BYTES,
  MAX_UNPACKED_BYTES,
} from '../../supabase/functions/_shared/toolkit/backup-format.ts'
import { readArchive } from '../../supabase/functions/_shared/toolkit/backup-read.ts'
import { PAUSE_BYTES } from '../../supabase/functions/_shared/toolkit/unzip-capped.ts'
import { archiveForm, imagesOnlyContent, portfolioView } from '@test-support/backup-fixtures.ts'
import { craftedZip, deflated, deflatedZeros } from '@test-support/crafted-zip.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

const MB = 1024 * 1024
const GiB = 1024 * MB
const refusal = (message: string) => ({
  status: 400,
  message: `This backup cannot be restored: ${message}`,
})

/** content.json listing `files` as the archive's images, deflated, as an entry of craftedZip. */
function listing(files: string[]) {
  const json = new TextEncoder().encode(imagesOnlyContent(files))
  return { name: 'content.json', deflated: deflated(json), statedSize: json.length }
}

/** Reads an archive and counts the bytes the inflater really produced. */
async function produced(archive: Uint8Array) {
  let bytes = 0
  const outcome = await readArchive(archive, { onOutput: (n) => (bytes += n) }).then(
    () => null,
    (error: unknown) => error,
  )
  return { bytes, outcome }
}

describe('entries whose stated size lies', () => {
  test('a 4 GiB content.json stated as 100 bytes (a 4.2 MB archive) stops at its 20 MB ceiling', async () => {
    const archive = craftedZip([
      { name: 'content.json', deflated: deflatedZeros(4 * GiB), statedSize: 100 },
    ])
    expect(archive.length).toBeLessThan(5 * MB)
    const { bytes, outcome } = await produced(archive)
    expect(outcome).toMatchObject(refusal('content.json is too large'))
    // Inflating stops in the step that passes the ceiling: a few hundred kilobytes past it at most.
    expect(bytes).toBeGreaterThan(MAX_CONTENT_JSON_BYTES)
    expect(bytes).toBeLessThan(MAX_CONTENT_JSON_BYTES + MB)
  })

  test('images stated as 100 bytes each, over 5 MB each or 200 MB together, are refused', async () => {
    const one = craftedZip([
      listing(['images/a.png']),
      { name: 'images/a.png', deflated: deflatedZeros(1 * GiB), statedSize: 100 },
    ])
    const single = await produced(one)
    expect(single.outcome).toMatchObject(refusal('images/a.png is larger than 5 MB'))
    expect(single.bytes).toBeLessThan(6 * MB)

    // Each within its own ceiling, 60 images of 4 MB make 240 MB together.
    const image = new Uint8Array(4 * MB)
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const packed = deflated(image)
    const names = Array.from({ length: 60 }, (_, i) => `images/${i}.png`)
    const many = craftedZip([
      listing(names),
      ...names.map((name) => ({ name, deflated: packed, statedSize: 100 })),
    ])
    const together = await produced(many)
    expect(together.outcome).toMatchObject(
      refusal(`it unpacks to more than ${MAX_UNPACKED_BYTES / MB} MB`),
    )
    expect(together.bytes).toBeLessThan(MAX_UNPACKED_BYTES + MB)
  })

  test('an entry that does not inflate is refused as a damaged archive', async () => {
    const broken = craftedZip([
      { name: 'content.json', deflated: new Uint8Array([0xff, 0xff, 0xff]), statedSize: 3 },
    ])
    expect((await produced(broken)).outcome).toMatchObject(refusal('the file is not a zip archive'))
  })
})

describe('a large archive', () => {
  test('is inflated in slices, with other macrotasks running between them', async () => {
    const images = 12
    const image = new Uint8Array(4 * MB)
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const packed = deflated(image)
    const names = Array.from({ length: images }, (_, i) => `images/big-${i}.png`)
    const archive = craftedZip([
      listing(names),
      ...names.map((name) => ({ name, deflated: packed, statedSize: image.length })),
    ])
    // A macrotask that re-arms itself: it can only run while the reader is paused.
    let turns = 0
    let running = true
    const tick = () => {
      if (!running) return
      turns++
      setTimeout(tick, 0)
    }
    setTimeout(tick, 0)
    const read = await readArchive(archive)
    running = false
    expect(read.images).toHaveLength(images)
    expect(read.images[0]!.bytes.length).toBe(4 * MB)
    // A pause at least every two PAUSE_BYTES of output, however fast the machine.
    expect(turns).toBeGreaterThanOrEqual(Math.floor((images * 4 * MB) / (2 * PAUSE_BYTES)))
  })
})

describe('POST /backup', () => {
  let t: TestContext
  let admin: { token: string }
  beforeAll(async () => {
    t = await createTestContext()
    admin = await t.registerAdmin()
  })
  afterAll(() => t.close())

  test('answers 400 to the 4 GiB content.json stated as 100 bytes, and changes nothing', async () => {
    const before = await portfolioView(t, admin.token)
    const archive = craftedZip([
      { name: 'content.json', deflated: deflatedZeros(4 * GiB), statedSize: 100 },
    ])
    const answer = await t.request('POST', '/backup', {
      token: admin.token,
      rawBody: archiveForm(archive),
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('This backup cannot be restored: content.json is too large')
    expect(await portfolioView(t, admin.token)).toEqual(before)
  })
})
