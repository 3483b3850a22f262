// A fresh, migrated PostgreSQL database for one test file, on the server named
// by TEST_POSTGRES_URL. The migrations run once into a template database named
// after their contents; each test file clones it (CREATE DATABASE ... TEMPLATE,
// a file copy, far faster than migrating again) and drops its clone at the end.
//
// TEST_POSTGRES_SHAPE=supabase: the server is one supabase/tests/supabase-shape.sh
// prepared, TEST_POSTGRES_URL names its superuser (supabase_admin), and every
// database is cloned from its Supabase-shaped template and owned by `postgres`,
// no superuser, as on Supabase. The migrations and the app then run as
// `postgres` (password `postgres`), and `url` names that role; `adminUrl` keeps
// the superuser for what only it may do. Every template hashes passwords at
// bcrypt's least cost (password-cost.ts).
import postgres from 'postgres'
import { createPostgresDriver } from '../../server/db/postgres-driver.ts'
import { migrate } from '../../server/migrate.ts'
import { LOWER_PASSWORD_COST, TEST_PASSWORD_COST } from './password-cost.ts'

export interface ThrowawayDatabase {
  /** The role the app connects as: the superuser, or `postgres` on the Supabase shape. */
  url: string
  /** The same database as the server's superuser. */
  adminUrl: string
  name: string
  drop(): Promise<void>
}

export type Shape = 'plain' | 'supabase'
export const shape: Shape = ((): Shape => {
  const value = process.env.TEST_POSTGRES_SHAPE?.trim() || 'plain'
  if (value !== 'plain' && value !== 'supabase')
    throw new Error(`TEST_POSTGRES_SHAPE must be plain or supabase, got "${value}"`)
  return value
})()

/** The template supabase/tests/supabase-shape.sh makes, and the role Supabase's migrations run as. */
const SUPABASE_SHAPE = { template: 'supabase_shape', role: 'postgres', password: 'postgres' }

export function adminUrl(): string {
  const url = process.env.TEST_POSTGRES_URL?.trim()
  if (!url)
    throw new Error(
      'TEST_POSTGRES_URL must name a PostgreSQL server where tests may create databases, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres',
    )
  return url
}

/** A database on the server as its superuser. */
export function adminUrlFor(database: string): string {
  const url = new URL(adminUrl())
  url.pathname = `/${database}`
  return url.toString()
}

/** A database on the server as the role the app runs as (see `shape`). */
export function urlFor(database: string): string {
  const url = new URL(adminUrlFor(database))
  if (shape === 'supabase') {
    url.username = SUPABASE_SHAPE.role
    url.password = SUPABASE_SHAPE.password
  }
  return url.toString()
}

/** CREATE DATABASE's clauses: on the Supabase shape, from its template and owned by postgres. */
function createFrom(template?: string): string {
  if (shape === 'plain') return template ? `template ${template}` : ''
  return `template ${template ?? SUPABASE_SHAPE.template} owner ${SUPABASE_SHAPE.role}`
}

const LOCK = 731_022_011 // any constant: serializes template builds across test workers

async function ensureTemplate(admin: postgres.Sql, templateName: string): Promise<void> {
  const exists = async () =>
    (await admin`select 1 from pg_database where datname = ${templateName}`).length > 0
  if (await exists()) return
  const lock = await admin.reserve()
  try {
    await lock`select pg_advisory_lock(${LOCK})`
    if (await exists()) return
    const building = `${templateName}_build`
    await admin.unsafe(`drop database if exists ${building} with (force)`)
    await admin.unsafe(`create database ${building} ${createFrom()}`)
    const driver = createPostgresDriver(urlFor(building), 1)
    try {
      await migrate(driver, { seed: false })
      await driver.query(LOWER_PASSWORD_COST)
    } finally {
      await driver.close()
    }
    // Renamed only once complete, so nobody clones half a template.
    await admin.unsafe(`alter database ${building} rename to ${templateName}`)
  } finally {
    await lock`select pg_advisory_unlock(${LOCK})`.catch(() => {})
    lock.release()
  }
}

export async function throwawayDatabase(migrationsHash: string): Promise<ThrowawayDatabase> {
  const admin = postgres(adminUrl(), { max: 2, onnotice: () => {} })
  try {
    const template = `vitrine_tpl_${shape === 'supabase' ? 'sb_' : ''}${migrationsHash}_c${TEST_PASSWORD_COST}`
    await ensureTemplate(admin, template)
    const name = `vitrine_t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    // Two clones of one template at the same instant can collide on its lock: retry.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name} ${createFrom(template)}`)
        break
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
    return {
      name,
      url: urlFor(name),
      adminUrl: adminUrlFor(name),
      drop: async () => {
        const closer = postgres(adminUrl(), { max: 1, onnotice: () => {} })
        try {
          await closer.unsafe(`drop database if exists ${name} with (force)`)
        } finally {
          await closer.end({ timeout: 5 })
        }
      },
    }
  } finally {
    await admin.end({ timeout: 5 })
  }
}
