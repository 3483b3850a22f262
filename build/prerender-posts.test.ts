import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { build } from 'vite'
import { readConfig } from '../server/config.ts'
import { createStack, type Stack } from '../server/create-stack.ts'
import { closeServer, createHttpServer, createNodeHandler, listen } from '../server/http.ts'

// The static site's writing pages (docs/PRODUCT.md §26): `npm run build` with
// an absolute VITE_API_URL writes the list and one file per public post, and
// none for a draft or a post still to come (its preview link is answered by
// 404.html's app, from the API), in each language of the site, the French
// pages and images with the post's French texts. A real stack (PGlite) on a
// local port.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SITE = 'https://jordan.example'
let stack: Stack
let server: ReturnType<typeof createHttpServer>
let folder: string
let outDir: string
let rustId: number
const slugs: Record<'published' | 'draft' | 'scheduled', string> = {
  published: '',
  draft: '',
  scheduled: '',
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'vitrine-prerender-posts-'))
  outDir = path.join(folder, 'dist')
  stack = await createStack(readConfig({ DATA_DIR: path.join(folder, 'data') }))
  server = createHttpServer(createNodeHandler(stack.app.fetch))
  const { port } = await listen(server, 0)
  const apiUrl = `http://127.0.0.1:${port}/functions/v1/api`
  const call = async (url: string, body: unknown, token?: string) => {
    const response = await fetch(`${apiUrl}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
    expect(response.status, url).toBe(201)
    return (await response.json()) as Record<string, unknown>
  }
  const { accessToken } = await call('/auth/register', {
    username: 'owner',
    password: 'secret-sauce-1',
  })
  const languages = await fetch(`${apiUrl}/languages`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ default: 'en', languages: ['en', 'fr'] }),
  })
  expect(languages.status).toBe(200)
  const post = async (body: Record<string, unknown>) =>
    (await call('/posts', body, accessToken as string)).slug as string
  rustId = (await call('/technologies', { name: 'Rust' }, accessToken as string)).id as number
  slugs.published = await post({
    title: 'Tides in code',
    body: '```rust\nfn main() {}\n```',
    status: 'published',
    technologiesIds: [rustId],
    // 3 minutes to read in French, 1 in English.
    translations: {
      fr: { title: 'Marées en code', body: `Le *code* des marées.\n\n${'mot '.repeat(450)}` },
    },
  })
  slugs.draft = await post({
    title: 'Unfinished tides',
    body: 'Soon.',
    status: 'draft',
    translations: { fr: { title: 'Marées inachevées' } },
  })
  slugs.scheduled = await post({
    title: 'Tomorrow tides',
    body: 'Later.',
    status: 'scheduled',
    publishAt: new Date(Date.now() + 86_400_000).toISOString(),
  })
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
}, 180_000)

afterAll(async () => {
  if (server) await closeServer(server)
  await stack?.close()
  await rm(folder, { recursive: true, force: true })
})

const read = (file: string) => readFile(path.join(outDir, file), 'utf8')

test('writes /writing and each public post, highlighted, and nothing of a draft or scheduled post', async () => {
  const list = await read('writing/index.html')
  expect(list).toContain(`<link rel="canonical" href="${SITE}/writing" />`)
  expect(list).toContain('>Tides in code<')
  const page = await read(`writing/${slugs.published}/index.html`)
  expect(page).toContain('<title>Tides in code | Writing</title>')
  expect(page).toContain('"@type":"BlogPosting"')
  expect(page).toContain('<span class="hljs-keyword">fn</span>')
  for (const hidden of [slugs.draft, slugs.scheduled]) {
    expect(existsSync(path.join(outDir, 'writing', hidden)), hidden).toBe(false)
    for (const file of ['writing/index.html', 'index.html', 'sitemap.xml', 'llms.txt'])
      expect(await read(file), `${hidden} in ${file}`).not.toContain(hidden)
  }
  for (const text of ['Unfinished tides', 'Tomorrow tides'])
    expect(await read('index.html')).not.toContain(text)
  const sitemap = await read('sitemap.xml')
  expect(sitemap).toContain(`<loc>${SITE}/writing</loc>`)
  expect(sitemap).toContain(`<loc>${SITE}/writing/${slugs.published}</loc>`)
  // Its link-preview image, and none for the hidden ones.
  expect(existsSync(path.join(outDir, 'og', 'writing', `${slugs.published}.png`))).toBe(true)
  for (const hidden of [slugs.draft, slugs.scheduled])
    expect(existsSync(path.join(outDir, 'og', 'writing', `${hidden}.png`)), hidden).toBe(false)
  // The home page's Writing section and its link.
  expect(await read('index.html')).toContain('href="/writing"')
})

test('writes the French pages and image of each public post, in French, and none of a draft', async () => {
  const page = await read(`fr/writing/${slugs.published}/index.html`)
  expect(page).toContain('<title>Marées en code | Articles</title>')
  expect(page).toContain('<p>Le <em>code</em> des marées.</p>')
  expect(page).toContain(`${SITE}/og/fr/writing/${slugs.published}.png`)
  expect(await read('fr/writing/index.html')).toContain('>Marées en code<')
  expect(await read('fr/index.html')).toContain('>Marées en code<')
  expect(existsSync(path.join(outDir, 'og', 'fr', 'writing', `${slugs.published}.png`))).toBe(true)
  for (const hidden of [slugs.draft, slugs.scheduled]) {
    expect(existsSync(path.join(outDir, 'fr', 'writing', hidden)), hidden).toBe(false)
    expect(existsSync(path.join(outDir, 'og', 'fr', 'writing', `${hidden}.png`)), hidden).toBe(
      false,
    )
    for (const file of ['fr/writing/index.html', 'fr/index.html', 'fr/llms.txt'])
      expect(await read(file), `${hidden} in ${file}`).not.toContain(hidden)
  }
  expect(await read('fr/index.html')).not.toContain('Marées inachevées')
})

test("the French pages give the French body's reading time and the skill's posts in French", async () => {
  expect(await read(`fr/writing/${slugs.published}/index.html`)).toContain('3 min de lecture')
  expect(await read(`writing/${slugs.published}/index.html`)).toContain('1 min read')
  const popover = (html: string) =>
    new RegExp(`<div id="skill-${rustId}" popover="auto"[^]*?</div>`).exec(html)?.[0] ?? ''
  expect(popover(await read('fr/index.html'))).toMatch(/<li><a [^>]*>Marées en code<\/a><\/li>/)
  expect(popover(await read('index.html'))).toMatch(/<li><a [^>]*>Tides in code<\/a><\/li>/)
})
