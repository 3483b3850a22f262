import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Server } from 'node:http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { migratedDataDir } from '@test-support/migrated-folder.ts'
import { rawGet } from '@test-support/raw-get.ts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { readConfig } from './config.ts'
import { createStack, type Stack } from './create-stack.ts'
import { closeServer, createHttpServer, createNodeHandler, listen } from './http.ts'

// The embedded stack over real HTTP: PGlite in a temporary DATA_DIR, a random port.
let dataDir: string
let stack: Stack
let server: Server
let origin: string

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const uploadName = '0f0e0d0c-aaaa-4bbb-8ccc-123456789abc.png'

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-stack-'))
  stack = await createStack(readConfig({ DATA_DIR: dataDir, DEMO_CONTENT: 'on' }))
  server = createHttpServer(createNodeHandler(stack.app.fetch))
  const address = await listen(server, 0, '127.0.0.1')
  origin = `http://127.0.0.1:${address.port}`
  await writeFile(path.join(stack.uploadsDir, uploadName), PNG)
})

afterAll(async () => {
  if (server) await closeServer(server)
  await stack?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the embedded stack', () => {
  test('answers GET /functions/v1/api/projects with the seeded active projects', async () => {
    const response = await fetch(`${origin}/functions/v1/api/projects`)
    expect(response.status).toBe(200)
    const projects = (await response.json()) as {
      name: string
      isActive: boolean
      technologies: unknown[]
    }[]
    // Visitors see the five active demo projects, not the inactive one.
    expect(projects).toHaveLength(5)
    expect(projects.every((p) => p.isActive && p.technologies.length >= 2)).toBe(true)
  })

  test('answers the health check through the /functions/v1 prefix', async () => {
    const response = await fetch(`${origin}/functions/v1/api/health`)
    expect(await response.json()).toEqual({ status: 'ok' })
  })

  test("an MCP client built from the SDK lists and calls every tool at the site's /mcp", async () => {
    const client = new Client({ name: 'stack-test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)))
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'get_cv',
        'get_profile',
        'get_project',
        'list_projects',
        'list_skills',
        'search',
      ])
      const projects = (await client.callTool({ name: 'list_projects' })).structuredContent as {
        projects: { id: number; name: string }[]
      }
      // The seeded demo: its active projects, as GET /projects lists them.
      expect(projects.projects).toHaveLength(5)
      const first = projects.projects[0]!
      const calls: [string, Record<string, unknown>][] = [
        ['get_profile', {}],
        ['get_project', { id: first.id }],
        ['list_skills', {}],
        ['get_cv', {}],
        ['search', { query: first.name.split(' ')[0]! }],
      ]
      for (const [name, args] of calls) {
        const answer = await client.callTool({ name, arguments: args })
        expect(answer.isError, name).toBeFalsy()
        expect(answer.structuredContent, name).toBeTruthy()
      }
    } finally {
      await client.close()
    }
    expect((await fetch(`${origin}/mcp`)).status).toBe(405)
  })

  test('answers 404 for paths it does not own', async () => {
    expect((await fetch(`${origin}/api/projects`)).status).toBe(404)
    expect((await fetch(`${origin}/index.html`)).status).toBe(404)
  })

  test('keeps a generated JWT secret, readable by the owner only', async () => {
    const file = path.join(dataDir, 'jwt-secret')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readFile(file, 'utf8')).trim().length).toBeGreaterThanOrEqual(64)
  })
})

describe('GET /uploads/<name>', () => {
  test('serves a stored image with its type, nosniff and a long immutable cache', async () => {
    const response = await fetch(`${origin}/uploads/${uploadName}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG)
  })

  test.each([
    '/uploads/../jwt-secret',
    '/uploads/..%2fjwt-secret',
    '/uploads/%2e%2e%2fjwt-secret',
    '/uploads/..%5cjwt-secret',
    '/uploads/%2e%2e/jwt-secret',
    '/uploads/.hidden.png',
  ])('refuses %s', async (pathname) => {
    const { status, body } = await rawGet(origin, pathname)
    expect(status).toBe(404)
    expect(body).not.toContain(await readFile(path.join(dataDir, 'jwt-secret'), 'utf8'))
  })

  test('answers 404 for a missing file and for names the API never stores', async () => {
    expect((await fetch(`${origin}/uploads/11111111-aaaa-4bbb-8ccc-123456789abc.png`)).status).toBe(
      404,
    )
    await writeFile(path.join(stack.uploadsDir, 'page.html'), '<script>alert(1)</script>')
    expect((await fetch(`${origin}/uploads/page.html`)).status).toBe(404)
  })
})

describe('the Node handler', () => {
  test('replaces a client-sent X-Forwarded-For with the socket address', async () => {
    const echo = createHttpServer(
      createNodeHandler(
        (req) =>
          new Response(`${req.headers.get('x-forwarded-for')}|${req.headers.get('x-real-ip')}`),
      ),
    )
    const address = await listen(echo, 0, '127.0.0.1')
    try {
      const response = await fetch(`http://127.0.0.1:${address.port}/`, {
        headers: { 'X-Forwarded-For': '6.6.6.6, 7.7.7.7', 'X-Real-IP': '6.6.6.6' },
      })
      const [forwarded, realIp] = (await response.text()).split('|')
      expect(forwarded).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
      expect(realIp).toBe('null')
    } finally {
      await closeServer(echo)
    }
  })
})

test('closing a stack stops every timer it started', async () => {
  const started: ReturnType<typeof setInterval>[] = []
  const realSetInterval = globalThis.setInterval
  const set = vi.spyOn(globalThis, 'setInterval').mockImplementation(((
    ...args: Parameters<typeof setInterval>
  ) => {
    const timer = realSetInterval(...args)
    started.push(timer)
    return timer
  }) as typeof setInterval)
  const cleared = vi.spyOn(globalThis, 'clearInterval')
  const folder = await migratedDataDir('vitrine-stack-timers-')
  try {
    const own = await createStack(readConfig({ DATA_DIR: folder }))
    set.mockRestore()
    // The upkeep passes: file sweep, scheduled posts, publishes, GitHub sync (and the visits' flush).
    expect(started.length).toBeGreaterThanOrEqual(4)
    await own.close()
    const stopped = new Set(cleared.mock.calls.map(([timer]) => timer))
    expect(started.filter((timer) => !stopped.has(timer))).toEqual([])
  } finally {
    set.mockRestore()
    cleared.mockRestore()
    await rm(folder, { recursive: true, force: true })
  }
})
