import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'
import { createStack } from './create-stack.ts'

// A plain PostgreSQL whose database owner is no superuser, as on a managed
// service: the stack migrates as that owner and serves requests as anon and
// authenticated (supabase/schemas/00_roles_and_helpers.sql).
// Runs only with TEST_POSTGRES_URL naming a superuser connection that may create
// roles and databases; it drops what it created.
const adminUrl = process.env.TEST_POSTGRES_URL

describe.skipIf(!adminUrl)('the stack on a database owned by a non-superuser', () => {
  const suffix = `${process.pid}_${Date.now().toString(36)}`
  const created: { role: string; database: string }[] = []
  let admin: postgres.Sql
  let dataDir: string

  /** A login role (CREATEROLE or not, never superuser) and a database it owns. */
  async function ownerDatabase(name: string, createRole: boolean): Promise<string> {
    const role = `vitrine_owner_${name}_${suffix}`
    const database = `vitrine_owned_${name}_${suffix}`
    created.push({ role, database })
    await admin.unsafe(
      `create role ${role} login nosuperuser ${createRole ? 'createrole' : ''} password 'owner-pw'`,
    )
    await admin.unsafe(`create database ${database} owner ${role}`)
    const url = new URL(adminUrl!)
    url.username = role
    url.password = 'owner-pw'
    url.pathname = `/${database}`
    return url.toString()
  }

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} })
    dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-owner-'))
  })

  afterAll(async () => {
    for (const { role, database } of created) {
      await admin?.unsafe(`drop database if exists ${database} with (force)`)
      await admin?.unsafe(`drop role if exists ${role}`)
    }
    await admin?.end({ timeout: 5 })
    await rm(dataDir, { recursive: true, force: true })
  })

  test('migrates as an owner with CREATEROLE and serves visitors and signed-in accounts', async () => {
    const url = await ownerDatabase('createrole', true)
    const stack = await createStack(
      readConfig({ DATA_DIR: dataDir, DATABASE_URL: url, DEMO_CONTENT: 'on' }),
    )
    try {
      const [me] = await stack.db.driver.query<{ superuser: boolean; anon: boolean }>(
        `select r.rolsuper as superuser, pg_has_role('anon', 'member') as anon
         from pg_roles r where r.rolname = current_user`,
      )
      expect(me).toEqual({ superuser: false, anon: true })
      expect(stack.migration.applied).toContain('20261204000000_baseline')

      const api = (pathname: string, init: RequestInit = {}) =>
        stack.app.request(`/functions/v1/api${pathname}`, init)
      const projects = await api('/projects')
      expect(projects.status).toBe(200)
      expect(((await projects.json()) as unknown[]).length).toBeGreaterThan(0)

      const json = { 'content-type': 'application/json' }
      // The seed creates no account: the first register makes the admin.
      const register = await api('/auth/register', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'owner', password: 'secret-sauce-1' }),
      })
      expect(register.status).toBe(201)
      const { accessToken } = (await register.json()) as { accessToken: string }
      const auth = { ...json, authorization: `Bearer ${accessToken}` }
      const who = await api('/auth/me', { headers: auth })
      expect(await who.json()).toMatchObject({ username: 'owner', role: 'admin' })
      const technology = await api('/technologies', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Owned by a non-superuser' }),
      })
      expect(technology.status).toBe(201)
      const sent = await api('/contact', {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': '192.0.2.44' },
        body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', message: 'Hello' }),
      })
      expect(sent.status).toBe(201)
    } finally {
      await stack.close()
    }
  })

  test('refuses to start, naming the grant to run, when the owner may not take the roles', async () => {
    const url = await ownerDatabase('plain', false)
    const role = `vitrine_owner_plain_${suffix}`
    await expect(createStack(readConfig({ DATA_DIR: dataDir, DATABASE_URL: url }))).rejects.toThrow(
      `As a superuser, run: grant anon, authenticated to "${role}"`,
    )
  })
})
