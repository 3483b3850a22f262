import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadStaticSite, type StaticSite } from './static-files.ts'

// A fake build standing in for `npm run build`.
let root: string
let site: StaticSite
const script = `console.log(${JSON.stringify('a fairly repetitive line of code '.repeat(60))})`
const html = `<!doctype html><title>Vitrine</title>${'<p>filler paragraph</p>'.repeat(60)}`

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'vitrine-static-'))
  const dist = path.join(root, 'dist')
  await mkdir(path.join(dist, 'assets'), { recursive: true })
  await mkdir(path.join(dist, '.vite'), { recursive: true })
  await writeFile(path.join(dist, 'index.html'), html)
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), script)
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\n')
  await writeFile(path.join(dist, 'photo.png'), new Uint8Array(2048))
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}')
  await writeFile(path.join(root, 'secret.txt'), 'do not serve')
  site = await loadStaticSite(dist)
})
afterAll(() => rm(root, { recursive: true, force: true }))

const get = (pathname: string, acceptEncoding?: string, ifNoneMatch?: string) =>
  site.serve(pathname, { acceptEncoding, ifNoneMatch })

async function text(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  const encoding = response.headers.get('content-encoding')
  const plain =
    encoding === 'br'
      ? brotliDecompressSync(bytes)
      : encoding === 'gzip'
        ? gunzipSync(bytes)
        : Buffer.from(bytes)
  return plain.toString('utf8')
}

describe('the built SPA from memory', () => {
  test('sends the brotli form, else gzip, else the file itself, each with its own ETag', async () => {
    const tags = new Set<string>()
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=1', 'gzip'],
      [undefined, null],
      ['identity', null],
    ] as const) {
      const response = get('/assets/index-abc123.js', accept)!
      expect(response.headers.get('content-encoding'), accept).toBe(encoding)
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(await text(response)).toBe(script)
      tags.add(response.headers.get('etag')!)
    }
    expect(tags.size).toBe(3)
  })

  test('caches hashed assets for a year and makes browsers revalidate index.html', () => {
    expect(get('/assets/index-abc123.js')!.headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    )
    for (const route of ['/', '/index.html', '/admin/projects/edit/3'])
      expect(get(route, 'br')!.headers.get('cache-control'), route).toBe('no-cache')
  })

  test('answers client routes with index.html, compressed', async () => {
    const response = get('/admin/projects', 'gzip')!
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(await text(response)).toBe(html)
  })

  test('answers 304 to the ETag of the form it would send', () => {
    const tag = get('/', 'br')!.headers.get('etag')!
    const again = get('/', 'br', tag)!
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
    expect(get('/', 'gzip', tag)!.status).toBe(200)
  })

  test('leaves small files and images uncompressed, without Vary', () => {
    for (const file of ['/robots.txt', '/photo.png']) {
      const response = get(file, 'br, gzip')!
      expect(response.headers.get('content-encoding'), file).toBeNull()
      expect(response.headers.get('vary'), file).toBeNull()
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  test('answers null (404) for a missing file, build bookkeeping and paths outside dist', () => {
    for (const pathname of [
      '/assets/missing.js',
      '/.vite/manifest.json',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%E0%A4%A',
    ])
      expect(get(pathname), pathname).toBeNull()
  })
})
