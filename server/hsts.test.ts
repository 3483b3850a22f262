// Strict-Transport-Security: `npm start` sends it when SITE_URL is an https
// address, never by default (http://localhost: server/security-headers.test.ts
// checks it on its server) nor for this machine; the dist/_headers file for
// static hosts always has it (server/security-headers.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'
import { hstsFor, STRICT_TRANSPORT_SECURITY } from './security-headers.ts'
import { startNpmStart, type StartedServer } from '@test-support/npm-start.ts'

const paths = ['/', '/functions/v1/api/health', '/functions/v1/api/projects/999999']

describe('npm start with an https SITE_URL', () => {
  let server: StartedServer
  beforeAll(async () => {
    server = await startNpmStart({ SITE_URL: 'https://portfolio.example' })
  }, 120_000)
  afterAll(() => server?.stop())

  test.each(paths)('sends Strict-Transport-Security with %s', async (pathname) => {
    const response = await fetch(`${server.origin}${pathname}`)
    await response.arrayBuffer()
    expect(response.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY)
  })
})

describe('SITE_URL', () => {
  test('defaults to this machine over http, on the port in use', () => {
    expect(readConfig({}).siteUrl).toBe('http://localhost:3000')
    expect(readConfig({ PORT: '4100' }).siteUrl).toBe('http://localhost:4100')
    expect(readConfig({ SITE_URL: ' https://me.example ' }).siteUrl).toBe('https://me.example')
  })

  test('must be an http(s) address', () => {
    for (const value of ['me.example', 'ftp://me.example', 'https://'])
      expect(() => readConfig({ SITE_URL: value }), value).toThrow(/SITE_URL must be/)
  })

  test('asks for HSTS only for https away from this machine', () => {
    expect(hstsFor('https://portfolio.example')).toBe(true)
    expect(hstsFor('https://www.portfolio.example:8443/base')).toBe(true)
    for (const url of [
      'http://portfolio.example',
      'http://localhost:3000',
      'https://localhost:3000',
      'https://127.0.0.1',
      'https://[::1]:3000',
      'https://app.localhost',
      'not a url',
    ])
      expect(hstsFor(url), url).toBe(false)
  })
})
