import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { migrationsHash } from '@test-support/api-harness.ts'
import { throwawayDatabase, type ThrowawayDatabase } from '@test-support/throwaway-database.ts'
import { dumpSchema, SCHEMA_FILE } from './schema-dump.ts'

// supabase/schema.sql must be what the migrations build (server/schema-dump.ts).
let database: ThrowawayDatabase | undefined
beforeAll(async () => {
  if (process.env.TEST_POSTGRES_URL) database = await throwawayDatabase(await migrationsHash())
})
afterAll(async () => {
  await database?.drop()
})

test.runIf(!!process.env.TEST_POSTGRES_URL)(
  'supabase/schema.sql is the schema the migrations build (else: npm run db:schema)',
  async () => {
    const dumped = await dumpSchema(database!.url)
    const committed = await readFile(SCHEMA_FILE, 'utf8')
    expect(dumped.length).toBeGreaterThan(10_000)
    // Every table and policy name is in it once, as it is now.
    expect(committed).toContain('CREATE TABLE public.projects')
    expect(committed).toContain('CREATE POLICY "Visitors can read active projects"')
    expect(committed.match(/CREATE FUNCTION app\.attempt_login\(/g)).toHaveLength(1)
    expect(dumped === committed, 'supabase/schema.sql is out of date: run npm run db:schema').toBe(
      true,
    )
  },
)
