// The link checker of portfolio health (docs/PRODUCT.md §13): http(s) only,
// private and local addresses refused unless allowed, 4 at once, a timeout, and
// each URL asked at most once within the cache's hour. It runs in this process
// whatever the target, so it is the same test on each.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createLinkChecker,
  isPrivateAddress,
} from '../../supabase/functions/_shared/toolkit/link-check.ts'
import { startLinkTarget, type LinkTarget } from '@test-support/link-target.ts'

let site: LinkTarget
beforeAll(async () => {
  site = await startLinkTarget()
})
afterAll(() => site.close())

describe('link checks', () => {
  test('refuses loopback, private and link-local addresses, resolving names first', async () => {
    const resolve = async (host: string) =>
      ({
        'intranet.example': ['10.1.2.3'],
        'mixed.example': ['93.184.215.14', '127.0.0.1'],
        'metadata.example': ['169.254.169.254'],
        'v6.example': ['fd00::1'],
      })[host] ?? []
    const links = createLinkChecker({ allowPrivate: false, resolve })
    for (const url of [
      `${site.url}/ok`,
      'http://intranet.example/',
      'http://mixed.example/',
      'http://metadata.example/latest/meta-data',
      'http://v6.example/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(await links.check(url), url).toEqual({
        ok: false,
        problem: 'a private or local address',
      })
    }
    expect(site.hits.get('/ok')).toBeUndefined()
    expect(await links.check('http://nowhere.example/')).toEqual({
      ok: false,
      problem: 'the host name does not resolve',
    })
  })

  test('connects to the address it checked, never to what a second look-up answers', async () => {
    // The name answers a public address to the check and this machine the next
    // time (DNS rebinding); the system's own look-up of localhost says the same.
    const answers = [['203.0.113.7'], ['127.0.0.1']]
    const resolve = async () => answers.shift() ?? ['127.0.0.1']
    const links = createLinkChecker({ allowPrivate: false, resolve, timeoutMs: 500 })
    const port = new URL(site.url).port
    const status = await links.check(`http://localhost:${port}/rebound`)
    expect(status.ok).toBe(false)
    expect(site.hits.get('/rebound')).toBeUndefined()
    expect(answers).toHaveLength(1)
  })

  test("asks the checked address with the link's own host name", async () => {
    const resolve = async (host: string) => (host === 'portfolio.test' ? ['127.0.0.1'] : [])
    const links = createLinkChecker({ allowPrivate: true, resolve })
    const port = new URL(site.url).port
    expect(await links.check(`http://portfolio.test:${port}/ok-pinned`)).toEqual({
      ok: true,
      status: 200,
    })
    expect(site.hosts.get('/ok-pinned')).toBe(`portfolio.test:${port}`)
  })

  test('checks only http(s) links', async () => {
    const links = createLinkChecker({ allowPrivate: true })
    expect((await links.check('ftp://example.com/file')).problem).toBe('not an http(s) link')
    expect((await links.check('file:///etc/passwd')).problem).toBe('not an http(s) link')
    expect((await links.check('not a url')).problem).toBe('not a valid link')
  })

  test('reads answers, follows redirects and falls back to GET when HEAD is refused', async () => {
    const links = createLinkChecker({ allowPrivate: true })
    expect(await links.check(`${site.url}/ok`)).toEqual({ ok: true, status: 200 })
    expect(await links.check(`${site.url}/gone`)).toMatchObject({ ok: false, status: 404 })
    expect(await links.check(`${site.url}/broken`)).toMatchObject({ ok: false, status: 500 })
    expect(await links.check(`${site.url}/moved`)).toMatchObject({ ok: false, status: 404 })
    expect(await links.check(`${site.url}/moved-ok`)).toEqual({ ok: true, status: 200 })
    expect(await links.check(`${site.url}/no-head`)).toEqual({ ok: true, status: 200 })
  })

  test('gives up on a link that does not answer in time', async () => {
    const links = createLinkChecker({ allowPrivate: true, timeoutMs: 300 })
    expect(await links.check(`${site.url}/hang`)).toEqual({
      ok: false,
      problem: 'no answer within 0.3 s',
    })
  })

  test('asks at most 4 links at once and each URL once within the hour', async () => {
    const links = createLinkChecker({ allowPrivate: true })
    const urls = Array.from({ length: 10 }, (_, i) => `${site.url}/slow-${i}`)
    await Promise.all([...urls, ...urls].map((url) => links.check(url)))
    expect(site.mostAtOnce()).toBe(4)
    for (let i = 0; i < 10; i++) expect(site.hits.get(`/slow-${i}`)).toBe(1)
    await links.check(urls[0]!)
    expect(site.hits.get('/slow-0')).toBe(1)
    const fresh = createLinkChecker({ allowPrivate: true, cacheMs: 0 })
    await fresh.check(urls[0]!)
    expect(site.hits.get('/slow-0')).toBe(2)
  })

  test('knows which addresses are private', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::2',
    ])
      expect(isPrivateAddress(address), address).toBe(true)
    for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false)
  })
})
