// npm start and npm run dev answer only to their own names (server/host-check.ts).
import { describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'
import { hostAllowed, readHostRule } from './host-check.ts'
import { closeServer, createHttpServer, createNodeHandler, listen } from './http.ts'
import { rawGet } from '@test-support/raw-get.ts'

describe('hostAllowed', () => {
  const rule = readHostRule('https://jordan.dev', 'portfolio.internal, Staging.Jordan.dev')

  test('its own names, localhost and any IP address, on any port', () => {
    for (const host of [
      'jordan.dev',
      'JORDAN.DEV:443',
      'jordan.dev.',
      'localhost:5173',
      '127.0.0.1:3000',
      '[::1]:3000',
      '192.168.1.20:3000',
      'portfolio.internal',
      'staging.jordan.dev',
      undefined,
    ])
      expect(hostAllowed(rule, host), String(host)).toBe(true)
  })

  test('not a name that only resolves here (DNS rebinding)', () => {
    for (const host of [
      'attacker.example',
      'jordan.dev.attacker.example',
      'evil.localhost.example:3000',
    ])
      expect(hostAllowed(rule, host), host).toBe(false)
  })

  test('ALLOWED_HOSTS takes names only', () => {
    expect(() => readHostRule(undefined, 'https://x.example')).toThrow(/ALLOWED_HOSTS/)
  })
})

describe('the Node handler with the host rule of the configuration', () => {
  test('refuses an unknown Host with 403 and the fix, serves its own', async () => {
    const config = readConfig({ SITE_URL: 'https://jordan.dev', DATA_DIR: '/nonexistent' })
    const server = createHttpServer(
      createNodeHandler(() => new Response('served'), { hosts: config.hosts }),
    )
    const { port } = await listen(server, 0, '127.0.0.1')
    const get = (host: string) => rawGet(`http://127.0.0.1:${port}`, '/', { host })
    try {
      expect(await get('jordan.dev')).toEqual({ status: 200, body: 'served' })
      expect(await get(`localhost:${port}`)).toEqual({ status: 200, body: 'served' })
      const refused = await get(`rebound.attacker.example:${port}`)
      expect(refused.status).toBe(403)
      expect(refused.body).toContain('ALLOWED_HOSTS')
    } finally {
      await closeServer(server)
    }
  })
})
