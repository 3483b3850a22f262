// The hosted Supabase Storage cannot run here, so tests/support/storage-stand-in.ts
// stands in for its REST API (docs/ARCHITECTURE.md ("How the code reads"): mocks only where a real part
// cannot run, and say so). It records what the store sends.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SupabaseStorageStore } from '../../supabase/functions/_shared/images/supabase-storage-store.ts'
import { startStorageStandIn, type StorageStandIn } from '@test-support/storage-stand-in.ts'
import { tinyPng } from '@test-support/api-harness.ts'

let standIn: StorageStandIn
let base = ''

beforeAll(async () => {
  standIn = await startStorageStandIn({ serviceKey: 'service-key' })
  base = standIn.url
})
afterAll(() => standIn.close())

describe('SupabaseStorageStore (against a stand-in for hosted Supabase Storage)', () => {
  test('uploads with the service key and the detected type, and answers the public URL', async () => {
    const store = new SupabaseStorageStore({ url: `${base}/`, serviceKey: 'service-key' })
    const { url } = await store.save(
      '0b5c1b1e-1111-4222-8333-944445555666.png',
      tinyPng,
      'image/png',
    )
    expect(url).toBe(
      `${base}/storage/v1/object/public/images/0b5c1b1e-1111-4222-8333-944445555666.png`,
    )
    const request = standIn.seen.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.headers['content-type']).toBe('image/png')
    expect(request.headers.apikey).toBe('service-key')
    expect(request.headers.authorization).toBe('Bearer service-key')
    expect(
      new Uint8Array(standIn.objects.get('0b5c1b1e-1111-4222-8333-944445555666.png')!.bytes),
    ).toEqual(tinyPng)
  })

  test('removes only objects behind its own public URLs', async () => {
    const store = new SupabaseStorageStore({ url: base, serviceKey: 'service-key' })
    const { url } = await store.save('abc.png', tinyPng, 'image/png')
    expect(store.nameFromUrl(url)).toBe('abc.png')
    expect(await store.remove(url)).toBe(true)
    expect(standIn.objects.has('abc.png')).toBe(false)
    expect(JSON.parse(standIn.seen.at(-1)!.body.toString())).toEqual({ prefixes: ['abc.png'] })

    const count = standIn.seen.length
    expect(
      await store.remove('https://evil.example.com/storage/v1/object/public/images/abc.png'),
    ).toBe(false)
    expect(await store.remove(`${base}/storage/v1/object/public/images/../secrets.png`)).toBe(false)
    expect(standIn.seen.length).toBe(count)
  })

  test('calls Storage at its own URL but answers URLs on the public one', async () => {
    // Under `supabase start` the function reaches the gateway as http://kong:8000,
    // which no browser can; the stand-in plays the internal address here.
    const store = new SupabaseStorageStore({
      url: base,
      publicUrl: 'http://127.0.0.1:54321/',
      serviceKey: 'service-key',
    })
    const { url } = await store.save('pub.png', tinyPng, 'image/png')
    expect(url).toBe('http://127.0.0.1:54321/storage/v1/object/public/images/pub.png')
    expect(standIn.seen.at(-1)!.url).toBe('/storage/v1/object/images/pub.png')
    expect(standIn.objects.has('pub.png')).toBe(true)

    expect(store.nameFromUrl(url)).toBe('pub.png')
    // Stored before the public URL was set: still recognized, so it can be removed.
    expect(store.nameFromUrl(`${base}/storage/v1/object/public/images/pub.png`)).toBe('pub.png')
    expect(store.nameFromUrl('http://127.0.0.1:9/storage/v1/object/public/images/pub.png')).toBe(
      null,
    )
    expect(await store.remove(url)).toBe(true)
    expect(standIn.objects.has('pub.png')).toBe(false)
  })

  test('reports an unavailable storage as 503 instead of claiming success', async () => {
    const store = new SupabaseStorageStore({ url: base, serviceKey: 'service-key' })
    standIn.failNext()
    await expect(store.save('def.png', tinyPng, 'image/png')).rejects.toMatchObject({ status: 503 })
    const wrongKey = new SupabaseStorageStore({ url: base, serviceKey: 'wrong' })
    await expect(wrongKey.save('ghi.png', tinyPng, 'image/png')).rejects.toMatchObject({
      status: 503,
    })
  })
})
