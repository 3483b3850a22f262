// The assistants' endpoint (docs/PRODUCT.md §25): the MCP SDK's own client
// connects over Streamable HTTP, lists the tools and calls each; only what a
// visitor can read comes back; a body that is not JSON-RPC gets a JSON-RPC
// error, never a 500. Runs on PGlite, PostgreSQL and the Deno function.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
let client: Client
const ids: Record<string, number> = {}

const MCP_HEADERS = { accept: 'application/json, text/event-stream' }

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  const token = r.admin.token
  const tech = async (name: string) =>
    (await t.request('POST', '/technologies', { token, body: { name } })).body.id as number
  const pg = await tech('PostgreSQL')
  const react = await tech('React')
  const add = async (body: Record<string, unknown>) =>
    (await t.request('POST', '/projects', { token, body })).body.id as number
  ids.harbor = await add({
    name: 'Harbor Maps',
    description: 'Tide charts for small ports. Built with a tile cache.\n\nSecond paragraph.',
    startYear: 2021,
    endYear: 2023,
    liveUrl: 'https://harbor.example',
    technologiesIds: [pg, react],
  })
  ids.ledger = await add({
    name: 'Quiet Ledger',
    description: 'Bookkeeping for one person, offline first.',
    startYear: 2024,
    technologiesIds: [react],
  })
  ids.hidden = await add({
    name: 'Secret Prototype',
    description: 'Not for visitors: PostgreSQL experiments.',
    isActive: false,
    technologiesIds: [pg],
  })
  // Never in any answer: a draft post, a share link's label and note.
  const draft = await t.request('POST', '/posts', {
    token,
    body: {
      title: 'Draft Musings',
      summary: 'Unpublished.',
      body: 'PostgreSQL notes.',
      status: 'draft',
    },
  })
  expect(draft.status).toBe(201)
  const published = await t.request('POST', '/posts', {
    token,
    body: {
      title: 'Vacuum notes',
      summary: 'Autovacuum settings that matter.',
      body: 'Three settings.',
      status: 'published',
    },
  })
  expect(published.status).toBe(201)
  const link = await t.request('POST', '/share-links', {
    token,
    body: { label: 'Acme backend role', note: 'Hello Acme recruiter', projectIds: [ids.harbor] },
  })
  expect(link.status).toBe(201)
  await t.request('POST', '/experiences', {
    token,
    body: {
      organization: 'Tidewater Labs',
      role: 'Backend engineer',
      location: 'Lisbon',
      startDate: '2020-01',
      description: 'Ran the PostgreSQL fleet.',
      technologiesIds: [pg],
    },
  })
  const owner = await t.request('POST', '/configs', {
    token,
    body: { name: 'ownerName', value: 'Ada Example' },
  })
  expect(owner.status).toBe(201)
  client = new Client({ name: 'vitrine-test', version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://api.test/api/mcp'), {
      fetch: (input, init) => t.fetch(new Request(input, init)),
    }),
  )
})
afterAll(async () => {
  await client?.close()
  await t.close()
})

type Structured = Record<string, unknown>
const call = async (name: string, args: Record<string, unknown> = {}) => {
  const answer = await client.callTool({ name, arguments: args })
  return answer as {
    isError?: boolean
    structuredContent?: Structured
    content: { text: string }[]
  }
}

describe('the MCP endpoint', () => {
  test('lists every tool, each with an input schema, and the resources', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_cv',
      'get_profile',
      'get_project',
      'list_projects',
      'list_skills',
      'search',
    ])
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object')
      expect(tool.annotations?.readOnlyHint).toBe(true)
    }
    const { resources } = await client.listResources()
    expect(resources.map((resource) => resource.uri).sort()).toEqual([
      'vitrine://cv',
      `vitrine://projects/${ids.harbor}`,
      `vitrine://projects/${ids.ledger}`,
    ])
  })

  test('get_profile names the owner and the languages', async () => {
    const answer = await call('get_profile')
    expect(answer.structuredContent).toMatchObject({
      name: 'Ada Example',
      languages: ['en'],
      defaultLanguage: 'en',
    })
  })

  test('list_projects: the published ones, by technology, with a one-line summary', async () => {
    const all = (await call('list_projects')).structuredContent!
    expect(all.total).toBe(2)
    const react = (await call('list_projects', { technology: 'react', limit: 1 }))
      .structuredContent!
    expect(react.total).toBe(2)
    expect(react.projects).toHaveLength(1)
    const pg = (await call('list_projects', { technology: 'PostgreSQL' })).structuredContent!
    expect(pg.projects).toEqual([
      {
        id: ids.harbor,
        name: 'Harbor Maps',
        years: '2021–2023',
        technologies: expect.arrayContaining(['PostgreSQL', 'React']),
        summary: 'Tide charts for small ports.',
        url: expect.stringMatching(new RegExp(`/projects/${ids.harbor}-harbor-maps$`)),
      },
    ])
  })

  test('get_project by id or slug, in Markdown; an inactive one is not found', async () => {
    const byId = await call('get_project', { id: ids.harbor })
    expect(byId.content[0]!.text).toContain('# Harbor Maps')
    expect(byId.content[0]!.text).toContain('[Live](https://harbor.example)')
    const bySlug = await call('get_project', { slug: 'quiet-ledger' })
    expect(bySlug.structuredContent!.project).toMatchObject({ id: ids.ledger, years: '2024–' })
    for (const args of [{ id: ids.hidden }, { slug: 'secret-prototype' }]) {
      const hidden = await call('get_project', args)
      expect(hidden.isError).toBe(true)
      expect(JSON.stringify(hidden)).not.toContain('experiments')
    }
  })

  test('list_skills carries the evidence a visitor can see', async () => {
    const { skills } = (await call('list_skills')).structuredContent as {
      skills: { name: string; projects: number; roles: number }[]
    }
    expect(skills.find((s) => s.name === 'PostgreSQL')).toMatchObject({ projects: 1, roles: 1 })
  })

  test('get_cv is Markdown with the experience; search ranks the best match first', async () => {
    const cv = await call('get_cv')
    expect(cv.content[0]!.text).toMatch(/^# Ada Example/)
    expect(cv.content[0]!.text).toContain('### Backend engineer, Tidewater Labs')
    const search = async (query: string) =>
      ((await call('search', { query })).structuredContent as { results: { title: string }[] })
        .results
    // A match in the title weighs more than one in the text.
    expect((await search('tide')).map((x) => x.title)).toEqual([
      'Backend engineer, Tidewater Labs',
      'Harbor Maps',
    ])
    // Published posts are searched too.
    expect(await search('autovacuum')).toEqual([
      expect.objectContaining({ kind: 'post', title: 'Vacuum notes' }),
    ])
    // Every word must match; the inactive project never does.
    expect((await search('postgres harbor')).map((x) => x.title)).toEqual(['Harbor Maps'])
    const results = await search('postgres')
    expect(results).toHaveLength(2)
    expect(JSON.stringify(results)).not.toMatch(/Secret|Draft Musings|Acme/)
  })

  test('reads the resources', async () => {
    const cv = await client.readResource({ uri: 'vitrine://cv' })
    expect((cv.contents[0] as { text: string }).text).toContain('Ada Example')
    const project = await client.readResource({ uri: `vitrine://projects/${ids.ledger}` })
    expect((project.contents[0] as { text: string }).text).toContain('# Quiet Ledger')
  })

  test('no tool or resource shows an inactive project, a draft post or a share link', async () => {
    const answers = await Promise.all([
      call('get_profile'),
      call('list_projects', { limit: 50 }),
      call('list_skills'),
      call('get_cv'),
      call('search', { query: 'postgres' }),
      call('search', { query: 'draft' }),
      call('search', { query: 'acme' }),
      client.listResources(),
      client.readResource({ uri: 'vitrine://cv' }),
    ])
    for (const answer of answers)
      expect(JSON.stringify(answer)).not.toMatch(/Secret|experiments|Draft Musings|Acme/)
  })

  test("search in a language: its texts, each falling back to the default's, and its pages", async () => {
    const token = r.admin.token
    const put = await t.request('PUT', '/languages', {
      token,
      body: { default: 'en', languages: ['en', 'fr'] },
    })
    expect(put.status).toBe(200)
    const french = { name: 'Cartes du port', description: 'Des cartes des marées. Pour les ports.' }
    const patched = await t.request('PATCH', `/projects/${ids.harbor}`, {
      token,
      body: { translations: { fr: french } },
    })
    expect(patched.status).toBe(200)
    const posts = (await t.request('GET', '/posts')).body as { id: number; title: string }[]
    const vacuum = posts.find((p) => p.title === 'Vacuum notes')!
    const post = await t.request('PATCH', `/posts/${vacuum.id}`, {
      token,
      body: { translations: { fr: { title: 'Notes sur le vacuum', summary: 'Les réglages.' } } },
    })
    expect(post.status).toBe(200)
    type Result = { kind: string; title: string; summary: string; url: string | null }
    const search = async (args: Record<string, unknown>) =>
      ((await call('search', args)).structuredContent as { results: Result[] }).results
    expect(await search({ query: 'marees', language: 'fr' })).toEqual([
      expect.objectContaining({
        kind: 'project',
        title: 'Cartes du port',
        summary: 'Des cartes des marées.',
        url: expect.stringMatching(new RegExp(`/fr/projects/${ids.harbor}-harbor-maps$`)),
      }),
    ])
    const vacuumInFrench = await search({ query: 'vacuum', language: 'FR' })
    expect(vacuumInFrench).toEqual([
      expect.objectContaining({
        kind: 'post',
        title: 'Notes sur le vacuum',
        summary: 'Les réglages.',
      }),
    ])
    expect(vacuumInFrench[0]!.url).toMatch(/\/fr\/writing\/vacuum-notes\.md$/)
    // Untranslated texts are the default language's; the default language is as without one.
    expect(await search({ query: 'ledger', language: 'fr' })).toEqual([
      expect.objectContaining({
        title: 'Quiet Ledger',
        url: expect.stringMatching(/\/fr\/projects\//),
      }),
    ])
    expect(await search({ query: 'tidewater', language: 'fr' })).toEqual([
      expect.objectContaining({ title: 'Backend engineer, Tidewater Labs' }),
    ])
    expect(await search({ query: 'harbor', language: 'en' })).toEqual(
      await search({ query: 'harbor' }),
    )
    expect((await search({ query: 'harbor' }))[0]!.title).toBe('Harbor Maps')
    expect(await search({ query: 'marees' })).toEqual([])
    // A language the site does not have is a tool error naming it.
    const unknown = await call('search', { query: 'harbor', language: 'de' })
    expect(unknown.isError).toBe(true)
    expect(unknown.content[0]!.text).toContain('Unknown language: de')
  })

  test('list_projects, get_project and list_skills in a language, with its pages', async () => {
    // The site has French since the search test; Harbor Maps has French texts, Quiet Ledger none.
    const listed = (await call('list_projects', { language: 'fr' })).structuredContent as {
      projects: { id: number; name: string; summary: string; url: string }[]
    }
    expect(listed.projects.find((p) => p.id === ids.harbor)).toMatchObject({
      name: 'Cartes du port',
      summary: 'Des cartes des marées.',
      url: expect.stringMatching(new RegExp(`/fr/projects/${ids.harbor}-harbor-maps$`)),
    })
    expect(listed.projects.find((p) => p.id === ids.ledger)).toMatchObject({
      name: 'Quiet Ledger',
      summary: 'Bookkeeping for one person, offline first.',
      url: expect.stringMatching(/\/fr\/projects\//),
    })
    expect(await call('list_projects', { language: 'en' })).toEqual(await call('list_projects'))
    for (const args of [{ id: ids.harbor }, { slug: 'harbor-maps' }]) {
      const project = await call('get_project', { ...args, language: 'FR' })
      expect(project.content[0]!.text).toContain('# Cartes du port')
      expect(project.content[0]!.text).toContain('Des cartes des marées. Pour les ports.')
      expect(project.content[0]!.text).toMatch(
        new RegExp(`\\[Page\\]\\(\\S*/fr/projects/${ids.harbor}-harbor-maps\\)`),
      )
      expect(project.structuredContent!.project).toMatchObject({ name: 'Cartes du port' })
    }
    const hidden = await call('get_project', { id: ids.hidden, language: 'fr' })
    expect(hidden.isError).toBe(true)
    expect(JSON.stringify(hidden)).not.toContain('experiments')
    expect(await call('list_skills', { language: 'fr' })).toEqual(await call('list_skills'))
    for (const [tool, args] of [
      ['list_projects', {}],
      ['get_project', { id: ids.harbor }],
      ['list_skills', {}],
    ] as const) {
      const unknown = await call(tool, { ...args, language: 'de' })
      expect(unknown.isError).toBe(true)
      expect(unknown.content[0]!.text).toContain('Unknown language: de')
    }
  })

  test('a bad argument is a tool error naming it, not a failure of the call', async () => {
    const answer = await call('list_projects', { limit: 1000 })
    expect(answer.isError).toBe(true)
    expect(answer.content[0]!.text).toMatch(/limit/)
  })
})

describe('the MCP endpoint refuses what is not JSON-RPC, never with a 500', () => {
  const post = (rawBody: string, headers: Record<string, string> = {}) =>
    t.request('POST', '/mcp', {
      rawBody,
      headers: { ...MCP_HEADERS, 'content-type': 'application/json', ...headers },
    })

  test('malformed JSON: the parse error', async () => {
    const res = await post('{"jsonrpc": "2.0", ')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
    // Nested past the limits every JSON body has (json-shape.ts): refused before parsing.
    const deep = await post(`${'['.repeat(5000)}${']'.repeat(5000)}`)
    expect(deep.status).toBe(400)
    expect(deep.body.error.code).toBe(-32700)
  })

  test('JSON that is not a message, an unknown method, a wrong Accept', async () => {
    const notMessage = await post('{"hello": 1}')
    expect(notMessage.status).toBe(400)
    expect(notMessage.body.error.code).toBeLessThan(-32000)
    const unknown = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/destroy', params: {} }),
    )
    expect(unknown.status).toBe(200)
    expect(unknown.body).toMatchObject({ id: 7, error: { code: -32601 } })
    const accept = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), {
      accept: 'text/html',
    })
    expect(accept.status).toBe(406)
  })

  test('a stateless server: GET and DELETE are 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await t.request(method, '/mcp', { headers: MCP_HEADERS })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
    }
  })

  test('a body past the ceiling is 413', async () => {
    const res = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', pad: 'x'.repeat(70_000) }),
    )
    expect(res.status).toBe(413)
  })
})
