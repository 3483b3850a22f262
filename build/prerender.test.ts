import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { build } from 'vite'
import {
  projectPath,
  publicPageEntries,
  SHELL_FILE,
} from '../supabase/functions/_shared/contract/public-routes.ts'
import { checkAtom, checkRss } from '@test-support/feed-check.ts'
import { migratedPgliteFolder } from '@test-support/migrated-folder.ts'
import { TEST_PGLITE_SETTINGS } from '@test-support/pglite-settings.ts'
import { readConfig } from '../server/config.ts'
import { createStack, type Stack } from '../server/create-stack.ts'
import { closeServer, createHttpServer, createNodeHandler, listen } from '../server/http.ts'

// The static site for a files-only host (docs/decisions/023): `npm run build`
// with an absolute VITE_API_URL and SITE_URL renders the pages from that API,
// here a real stack (PGlite, demo content) listening on a local port. The
// stack has a deploy hook (docs/decisions/024), played by a local server that
// builds the site again when called, as Netlify or Cloudflare Pages would.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
let stack: Stack
let server: ReturnType<typeof createHttpServer>
let hook: Server
let folder: string
let outDir: string
let apiUrl: string
/** Builds the hook started, each settling when its build has ended. */
const rebuilds: Promise<void>[] = []
const SITE = 'https://jordan.example'

async function buildSite(): Promise<void> {
  const saved = { api: process.env.VITE_API_URL, site: process.env.SITE_URL }
  process.env.VITE_API_URL = apiUrl
  process.env.SITE_URL = SITE
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    })
  } finally {
    for (const [name, value] of [
      ['VITE_API_URL', saved.api],
      ['SITE_URL', saved.site],
    ] as const)
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
  }
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'vitrine-prerender-'))
  outDir = path.join(folder, 'dist')
  // A host answers its hook at once and builds afterwards.
  hook = createServer((req, res) => {
    req.resume()
    res.end('{}')
    rebuilds.push(buildSite())
  })
  const hookAddress = await listen(hook, 0, '127.0.0.1')
  // A copy of a migrated data folder (migrated-folder.ts), seeded at start.
  const dataDir = path.join(folder, 'data')
  await cp(await migratedPgliteFolder(), path.join(dataDir, 'pglite'), { recursive: true })
  stack = await createStack(
    readConfig({
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'on',
      DEPLOY_HOOK_URL: `http://127.0.0.1:${hookAddress.port}/build-hook`,
      DEPLOY_HOOK_QUIET_SECONDS: '0.3',
    }),
    { pgliteSettings: TEST_PGLITE_SETTINGS },
  )
  server = createHttpServer(createNodeHandler(stack.app.fetch))
  const { port } = await listen(server, 0)
  apiUrl = `http://127.0.0.1:${port}/functions/v1/api`
  // A merged pull request for the Open source section (docs/github.md).
  await stack.db.driver.query(
    `insert into public.contributions (repository, number, url, title, merged_at)
     values ('vitejs/vite', 7, 'https://github.com/vitejs/vite/pull/7', 'docs: typo', '2024-05-02T08:30:00Z')`,
  )
  await buildSite()
}, 180_000)

afterAll(async () => {
  await Promise.allSettled(rebuilds)
  if (hook) await closeServer(hook)
  if (server) await closeServer(server)
  await stack?.close()
  await rm(folder, { recursive: true, force: true })
})

const read = (file: string) => readFile(path.join(outDir, file), 'utf8')

test('writes the home page, every active project, the not-found page, the sitemap and robots.txt', async () => {
  const projects = (await (await stack.app.request('/functions/v1/api/projects')).json()) as {
    id: number
    name: string
  }[]
  expect(projects.length).toBeGreaterThan(0)

  const home = await read('index.html')
  expect(home).toContain(`<link rel="canonical" href="${SITE}/" />`)
  expect(home).toContain('id="vitrine-state"')
  // The profile's links, drawn by the server alone, with rel="me" in the hero
  // and the contact section (the demo's GitHub link; docs/decisions/071).
  for (const part of ['hero-profile', 'contact-links'])
    expect(home).toMatch(
      new RegExp(
        `<div id="${part}">[\\s\\S]*?<a href="https://github\\.com/example" rel="me noopener noreferrer"`,
      ),
    )
  for (const project of projects) expect(home).toContain(`>${project.name}<`)
  // The Open source section, drawn by the server alone, in the static page too.
  expect(home).toMatch(
    /<div id="open-source"><section id="opensource"[\s\S]*?<a href="https:\/\/github\.com\/vitejs\/vite\/pull\/7"[^>]*>docs: typo<\/a>/,
  )
  // Each skill with work behind it opens it on a static host too (docs/decisions/060).
  const technologies = (await (
    await stack.app.request('/functions/v1/api/technologies?projects=false')
  ).json()) as { id: number; evidence: { projects: { id: number; name: string }[] } }[]
  const backed = technologies.filter((x) => x.evidence.projects.length > 0)
  expect(backed.length).toBeGreaterThan(0)
  for (const { id, evidence } of backed) {
    expect(home).toMatch(new RegExp(`popovertarget="skill-${id}"`, 'i'))
    const popover = home.slice(home.indexOf(`id="skill-${id}" popover="auto"`))
    const first = evidence.projects[0]!
    expect(popover).toContain(`href="${projectPath(first.id, first.name)}"`)
  }

  const [first] = projects
  const slug = (await read('sitemap.xml')).match(
    new RegExp(`${SITE}/projects/(${first!.id}-[^<]*)<`),
  )![1]
  const page = await read(`projects/${slug}/index.html`)
  expect(page).toContain(`<title>${first!.name.replace(/&/g, '&amp;')} | Projects</title>`)
  expect(page).toContain(`<link rel="canonical" href="${SITE}/projects/${slug}" />`)

  const missing = await read('404.html')
  expect(missing).toContain('Page Not Found')
  expect(missing).toContain('<meta name="robots" content="noindex" />')
  // A site in one language has one not-found page, and no rule for it: hosts serve 404.html.
  expect(await read('_redirects')).not.toMatch(/ 404$/m)
  // Served for any unknown path, so nothing in it to hydrate from.
  expect(missing).toContain('<script type="application/json" id="vitrine-state"></script>')

  expect(await read('robots.txt')).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  expect(await read('_redirects')).toContain('/admin/* /app.html 200')
  // Assistants read llms.txt and each page's Markdown beside the pages (docs/PRODUCT.md §25).
  expect(await read('llms.txt')).toMatch(/^# .+\n/)
  expect(await read('index.md')).toMatch(/^# .+\n/)
  expect(await read('llms-full.txt')).toContain('## ')
  expect(home).toContain(`<link rel="alternate" type="text/markdown" href="${SITE}/index.md" />`)
  // The feeds of the published posts, for hosts that serve files (docs/PRODUCT.md §26).
  expect(checkAtom(await read('feed.xml')).self).toBe(`${SITE}/feed.xml`)
  expect(checkRss(await read('rss.xml')).self).toBe(`${SITE}/rss.xml`)
  expect(home).toContain(`type="application/atom+xml" title=`)
  // Assistants find the MCP endpoint at the site's root; the host proxies it to the API.
  expect(await read('_redirects')).toMatch(/^\/mcp https?:\/\/\S+\/mcp 200$/m)
  // The back office's page is the app itself, without anybody's content.
  expect(await read('app.html')).not.toContain('id="vitrine-state"')
  // The CV is a page of its own: the owner's name in its title, its entries in the markup.
  const cv = await read('cv/index.html')
  expect(cv).toContain('<title>Jordan Avery – CV</title>')
  expect(cv).toContain(`<link rel="canonical" href="${SITE}/cv"`)
  expect(cv.slice(cv.indexOf('<div id="root">'))).toContain('Northwind Logistics')
  expect(existsSync(path.join(outDir, '_headers'))).toBe(true)
  // The preview image the home page's head names is in the folder, a PNG.
  const named = /<meta property="og:image" content="([^"]+)"/.exec(home)![1]!
  expect(named).toBe(`${SITE}/og/home.png`)
  const png = await readFile(path.join(outDir, 'og', 'home.png'))
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
})

test('every page of the table of public routes has what its entry says in the folder', async () => {
  const projects = (await (await stack.app.request('/functions/v1/api/projects')).json()) as {
    id: number
    name: string
  }[]
  const sitemap = await read('sitemap.xml')
  const redirects = await read('_redirects')
  for (const [name, entry] of publicPageEntries) {
    // The demo content has no post: build/prerender-posts.test.ts builds a site with some.
    if (entry.prerender === 'each-post') continue
    const files =
      entry.prerender === 'each-project'
        ? projects.map((p) => path.join(projectPath(p.id, p.name).slice(1), 'index.html'))
        : entry.prerender === 'page'
          ? [entry.status === 404 ? '404.html' : path.join(entry.pattern.slice(1), 'index.html')]
          : entry.prerender === 'app'
            ? ['app.html']
            : entry.prerender === 'shell'
              ? [SHELL_FILE]
              : []
    expect(files.length > 0, name).toBe(entry.prerender !== undefined)
    for (const file of files) expect(existsSync(path.join(outDir, file)), file).toBe(true)
    if (entry.sitemap === 'latest-project')
      expect(sitemap).toContain(`<loc>${SITE}${entry.pattern}</loc>`)
    if (entry.prerender === 'app')
      expect(redirects).toContain(`${entry.pattern.replace(/\/\*$/, '')}/* /app.html 200`)
    if (entry.prerender === 'shell')
      expect(redirects).toContain(`${entry.pattern.replace(/\/\*$/, '')}/* /${SHELL_FILE} 200`)
  }
})

test("a share link's page is the app's shell on a static host: never indexed, no referrer, nobody's content", async () => {
  // docs/PRODUCT.md §24: no build renders it ahead; the app reads the link from the API.
  expect(await read('_redirects')).toMatch(/^\/s\/\* \/shared\.html 200$/m)
  const shell = await read(SHELL_FILE)
  expect(shell).toContain('<meta name="robots" content="noindex, nofollow" />')
  expect(shell).toContain('<meta name="referrer" content="no-referrer" />')
  expect(shell).not.toContain('id="vitrine-state"')
  expect(shell).not.toMatch(/property="og:|name="description"/)
  expect(shell).toMatch(/<script type="module"[^>]*src="\/assets\//)
  const headers = await read('_headers')
  expect(headers).toContain(
    [
      '/s/*',
      '  Cache-Control: private, no-store',
      '  X-Robots-Tag: noindex, nofollow',
      '  Referrer-Policy: no-referrer',
    ].join('\n'),
  )
  // Nor is any share link in the sitemap or the home page.
  expect(await read('sitemap.xml')).not.toContain('/s/')
  expect(await read('index.html')).not.toContain('/s/')
})

test('a change of public content publishes itself: the hook builds the site again, with the change', async () => {
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${apiUrl}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const admin = await call('POST', '/auth/register', {
    username: 'owner',
    password: 'secret-sauce-1',
  })
  expect(admin.status).toBe(201)
  const token = admin.body.accessToken as string
  expect((await call('GET', '/publish', undefined, token)).body).toMatchObject({
    configured: true,
    upToDate: false,
  })
  const created = await call(
    'POST',
    '/projects',
    { name: 'Published By Hook', description: 'Built again', isActive: true, technologiesIds: [] },
    token,
  )
  expect(created.status).toBe(201)
  expect(await read('index.html')).not.toContain('Published By Hook')

  const deadline = Date.now() + 20_000
  while (!rebuilds.length) {
    if (Date.now() > deadline) throw new Error('the deploy hook was not called within 20 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await Promise.all(rebuilds)
  expect(rebuilds).toHaveLength(1)
  expect(await read('index.html')).toContain('>Published By Hook<')
  expect(await read('sitemap.xml')).toContain(
    `${SITE}/projects/${created.body.id}-published-by-hook`,
  )
  expect((await call('GET', '/publish', undefined, token)).body).toMatchObject({
    upToDate: true,
    lastError: null,
  })

  // A second language is a change of the public pages too: the build writes
  // its pages and its preview images (docs/PRODUCT.md §23).
  const put = await fetch(`${apiUrl}/languages`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ default: 'en', languages: ['en', 'fr'] }),
  })
  expect(put.status).toBe(200)
  const again = Date.now() + 20_000
  while (rebuilds.length < 2) {
    if (Date.now() > again) throw new Error('no build followed the new language within 20 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await Promise.all(rebuilds)
  const french = await read('fr/index.html')
  expect(french).toContain('<html lang="fr"')
  expect(french).toContain(`<meta property="og:image" content="${SITE}/og/fr/home.png" />`)
  const png = await readFile(path.join(outDir, 'og', 'fr', 'home.png'))
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  const project = `og/fr/projects/${created.body.id}.png`
  expect(existsSync(path.join(outDir, project)), project).toBe(true)

  // An unknown path under /fr/ gets the French not-found page with status 404
  // (Netlify by the rule, Cloudflare Pages by the nearest 404.html); any
  // other the default language's, as `npm start` answers them.
  const frenchMissing = await read('fr/404.html')
  expect(frenchMissing).toContain('<html lang="fr" dir="ltr"')
  expect(frenchMissing).toContain('Page introuvable')
  expect(frenchMissing).toContain('<meta name="robots" content="noindex" />')
  expect(frenchMissing).toContain('<script type="application/json" id="vitrine-state"></script>')
  const missing = await read('404.html')
  expect(missing).toContain('<html lang="en" dir="ltr"')
  expect(missing).toContain('Page Not Found')
  const rules = (await read('_redirects')).trim().split('\n')
  expect(rules).toContain('/fr/* /fr/404.html 404')
  expect(rules.filter((rule) => / 404$/.test(rule))).toEqual(['/fr/* /fr/404.html 404'])
  // After every other rule: a file under /fr/ is served first, the app's paths keep their rules.
  expect(rules.at(-1)).toBe('/fr/* /fr/404.html 404')

  // The appearance is a change of every page too (docs/PRODUCT.md §27): the
  // theme on <html>, its own stylesheet (a file of the build), the sections
  // and the navigation in the owner's order, a hidden one nowhere.
  const look = await call(
    'PUT',
    '/appearance',
    {
      theme: 'grid',
      sections: [
        { id: 'contact', visible: true },
        { id: 'skills', visible: false },
      ],
    },
    token,
  )
  expect(look.status).toBe(200)
  const third = Date.now() + 20_000
  while (rebuilds.length < 3) {
    if (Date.now() > third) throw new Error('no build followed the new appearance within 20 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await Promise.all(rebuilds)
  const themed = await read('index.html')
  expect(themed).toMatch(/<html lang="en" dir="ltr" data-theme="grid" data-font="system"/)
  const sheet = /<link rel="stylesheet" href="\/(assets\/grid-[^"]+\.css)" \/>/.exec(themed)?.[1]
  expect(sheet).toBeDefined()
  expect(existsSync(path.join(outDir, sheet!))).toBe(true)
  expect(themed).not.toMatch(/assets\/(classic|minimal|sidebar|editorial|terminal)-/)
  expect(themed).not.toContain('id="skills"')
  const sections = [...themed.matchAll(/<section[^>]* id="([a-z]+)"/g)].map((m) => m[1])
  expect(sections[0]).toBe('contact')
  const nav = /<nav[^>]*>[\s\S]*?<\/nav>/.exec(themed)![0]
  expect(nav).not.toContain('#skills')
  expect(nav.indexOf('#contact')).toBeLessThan(nav.indexOf('#portfolio'))
  expect(await read(`projects/${created.body.id}-published-by-hook/index.html`)).toContain(
    'data-theme="grid"',
  )
  // Every other file a visitor gets is in the same look, the share link's shell
  // included (the app draws its page in the browser, in the stylesheet named here).
  for (const file of [
    'fr/index.html',
    `fr/projects/${created.body.id}-published-by-hook/index.html`,
    'writing/index.html',
    'cv/index.html',
    'fr/cv/index.html',
    '404.html',
    SHELL_FILE,
  ]) {
    const html = await read(file)
    expect(/<html[^>]*>/.exec(html)?.[0], file).toMatch(/ data-theme="grid" data-font="system"/)
    expect(html, file).toContain(`<link rel="stylesheet" href="/${sheet}" />`)
    expect(html, file).toMatch(/<style id="vitrine-accent">html:root\{--primary:#[0-9a-f]{6};/)
  }
}, 300_000)
