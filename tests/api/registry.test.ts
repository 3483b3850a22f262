// The registry of resources (api/registry.ts, docs/decisions/081) against the
// database it describes and the code that goes over it: a table with
// translations, an image column or a history trigger that the registry leaves
// out fails here, and so does a registered resource that a consumer (the
// backup, the demo removal, the history, the back office's keys) misses.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'
import { TRANSLATED_ITEMS } from '@test-support/translated-items.ts'
import {
  ACTIVITY_ENTITIES,
  DEMO_KINDS,
  RESOURCES,
  TRANSLATABLE,
  WITH_IMAGES,
  type ImageHold,
  type Resource,
} from '../../supabase/functions/_shared/api/registry.ts'
import { activityEntity, demoCounts } from '../../supabase/functions/_shared/contract/responses.ts'
import { backupSchema } from '../../supabase/functions/_shared/toolkit/backup-format.ts'
import { imageRows, readContent } from '../../supabase/functions/_shared/toolkit/backup-export.ts'

let t: TestContext

beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const registered = new Map<string, Resource>(RESOURCES.map((r) => [r.table, r]))

/** The public tables' columns: table -> column -> data type. */
async function columns(): Promise<Map<string, Map<string, string>>> {
  const rows = await t.sql<{ table: string; column: string; type: string }>(
    `select table_name as table, column_name as column, data_type as type
       from information_schema.columns where table_schema = 'public'`,
  )
  const tables = new Map<string, Map<string, string>>()
  for (const { table, column, type } of rows)
    tables.set(table, (tables.get(table) ?? new Map()).set(column, type))
  return tables
}

describe('the registry and the database', () => {
  test('every table with translations is registered with its translatable fields, and only those', async () => {
    const tables = await columns()
    const translated = [...tables].filter(([, cols]) => cols.has('translations')).map(([t]) => t)
    expect(translated.sort()).toEqual(Object.keys(TRANSLATABLE).sort())
    for (const [table, fields] of Object.entries(TRANSLATABLE))
      for (const field of fields)
        expect(tables.get(table)?.has(field), `${table}.${field}`).toBe(true)
  })

  test("each translated table's check allows the registry's fields and refuses its other columns", async () => {
    const tables = await columns()
    for (const [table, fields] of Object.entries(TRANSLATABLE)) {
      const checks = await t.sql<{ expr: string }>(
        `select pg_get_expr(c.conbin, c.conrelid) as expr
           from pg_constraint c
          where c.conrelid = $1::regclass and c.contype = 'c'
            and pg_get_expr(c.conbin, c.conrelid) like '%translations%'`,
        [`public.${table}`],
      )
      expect(checks, table).toHaveLength(1)
      // The constraint's own expression, over a one-column row named as the table's.
      const allows = async (field: string) => {
        const [row] = await t.sql<{ ok: boolean }>(
          `select (${checks[0]!.expr}) as ok from (select $1::jsonb as translations) s`,
          [JSON.stringify({ fr: { [field]: 'x' } })],
        )
        return row?.ok === true
      }
      for (const field of fields) expect(await allows(field), `${table}: ${field}`).toBe(true)
      const others = [...tables.get(table)!.keys()].filter((c) => !fields.includes(c as never))
      expect(others.length).toBeGreaterThan(0)
      for (const column of [...others, 'notAField'])
        expect(await allows(column), `${table}: ${column}`).toBe(false)
    }
  })

  test('every column that can hold an image is registered, as the type its hold needs', async () => {
    const tables = await columns()
    const looksLikeImage = /image|thumbnail|icon|cover|logo|avatar|photo/
    for (const [table, cols] of tables)
      for (const column of cols.keys())
        if (looksLikeImage.test(column))
          expect(
            (registered.get(table)?.images as Record<string, ImageHold> | undefined)?.[column],
            `${table}.${column}`,
          ).toBeDefined()
    const typeOf: Record<ImageHold, string[]> = {
      url: ['text'],
      urls: ['ARRAY'],
      text: ['text', 'jsonb'],
    }
    for (const r of WITH_IMAGES)
      for (const [column, hold] of Object.entries(r.images))
        expect(typeOf[hold as ImageHold], `${r.table}.${column}`).toContain(
          tables.get(r.table)?.get(column),
        )
  })

  test('every table the history records is registered as recorded, and labelled by its noun', async () => {
    const rows = await t.sql<{ table: string }>(
      `select distinct c.relname as table
         from pg_trigger g
         join pg_class c on c.oid = g.tgrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not g.tgisinternal and g.tgname in (c.relname || '_activity_insert', c.relname || '_activity_update',
                           c.relname || '_activity_delete')`,
    )
    expect(rows.map((r) => r.table).sort()).toEqual([...ACTIVITY_ENTITIES].sort())
    expect(activityEntity.options).toEqual(ACTIVITY_ENTITIES)
    const tables = await columns()
    for (const table of ACTIVITY_ENTITIES) {
      // The languages' entry is one about the whole list, written with its own summary.
      if (table === 'languages') continue
      const row = Object.fromEntries([...tables.get(table)!.keys()].map((c) => [c, 'x']))
      const [label] = await t.sql<{ label: string | null }>(
        'select app.activity_label($1, $2::jsonb) as label',
        [table, JSON.stringify(row)],
      )
      expect(label?.label, table).toContain(registered.get(table)!.noun[0])
    }
  })

  test("the demo's kinds are the ones the database fingerprints, and the answer counts", async () => {
    const [source] = await t.sql<{ src: string }>(
      `select pg_get_functiondef('app.content_fingerprints()'::regprocedure) as src`,
    )
    const fingerprinted = [...source!.src.matchAll(/select '(\w+)',/g)].map((m) => m[1])
    expect(fingerprinted.length).toBeGreaterThan(0)
    expect([...DEMO_KINDS].sort()).toEqual([...new Set(fingerprinted)].sort())
    expect([...DEMO_KINDS].sort()).toEqual(Object.keys(demoCounts.shape).sort())
  })
})

describe('the registry and its consumers', () => {
  test('a resource with translations, images or public pages is in the backup', async () => {
    const content = await readContent({ query: (sql, params) => t.sql(sql, params) }, true)
    for (const r of RESOURCES) {
      const needed = 'translatable' in r || 'images' in r || r.public
      if (needed) expect(r.backup, r.table).not.toBeNull()
      if (r.backup === null) continue
      expect(Object.keys(backupSchema.shape), r.table).toContain(r.backup)
      expect(Object.keys(content), r.table).toContain(r.backup)
    }
  })

  test("each image column is a field of its resource's rows in a backup", () => {
    type Json = { properties?: Record<string, Json>; items?: Json; anyOf?: Json[] }
    const schema = z.toJSONSchema(backupSchema, { io: 'input', unrepresentable: 'any' }) as Json
    for (const { resource, fields } of imageRows({})) {
      const rows = schema.properties?.[resource.backup]
      const items = rows?.items ?? rows?.anyOf?.find((s) => s.items)?.items
      for (const [field] of fields)
        expect(Object.keys(items?.properties ?? {}), resource.table).toContain(field)
    }
  })

  test("each translated resource's API takes texts in exactly the registry's fields", async () => {
    const r = await t.roles()
    const put = await t.request('PUT', '/languages', {
      token: r.admin.token,
      body: { default: 'en', languages: ['en', 'fr'] },
    })
    expect(put.status).toBe(200)
    for (const [table, { path, body }] of Object.entries(TRANSLATED_ITEMS)) {
      const fields = TRANSLATABLE[table as keyof typeof TRANSLATABLE]
      const texts = Object.fromEntries(fields.map((field) => [field, `Texte ${field}`]))
      const made = await t.request('POST', path, {
        token: r.admin.token,
        body: { ...body, translations: { fr: texts } },
      })
      expect(made.status, `${path}: ${JSON.stringify(made.body)}`).toBe(201)
      expect(made.body.translations, path).toEqual({ fr: texts })
      const refused = await t.request('POST', path, {
        token: r.admin.token,
        body: { ...body, translations: { fr: { notAField: 'x' } } },
      })
      expect(refused.status, path).toBe(400)
    }
  })

  test('a resource with translations or images has a back office query key, each its own', () => {
    for (const r of RESOURCES)
      if ('translatable' in r || 'images' in r) expect(r.query, r.table).not.toBeNull()
    const keys = RESOURCES.flatMap((r) => (r.query ? [r.query.key] : []))
    expect(new Set(keys).size).toBe(keys.length)
  })
})
