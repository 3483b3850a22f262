import { readFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createPostgresDriver } from './db/postgres-driver.ts'
import { migrate } from './migrate.ts'
import { schemasDir } from '../scripts/schema-topics.ts'

// Storage's table storage.objects belongs to its own role on Supabase, and
// the role pushing the migrations (postgres, no superuser) may then not add a
// policy to it. supabase/schemas/11_storage.sql (in the baseline migration) adds
// the backups policy only where it may, and otherwise warns (docs/RELIABILITY.md,
// "Supabase as it runs"). Needs TEST_POSTGRES_URL naming a superuser that may
// create roles and databases; it drops what it created.
const adminUrl = process.env.TEST_POSTGRES_URL
const POLICY = 'backups are for the API alone'
const storageFile = path.join(schemasDir, '11_storage.sql')

describe.skipIf(!adminUrl)(
  'the backups policy on a storage.objects the pusher does not own',
  () => {
    const suffix = `${process.pid}_${Date.now().toString(36)}`
    const pusher = `vitrine_pusher_${suffix}`
    const storageOwner = `vitrine_storage_${suffix}`
    const database = `vitrine_storage_guard_${suffix}`
    let admin: postgres.Sql
    let asAdmin: postgres.Sql
    let pusherUrl: string

    const policies = async () =>
      (
        await asAdmin<{ policyname: string }[]>`
        select policyname from pg_policies where schemaname = 'storage' and tablename = 'objects'`
      ).map((row) => row.policyname)

    beforeAll(async () => {
      admin = postgres(adminUrl!, { max: 1, onnotice: () => {} })
      await admin.unsafe(`create role ${storageOwner} nologin`)
      await admin.unsafe(
        `create role ${pusher} login nosuperuser createrole bypassrls password 'pusher-pw'`,
      )
      await admin.unsafe(`create database ${database} owner ${pusher}`)
      const url = new URL(adminUrl!)
      url.pathname = `/${database}`
      asAdmin = postgres(url.toString(), { max: 1, onnotice: () => {} })
      // Storage's two tables as its migrations leave them, as far as the migrations read them.
      await asAdmin.unsafe(`
      create schema storage;
      create table storage.buckets (id text primary key, name text not null, public boolean default false,
        file_size_limit bigint, allowed_mime_types text[]);
      create table storage.objects (id uuid primary key default gen_random_uuid(),
        bucket_id text references storage.buckets (id), name text);
      alter table storage.objects enable row level security;
      alter table storage.buckets owner to ${storageOwner};
      alter table storage.objects owner to ${storageOwner};
      grant usage on schema storage to ${pusher};
      grant all on storage.buckets, storage.objects to ${pusher};`)
      url.username = pusher
      url.password = 'pusher-pw'
      pusherUrl = url.toString()
    })

    afterAll(async () => {
      await asAdmin?.end({ timeout: 5 })
      await admin?.unsafe(`drop database if exists ${database} with (force)`)
      await admin?.unsafe(`drop role if exists ${pusher}`)
      await admin?.unsafe(`drop role if exists ${storageOwner}`)
      await admin?.end({ timeout: 5 })
    })

    test('every migration applies, the bucket is made, and the policy is left out with a warning', async () => {
      const driver = createPostgresDriver(pusherUrl, 1)
      try {
        const { applied } = await migrate(driver, { seed: false })
        expect(applied).toContain('20261204000000_baseline')
      } finally {
        await driver.close()
      }
      const buckets = await asAdmin<{ id: string }[]>`select id from storage.buckets order by id`
      expect(buckets.map((b) => b.id)).toEqual(['backups', 'images'])
      expect(await policies()).toEqual([])

      // The storage file again, as the pusher, to read what it says.
      const warnings: { message: string; hint?: string }[] = []
      const sql = postgres(pusherUrl, {
        max: 1,
        onnotice: (notice) => warnings.push(notice as never),
      })
      try {
        await sql.unsafe(await readFile(storageFile, 'utf8'))
      } finally {
        await sql.end({ timeout: 5 })
      }
      expect(warnings).toHaveLength(1)
      expect(warnings[0]!.message).toBe(
        `The policy "${POLICY}" was not added: ${pusher} may not add policies to storage.objects, owned by ${storageOwner}`,
      )
      expect(warnings[0]!.hint).toContain(
        `create policy "${POLICY}" on storage.objects as restrictive`,
      )
    })

    test('a role that may add it gets it, once', async () => {
      await asAdmin.unsafe(await readFile(storageFile, 'utf8'))
      await asAdmin.unsafe(await readFile(storageFile, 'utf8'))
      expect(await policies()).toEqual([POLICY])
    })
  },
)
