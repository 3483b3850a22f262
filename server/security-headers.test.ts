import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { staticHostHeaders } from '../build/static-host-headers.ts'
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers.ts'
import { startNpmStart, type StartedServer } from '@test-support/npm-start.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// A build with an inline script of its own: the policy must carry this page's hash.
const themeScript = `\n      document.documentElement.dataset.test = 'theme ${Date.now()}'\n    `
const indexHtml = `<!doctype html><html><head><script>${themeScript}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"></div></body></html>`
const expectedHash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`

/** The CSP as a map of directive -> sources. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  )
}

function expectStrictHeaders(headers: Headers, what: string) {
  const csp = directives(headers.get('content-security-policy'))
  expect(csp.get('script-src'), what).toEqual(["'self'", expectedHash])
  expect(csp.get('default-src'), what).toEqual(["'self'"])
  expect(csp.get('object-src'), what).toEqual(["'none'"])
  expect(csp.get('base-uri'), what).toEqual(["'none'"])
  expect(csp.get('frame-ancestors'), what).toEqual(["'self'"])
  expect(csp.get('connect-src'), what).toEqual(["'self'"])
  expect(headers.get('x-frame-options'), what).toBe('SAMEORIGIN')
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin')
  expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\).*microphone=\(\)/)
  expect(headers.get('x-content-type-options'), what).toBe('nosniff')
}

describe('npm start', () => {
  let server: StartedServer
  let origin: string

  beforeAll(async () => {
    // The real entry point, over a build with an inline script and a script file.
    server = await startNpmStart(
      {},
      { dist: { 'index.html': indexHtml, 'assets/index-abc.js': 'console.log(1)' } },
    )
    origin = server.origin
  }, 120_000)
  afterAll(() => server?.stop())

  test.each([
    ['the page', '/'],
    ['a client route', '/admin/login'],
    ['a script', '/assets/index-abc.js'],
    ['the API', '/functions/v1/api/projects'],
    ['an API error', '/functions/v1/api/projects/999999'],
    ['a missing upload', '/uploads/missing.png'],
  ])('sends the security headers with %s', async (what, pathname) => {
    const response = await fetch(`${origin}${pathname}`)
    await response.arrayBuffer()
    expectStrictHeaders(response.headers, what)
  })

  test('hashes the inline script of the index.html it serves, and allows no other inline script', async () => {
    const page = await fetch(`${origin}/`)
    expect(await page.text()).toContain(themeScript)
    const scriptSources = directives(page.headers.get('content-security-policy')).get('script-src')
    expect(scriptSources).toContain(expectedHash)
    expect(scriptSources).not.toContain("'unsafe-inline'")
    expect(scriptSources).not.toContain("'unsafe-eval'")
  })

  // With an https SITE_URL it does (server/hsts.test.ts).
  test.each(['/', '/functions/v1/api/health', '/functions/v1/api/projects/999999'])(
    'sends no Strict-Transport-Security by default, over http, with %s',
    async (pathname) => {
      const response = await fetch(`${origin}${pathname}`)
      await response.arrayBuffer()
      expect(response.status).toBeLessThan(500)
      expect(response.headers.get('strict-transport-security')).toBeNull()
    },
  )
})

describe('inlineScriptHashes()', () => {
  test('hashes inline scripts exactly as written and skips scripts loaded from a file', () => {
    const html = `<script>a()</script><script type="module" src="/x.js"></script><SCRIPT>\nb()\n</SCRIPT>`
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\nb()\n')])
  })

  test('matches the theme script of the real index.html', async () => {
    const html = await readFile(path.join(root, 'index.html'), 'utf8')
    // One inline script, the theme one; anything else inline would need its own hash.
    const hashes = inlineScriptHashes(html)
    expect(hashes).toHaveLength(1)
    expect(html).toContain('theme-mode')
    expect(contentSecurityPolicy({ scriptHashes: hashes })).toContain(
      `script-src 'self' ${hashes[0]}`,
    )
  })
})

describe('dist/_headers for static hosts', () => {
  test('is written from the built index.html, with the API origin when it lives elsewhere', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'vitrine-headers-file-'))
    try {
      const plugin = staticHostHeaders()
      const hook = <K extends keyof Plugin>(name: K) =>
        plugin[name] as (...args: unknown[]) => unknown
      hook('configResolved')({ env: { VITE_API_URL: 'https://ref.supabase.co/functions/v1/api' } })
      await hook('writeBundle')(
        { dir: out },
        { 'index.html': { type: 'asset', source: indexHtml } },
      )
      const file = await readFile(path.join(out, '_headers'), 'utf8')
      const lines = file.split('\n')
      expect(lines).toContain('/*')
      const header = (name: string) =>
        lines.find((line) => line.startsWith(`  ${name}: `))?.slice(name.length + 4) ?? null
      const csp = directives(header('Content-Security-Policy'))
      expect(csp.get('script-src')).toEqual(["'self'", expectedHash])
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://ref.supabase.co'])
      expect(csp.get('frame-ancestors')).toEqual(["'self'"])
      expect(header('X-Frame-Options')).toBe('SAMEORIGIN')
      expect(header('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
      expect(header('X-Content-Type-Options')).toBe('nosniff')
      expect(header('Permissions-Policy')).toMatch(/camera=\(\)/)
      // Static hosts serve over https: browsers are told to keep to it.
      expect(header('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains')
    } finally {
      await rm(out, { recursive: true, force: true })
    }
  })
})
