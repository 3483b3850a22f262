// The move (docs/PRODUCT.md §14, docs/deploy.md "Move from the embedded stack
// to Supabase"): a backup taken on the embedded database (PGlite, images in a
// folder) restored on this run's target, and the other way, ends with the same
// content and images that load. On the postgres target that is PGlite ->
// PostgreSQL and back; on the deno target the edge function on PostgreSQL with
// images in (a stand-in for) Supabase Storage; on pglite, PGlite to PGlite.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { archiveForm, buildPortfolio, portfolioView } from '@test-support/backup-fixtures.ts'
import { createTestContext, target, type TestContext } from '@test-support/api-harness.ts'

let embedded: TestContext
let here: TestContext
let embeddedAdmin: string
let hereAdmin: string

beforeAll(async () => {
  embedded = await createTestContext('pglite')
  here = await createTestContext()
  embeddedAdmin = (await embedded.registerAdmin()).token
  hereAdmin = (await here.registerAdmin('owner', 'another-secret')).token
})
afterAll(async () => {
  await embedded?.close()
  await here?.close()
})

async function move(from: TestContext, fromToken: string, to: TestContext, toToken: string) {
  const backup = await from.request<Uint8Array>('GET', '/backup?messages=1', {
    token: fromToken,
    binary: true,
  })
  expect(backup.status).toBe(200)
  const restored = await to.request('POST', '/backup', {
    token: toToken,
    rawBody: archiveForm(backup.body),
  })
  expect(restored.status, JSON.stringify(restored.body)).toBe(200)
  return restored.body
}

describe(`moving a portfolio between the embedded database and ${target}`, () => {
  test('from the embedded stack: same content, images that load, accounts untouched', async () => {
    await buildPortfolio(embedded, embeddedAdmin)
    const original = await portfolioView(embedded, embeddedAdmin)
    const summary = await move(embedded, embeddedAdmin, here, hereAdmin)
    expect(summary).toMatchObject({ projects: 2, technologies: 2, images: 6, messages: 1 })
    expect(await portfolioView(here, hereAdmin)).toEqual(original)
    // The images are this instance's own files now.
    const projects = (await here.request('GET', '/projects')).body
    const thumbnail = projects[0].thumbnail as string
    expect(await here.storedFile(thumbnail)).not.toBeNull()
    const users = (await here.request('GET', '/users', { token: hereAdmin })).body
    expect(users.map((u: { username: string }) => u.username)).toEqual(['owner'])
    const inbox = (await here.request('GET', '/messages', { token: hereAdmin })).body
    expect(inbox.map((m: { name: string }) => m.name)).toEqual(['Grace'])
  })

  test('and back again to the embedded stack, after a change made there', async () => {
    const [first] = (await here.request('GET', '/technologies', { token: hereAdmin })).body
    const renamed = await here.request('PATCH', `/technologies/${first.id}`, {
      token: hereAdmin,
      body: { name: 'TypeScript 6' },
    })
    expect(renamed.status).toBe(200)
    const changed = await portfolioView(here, hereAdmin)
    await move(here, hereAdmin, embedded, embeddedAdmin)
    expect(await portfolioView(embedded, embeddedAdmin)).toEqual(changed)
    expect(await embedded.storedCount()).toBe(6)
  })
})
