// supabase/seed.sql applied to a test's database as the server applies it on
// start (server/migrate.ts), through the harness's privileged `sql()`: one
// statement, so the whole file goes in as the body of a DO block.
import { readFile } from 'node:fs/promises'
import { seedFile } from '../../server/migrate.ts'

/** The demo portfolio's counts, as the seed writes them (GET /demo's `counts`). */
export const SEEDED = {
  projects: 6,
  technologies: 12,
  certifications: 4,
  experiences: 3,
  education: 2,
  posts: 0,
  configs: 14,
}

export async function applyDemoSeed(sql: (query: string) => Promise<unknown>): Promise<void> {
  const seed = await readFile(seedFile, 'utf8')
  await sql(`do $seed$ begin\n${seed}\nend $seed$`)
}
