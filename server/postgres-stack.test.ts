import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'
import { createStack } from './create-stack.ts'

// The same stack on a real Postgres (DATABASE_URL mode). Runs only when
// TEST_POSTGRES_URL points at a server where it may create a throwaway
// database, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres; it never
// touches the database in that URL itself.
const adminUrl = process.env.TEST_POSTGRES_URL

describe.skipIf(!adminUrl)('the stack on Postgres (TEST_POSTGRES_URL)', () => {
  const name = `vitrine_stack_test_${process.pid}_${Date.now()}`
  let admin: postgres.Sql
  let url: string
  let dataDir: string

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
    const parsed = new URL(adminUrl!)
    parsed.pathname = `/${name}`
    url = parsed.toString()
    dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-pg-stack-'))
  })

  afterAll(async () => {
    await admin?.unsafe(`drop database if exists ${name} with (force)`)
    await admin?.end({ timeout: 5 })
    await rm(dataDir, { recursive: true, force: true })
  })

  test('migrates and seeds once, then serves the seeded projects', async () => {
    const config = readConfig({ DATA_DIR: dataDir, DATABASE_URL: url, DEMO_CONTENT: 'on' })
    const first = await createStack(config)
    try {
      expect(first.migration.applied.length).toBeGreaterThan(0)
      expect(first.migration.seeded).toBe(true)
      const response = await first.app.request('/functions/v1/api/projects')
      expect(response.status).toBe(200)
      expect(((await response.json()) as unknown[]).length).toBe(5)
    } finally {
      await first.close()
    }

    const second = await createStack(config)
    try {
      expect(second.migration).toEqual({ applied: [], seeded: false })
      const response = await second.app.request('/functions/v1/api/technologies')
      expect(((await response.json()) as unknown[]).length).toBe(12)
    } finally {
      await second.close()
    }
  })

  test("without DEMO_CONTENT, npm start's settings migrate an empty database and leave it empty", async () => {
    const other = `${name}_clean`
    await admin.unsafe(`create database ${other}`)
    const parsed = new URL(url)
    parsed.pathname = `/${other}`
    const stack = await createStack(
      readConfig({ DATA_DIR: dataDir, DATABASE_URL: parsed.toString() }),
    )
    try {
      expect(stack.migration.seeded).toBe(false)
      const response = await stack.app.request('/functions/v1/api/technologies')
      expect(await response.json()).toEqual([])
    } finally {
      await stack.close()
      await admin.unsafe(`drop database if exists ${other} with (force)`)
    }
  })

  test('rolls a failed script back on its own connection and keeps the pool usable', async () => {
    const stack = await createStack(readConfig({ DATA_DIR: dataDir, DATABASE_URL: url }))
    try {
      const driver = stack.db.driver as unknown as { exec(sql: string): Promise<void> }
      await expect(driver.exec('begin; select 1/0; commit;')).rejects.toThrow(/division by zero/)
      const health = await stack.app.request('/functions/v1/api/health')
      expect(health.status).toBe(200)
    } finally {
      await stack.close()
    }
  })
})
