import { runInNewContext } from 'node:vm'
import type { ResolvedConfig } from 'vite'
import { expect, test } from 'vitest'
import { FIRST_READS } from '../src/features/home/api/first-reads.ts'
import { apiBase, preloadScript, publicReadsPreload } from './public-reads-preload.ts'
import { inlineScriptHashes } from './security-headers.ts'

/** Runs the inline script as a browser would at `pathname`; answers what it asked for. */
function runScript(script: string, pathname: string) {
  const fetched: { url: string; accept: string }[] = []
  const window: Record<string, unknown> = {}
  Object.assign(window, {
    window,
    location: { pathname },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      fetched.push({ url, accept: init.headers.Accept ?? '' })
      return Promise.resolve(`answer of ${url}`)
    },
  })
  runInNewContext(script, window)
  return { fetched, reads: window.__vitrinePublicReads as Record<string, unknown> }
}

test('on / the script starts the four public reads and keeps each promise under its path', () => {
  const { fetched, reads } = runScript(
    preloadScript('https://ref.supabase.co/functions/v1/api'),
    '/',
  )
  expect(fetched).toEqual(
    FIRST_READS.map((path) => ({
      url: `https://ref.supabase.co/functions/v1/api${path}`,
      accept: 'application/json',
    })),
  )
  expect(Object.keys(reads)).toEqual([...FIRST_READS])
})

test('on any other page it asks for nothing', () => {
  for (const pathname of ['/admin/login', '/admin/projects', '/no-such-page']) {
    const { fetched, reads } = runScript(preloadScript('/functions/v1/api'), pathname)
    expect(fetched, pathname).toEqual([])
    expect(reads, pathname).toBeUndefined()
  }
})

test('the API base is the one the app uses, and cannot close the script element', () => {
  expect(apiBase(undefined)).toBe('/functions/v1/api')
  expect(apiBase(' https://ref.supabase.co/functions/v1/api/ ')).toBe(
    'https://ref.supabase.co/functions/v1/api',
  )
  expect(preloadScript('/x</script><script>alert(1)//')).not.toContain('</script>')
})

test("the build's index.html gets the script before its stylesheet and its module script", () => {
  const plugin = publicReadsPreload()
  ;(plugin.configResolved as (config: ResolvedConfig) => void)({
    env: { VITE_API_URL: '/functions/v1/api' },
    base: '/',
  } as unknown as ResolvedConfig)
  const built = `<!doctype html><html><head><meta charset="UTF-8" />
    <script>theme()</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head><body></body></html>`
  const transform = plugin.transformIndexHtml as { handler: (html: string) => string }
  const html = transform.handler(built)
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
  expect(scripts).toHaveLength(2)
  expect(html.indexOf('__vitrinePublicReads')).toBeLessThan(html.indexOf('type="module"'))
  expect(html.indexOf('__vitrinePublicReads')).toBeLessThan(html.indexOf('rel="stylesheet"'))
  expect(runScript(scripts[1]!, '/').fetched).toHaveLength(FIRST_READS.length)
  // The Content-Security-Policy allows inline scripts by the hashes it takes from the page: both.
  expect(inlineScriptHashes(html)).toHaveLength(2)
})
