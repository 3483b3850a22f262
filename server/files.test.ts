import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig, resolveJwtSecret } from './config.ts'
import { serveSpa } from './files.ts'

// `npm start` serves dist/ this way; a fake build stands in for `npm run build`.
let root: string
let dist: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'vitrine-files-'))
  dist = path.join(root, 'dist')
  await mkdir(path.join(dist, 'assets'), { recursive: true })
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Vitrine</title>')
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(path.join(root, 'secret.txt'), 'do not serve')
})

afterAll(() => rm(root, { recursive: true, force: true }))

describe('serveSpa()', () => {
  test('serves hashed assets with a year-long immutable cache', async () => {
    const response = await serveSpa(dist, '/assets/index-abc123.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  test('answers index.html, never cached, for client routes', async () => {
    for (const route of ['/', '/admin/projects/edit/3', '/index.html']) {
      const response = await serveSpa(dist, route)
      expect(response.status, route).toBe(200)
      expect(response.headers.get('cache-control'), route).toBe('no-cache')
      expect(await response.text(), route).toContain('<title>Vitrine</title>')
    }
  })

  test('serves other public files with their type', async () => {
    const response = await serveSpa(dist, '/favicon.svg')
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
  })

  test('answers 404 for a missing file and for paths outside dist', async () => {
    expect((await serveSpa(dist, '/assets/missing.js')).status).toBe(404)
    expect((await serveSpa(dist, '/../secret.txt')).status).toBe(404)
    expect((await serveSpa(dist, '/%2e%2e/secret.txt')).status).toBe(404)
    expect((await serveSpa(dist, '/%E0%A4%A')).status).toBe(404)
  })
})

describe('resolveJwtSecret()', () => {
  test('prefers JWT_SECRET and otherwise generates one secret and keeps it', async () => {
    const given = 'x'.repeat(40)
    expect(await resolveJwtSecret(readConfig({ DATA_DIR: root, JWT_SECRET: given }))).toBe(given)
    const config = readConfig({ DATA_DIR: path.join(root, 'data') })
    const first = await resolveJwtSecret(config)
    expect(first.length).toBe(64)
    expect(await resolveJwtSecret(config)).toBe(first)
  })

  test('refuses a JWT_SECRET shorter than 32 bytes', () => {
    expect(() => readConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32 bytes/)
  })
})
