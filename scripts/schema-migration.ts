// `npm run db:migration -- <name>` (docs/decisions/087-migrations-written-from-the-topic-files.md):
// a change to the database is made once, in its topic file (supabase/schemas),
// and this writes the migration that brings a database the migrations built
// to the same place. It builds both on PGlite (no server needed), reads each
// one's catalogue object by object (scripts/schema-catalogue.ts) and writes
// the statements for what differs: functions (create or replace, or drop and
// create when the signature changed), triggers, policies, views and
// constraints (drop and create), indexes, columns (add, drop, type, default,
// not null), tables, row-level security, grants and comments. It then applies
// them to the migrated database and reads it again: anything still different,
// and anything it cannot write (rows, types, renamed columns...), stops it
// with the object's name, and no file is written.
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createPgliteDriver, type PgliteDriver } from '../server/db/pglite-driver.ts'
import { migrate, migrationsDir as defaultMigrationsDir } from '../server/migrate.ts'
import {
  readCatalogue,
  type Catalogue,
  type Column,
  type Grant,
  type Keyed,
  type Query,
} from './schema-catalogue.ts'
import { STORAGE_STAND_IN } from './schema-dump.ts'
import { applySchemaFiles, schemasDir as defaultSchemasDir } from './schema-topics.ts'

/** A new object starts with no privilege for these; the topic files grant what each needs. */
const RESET_ROLES = 'public, anon, authenticated'

export interface Plan {
  statements: string[]
  /** The same, in groups that apply in order (drops, functions, tables, ...). */
  groups: string[][]
  /** What cannot be written as a migration, each naming its object. */
  refused: string[]
}

const columnSql = (c: Column) =>
  [
    c.name,
    c.type,
    c.collation && `collate ${c.collation}`,
    c.generated === 's'
      ? `generated always as (${c.default}) stored`
      : c.identity
        ? `generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`
        : c.default !== null && `default ${c.default}`,
    c.notnull && !c.identity && 'not null',
  ]
    .filter(Boolean)
    .join(' ')

function grantSql(grant: Grant, verb: 'grant' | 'revoke'): string {
  const [object = '', grantee, privilege, grantable] = grant.split('|')
  const space = object.indexOf(' ')
  const kind = object.slice(0, space)
  const name = object.slice(space + 1)
  const to = verb === 'grant' ? 'to' : 'from'
  const option = verb === 'grant' && grantable === 'true' ? ' with grant option' : ''
  if (kind === 'column') {
    const [table, column] = splitColumn(name)
    return `${verb} ${privilege?.toLowerCase()} (${column}) on table ${table} ${to} ${grantee}${option};`
  }
  return `${verb} ${privilege?.toLowerCase()} on ${kind} ${name} ${to} ${grantee}${option};`
}

/** `schema.table column` (as the catalogue writes a column's grants) into its two names. */
const splitColumn = (name: string): [string, string] => {
  const space = name.lastIndexOf(' ')
  return [name.slice(0, space), name.slice(space + 1)]
}

/** The object a grant is on: `table x.y`, `function x.f(...)`, `column x.y c`. */
const grantObject = (grant: Grant) => grant.split('|')[0]!

/** The statements that bring `from` to `to`, in an order that applies. */
export function planMigration(from: Catalogue, to: Catalogue): Plan {
  const refused: string[] = []
  const phase = {
    drops: [] as string[],
    dropColumns: [] as string[],
    dropTables: [] as string[],
    dropFunctions: [] as string[],
    schemas: [] as string[],
    functions: [] as string[],
    tables: [] as string[],
    columns: [] as string[],
    keys: [] as string[],
    checks: [] as string[],
    foreignKeys: [] as string[],
    indexes: [] as string[],
    views: [] as string[],
    triggers: [] as string[],
    policies: [] as string[],
    security: [] as string[],
    revokes: [] as string[],
    grants: [] as string[],
    comments: [] as string[],
  }
  /** Objects made anew: their grants and comments are written whole. */
  const recreated = new Set<string>()

  for (const schema of to.schemas)
    if (!from.schemas.has(schema)) {
      phase.schemas.push(`create schema ${schema};`)
      recreated.add(`schema ${schema}`)
    }
  for (const schema of from.schemas)
    if (!to.schemas.has(schema)) refused.push(`schema ${schema} is gone: drop it by hand`)

  for (const [key, item] of to.unsupported)
    if (from.unsupported.get(key)?.def !== item.def)
      refused.push(`${key}: the generator does not write this kind of object`)
  for (const key of from.unsupported.keys())
    if (!to.unsupported.has(key))
      refused.push(`${key} is gone: the generator does not write this kind of object`)

  // Tables and their columns.
  const droppedTables = new Set([...from.tables.keys()].filter((name) => !to.tables.has(name)))
  const newTables = new Set([...to.tables.keys()].filter((name) => !from.tables.has(name)))
  const onDroppedTable = (item: { table?: string }) =>
    item.table !== undefined && droppedTables.has(item.table)
  for (const name of droppedTables) phase.dropTables.push(`drop table ${name};`)
  for (const name of newTables) {
    const table = to.tables.get(name)!
    phase.tables.push(
      `create${table.persistence === 'u' ? ' unlogged' : ''} table ${name} (\n` +
        table.columns.map((c) => `  ${columnSql(c)}`).join(',\n') +
        '\n);',
    )
    phase.revokes.push(`revoke all on table ${name} from ${RESET_ROLES};`)
    recreated.add(`table ${name}`)
  }
  for (const [name, table] of to.tables) {
    const before = from.tables.get(name)
    const alter = `alter table ${name}`
    if (before) {
      if (before.shape !== table.shape)
        refused.push(
          `table ${name}: its kind or options changed (${before.shape} -> ${table.shape})`,
        )
      if (before.persistence !== table.persistence)
        phase.columns.push(`${alter} set ${table.persistence === 'u' ? 'unlogged' : 'logged'};`)
      const columns = new Map(table.columns.map((c) => [c.name, c]))
      const kept = before.columns.filter((c) => columns.has(c.name))
      for (const c of before.columns)
        if (!columns.has(c.name)) phase.dropColumns.push(`${alter} drop column ${c.name};`)
      const added = table.columns.filter((c) => !before.columns.some((b) => b.name === c.name))
      const order = [...kept, ...added].map((c) => c.name).join(', ')
      if (order !== table.columns.map((c) => c.name).join(', '))
        refused.push(
          `table ${name}: a migration adds columns last, so declare ${added.map((c) => c.name).join(', ') || 'its columns'} ` +
            `last in its create table, in this order: ${order} (or rename by hand)`,
        )
      for (const c of added) phase.columns.push(`${alter} add column ${columnSql(c)};`)
      for (const old of kept) {
        const now = columns.get(old.name)!
        const column = `${alter} alter column ${now.name}`
        if (
          old.identity !== now.identity ||
          old.generated !== now.generated ||
          old.collation !== now.collation ||
          (now.generated && old.default !== now.default)
        ) {
          refused.push(`column ${name}.${now.name}: its identity, generation or collation changed`)
          continue
        }
        if (old.type !== now.type) {
          if (old.default !== null) phase.columns.push(`${column} drop default;`)
          phase.columns.push(`${column} type ${now.type} using ${now.name}::${now.type};`)
          if (now.default !== null && !now.generated)
            phase.columns.push(`${column} set default ${now.default};`)
        } else if (old.default !== now.default && !now.generated)
          phase.columns.push(
            now.default === null
              ? `${column} drop default;`
              : `${column} set default ${now.default};`,
          )
        if (old.notnull !== now.notnull && !now.identity)
          phase.columns.push(`${column} ${now.notnull ? 'set' : 'drop'} not null;`)
      }
    }
    if (table.rls !== (before?.rls ?? false))
      phase.security.push(`${alter} ${table.rls ? 'enable' : 'disable'} row level security;`)
    if (table.forceRls !== (before?.forceRls ?? false))
      phase.security.push(`${alter} ${table.forceRls ? '' : 'no '}force row level security;`)
    if (to.rows.get(name) !== from.rows.get(name) && (before || to.rows.has(name)))
      refused.push(
        `table ${name}: its rows differ (the generator writes definitions, not data; ` +
          'write this change by hand, or generate the definitions first and add the rows after)',
      )
  }

  // Identity sequences come with their columns; any other sequence is not written.
  for (const [key, sequence] of to.sequences) {
    const before = from.sequences.get(key)
    if (before ? before.def !== sequence.def : !isNewColumn(from, to, key))
      refused.push(
        `sequence ${sequence.def.split(' ')[0]}: its options changed, or it stands alone`,
      )
  }
  for (const key of from.sequences.keys())
    if (!to.sequences.has(key) && !isGoneColumn(from, to, key))
      refused.push(`sequence for ${key} is gone: drop it by hand`)

  // Functions.
  for (const [key, fn] of to.functions) {
    const before = from.functions.get(key)
    if (before?.def === fn.def) continue
    if (before && before.signature !== fn.signature) {
      phase.dropFunctions.push(`drop function ${key};`)
      recreated.add(`function ${key}`)
    }
    if (!before || before.signature !== fn.signature) {
      phase.revokes.push(`revoke all on function ${key} from ${RESET_ROLES};`)
      recreated.add(`function ${key}`)
    }
    phase.functions.push(`${fn.def.trim()};`)
  }
  for (const key of from.functions.keys())
    if (!to.functions.has(key)) phase.dropFunctions.push(`drop function ${key};`)

  // Objects of a table, dropped and made again when their definition changed.
  const replace = (
    before: Map<string, Keyed>,
    after: Map<string, Keyed>,
    drop: (item: Keyed) => string,
    create: (item: Keyed) => string,
    into: string[],
    target: (item: Keyed) => string,
  ) => {
    for (const [key, item] of before)
      if (after.get(key)?.def !== item.def && !onDroppedTable(item)) phase.drops.push(drop(item))
    for (const [key, item] of after)
      if (before.get(key)?.def !== item.def) {
        into.push(create(item))
        recreated.add(target(item))
      }
  }
  const localName = (item: Keyed) => item.key.slice((item.table?.length ?? 0) + 1)

  replace(
    from.triggers,
    to.triggers,
    (t) => `drop trigger ${localName(t)} on ${t.table};`,
    (t) => {
      if (t.def.includes(' -- enabled '))
        refused.push(`trigger ${t.key}: disabled or set to fire on replicas`)
      return `${t.def};`
    },
    phase.triggers,
    (t) => `trigger ${localName(t)} on ${t.table}`,
  )
  replace(
    from.policies,
    to.policies,
    (p) => `drop policy ${localName(p)} on ${p.table};`,
    (p) => `${p.def};`,
    phase.policies,
    (p) => `policy ${localName(p)} on ${p.table}`,
  )
  replace(
    from.indexes,
    to.indexes,
    (i) => `drop index ${i.key};`,
    (i) => `${i.def};`,
    phase.indexes,
    (i) => `index ${i.key}`,
  )
  // Constraints: foreign keys go first and come last, keys come before checks.
  const constraintMap = (c: Catalogue) =>
    new Map(
      [...c.constraints].map(([key, item]) => [
        key,
        { key, table: item.table, def: item.def, type: item.type, name: item.name },
      ]),
    )
  const fromConstraints = constraintMap(from)
  const toConstraints = constraintMap(to)
  const constraintDrops: string[] = []
  for (const [key, item] of fromConstraints)
    if (toConstraints.get(key)?.def !== item.def && !onDroppedTable(item))
      (item.type === 'f' ? phase.drops : constraintDrops).push(
        `alter table ${item.table} drop constraint ${item.name};`,
      )
  phase.drops.push(...constraintDrops)
  for (const [key, item] of toConstraints)
    if (fromConstraints.get(key)?.def !== item.def) {
      const into =
        item.type === 'f' ? phase.foreignKeys : item.type === 'c' ? phase.checks : phase.keys
      into.push(`alter table ${item.table} add constraint ${item.name} ${item.def};`)
      recreated.add(`constraint ${item.name} on ${item.table}`)
    }

  // Views: made again whole, with their grants and comments.
  for (const [key, view] of from.views)
    if (to.views.get(key)?.def !== view.def) phase.drops.push(`drop view ${key};`)
  for (const [key, view] of to.views)
    if (from.views.get(key)?.def !== view.def) {
      phase.views.push(`${view.def};`)
      phase.revokes.push(`revoke all on table ${key} from ${RESET_ROLES};`)
      recreated.add(`table ${key}`)
      recreated.add(`view ${key}`)
    }

  // Grants: what is no longer given, then what is given now. An object made
  // anew (or dropped) has none of its old grants.
  const gone = (object: string) => {
    const [kind, ...rest] = object.split(' ')
    const name = rest.join(' ')
    if (kind === 'table') return !to.tables.has(name) && !to.views.has(name)
    if (kind === 'column') {
      const [table, column] = splitColumn(name)
      return !to.tables.get(table)?.columns.some((c) => c.name === column)
    }
    if (kind === 'function') return !to.functions.has(name)
    if (kind === 'schema') return !to.schemas.has(name)
    return false
  }
  const isRecreated = (object: string) => {
    if (recreated.has(object)) return true
    if (object.startsWith('column '))
      return recreated.has(`table ${splitColumn(object.slice(7))[0]}`)
    return false
  }
  const fromGrants = new Set([...from.grants].filter((g) => !isRecreated(grantObject(g))))
  for (const grant of fromGrants)
    if (!to.grants.has(grant) && !gone(grantObject(grant)))
      phase.revokes.push(grantSql(grant, 'revoke'))
  for (const grant of to.grants)
    if (!fromGrants.has(grant)) {
      if (grantObject(grant).startsWith('sequence ')) {
        refused.push(`${grantObject(grant)}: the generator does not grant on sequences`)
        continue
      }
      // PGlite is PostgreSQL 18, whose `grant all` includes MAINTAIN; 15 has none.
      if (grant.split('|')[2] === 'MAINTAIN') {
        refused.push(
          `${grantObject(grant)}: MAINTAIN (PostgreSQL 17 on) to ${grant.split('|')[1]}; grant privileges by name`,
        )
        continue
      }
      phase.grants.push(grantSql(grant, 'grant'))
    }

  // Comments, keyed by what they describe.
  const commentRecreated = (target: string) =>
    [...recreated].some(
      (object) =>
        target === object ||
        (object.startsWith('table ') && target.startsWith(`column ${object.slice(6)}.`)),
    )
  for (const [target, comment] of to.comments)
    if (from.comments.get(target)?.def !== comment.def || commentRecreated(target))
      phase.comments.push(`${comment.def};`)
  for (const target of from.comments.keys())
    if (!to.comments.has(target) && !commentRecreated(target) && stillThere(to, target))
      phase.comments.push(`comment on ${target} is null;`)

  const groups = Object.values(phase).filter((group) => group.length > 0)
  return { statements: groups.flat(), groups, refused }
}

function isNewColumn(from: Catalogue, to: Catalogue, key: string): boolean {
  const table = [...to.tables.keys()].find((name) => key.startsWith(`${name}.`))
  if (!table) return false
  const column = key.slice(table.length + 1)
  return !from.tables.get(table)?.columns.some((c) => c.name === column && c.identity)
}

function isGoneColumn(from: Catalogue, to: Catalogue, key: string): boolean {
  return isNewColumn(to, from, key)
}

/** Whether a comment's object (as `comment on` names it) is still in `to`. */
function stillThere(to: Catalogue, target: string): boolean {
  const [kind, ...rest] = target.split(' ')
  const name = rest.join(' ')
  const onTable = / on (.+)$/.exec(name)?.[1] ?? ''
  switch (kind) {
    case 'table':
      return to.tables.has(name)
    case 'view':
      return to.views.has(name)
    case 'column':
      return [...to.tables.values()].some(
        (t) =>
          name.startsWith(`${t.name}.`) && t.columns.some((c) => `${t.name}.${c.name}` === name),
      )
    case 'function':
    case 'procedure':
      return to.functions.has(name)
    case 'schema':
      return to.schemas.has(name)
    case 'index':
      return to.indexes.has(name)
    case 'trigger':
      return to.triggers.has(`${onTable}.${name.split(' ')[0]}`)
    case 'policy':
      return to.policies.has(`${onTable}.${name.split(' ')[0]}`)
    case 'constraint':
      return to.constraints.has(`${onTable}.${name.split(' ')[0]}`)
    default:
      return false
  }
}

const queryOf =
  (db: PgliteDriver): Query =>
  async <R>(sql: string) =>
    (await db.pg.query<R>(sql)).rows

export interface Builds {
  /** The database the migrations built (PGlite, in memory). */
  migrated: PgliteDriver
  from: Catalogue
  to: Catalogue
  close(): Promise<void>
}

/**
 * What both builds may start from instead of an initdb each (several seconds
 * of CPU): `empty`, a new database with the storage stand-in alone, and
 * `migrated`, that one with the migrations of a folder applied (`makeStarts`).
 * The tests pass them; `npm run db:migration` builds from scratch.
 */
export interface Starts {
  empty: Blob
  migrated: Blob
}

/** A database loaded from a start holds a few MB: a small cache does (PGlite zeroes all of it at start). */
const STARTED_SETTINGS = { shared_buffers: '16MB', max_connections: '10' }

/** The two dumps `Starts` holds, made from scratch for the migrations in `migrationsDir`. */
export async function makeStarts(
  migrationsDir: string,
): Promise<{ empty: Uint8Array<ArrayBuffer>; migrated: Uint8Array<ArrayBuffer> }> {
  const db = await createPgliteDriver()
  try {
    await db.exec(STORAGE_STAND_IN)
    const bytes = async () => new Uint8Array(await (await db.pg.dumpDataDir('none')).arrayBuffer())
    const empty = await bytes()
    await migrate(db, { seed: false, dir: migrationsDir })
    return { empty, migrated: await bytes() }
  } finally {
    await db.close()
  }
}

/**
 * A database from the migrations and one from the topic files, and their
 * catalogues. From `starts` when given: the migrations side then applies only
 * the migrations its start has not.
 */
export async function buildBoth(
  dirs: { migrations: string; schemas: string },
  starts?: Starts,
): Promise<Builds> {
  // Starting PGlite (its initdb) is the slow part: the second database is a copy of the first.
  const migrated = starts
    ? await createPgliteDriver(undefined, {
        loadDataDir: starts.migrated,
        settings: STARTED_SETTINGS,
      })
    : await createPgliteDriver()
  let declared: PgliteDriver | undefined
  try {
    if (starts)
      declared = await createPgliteDriver(undefined, {
        loadDataDir: starts.empty,
        settings: STARTED_SETTINGS,
      })
    else {
      await migrated.exec(STORAGE_STAND_IN)
      const empty = await migrated.pg.dumpDataDir('none')
      declared = await createPgliteDriver(undefined, { loadDataDir: empty })
    }
    await migrate(migrated, { seed: false, dir: dirs.migrations })
    await applySchemaFiles(declared, dirs.schemas)
    const from = await readCatalogue(queryOf(migrated))
    const to = await readCatalogue(queryOf(declared))
    return { migrated, from, to, close: () => migrated.close() }
  } catch (error) {
    await migrated.close()
    throw error
  } finally {
    await declared?.close()
  }
}

export class MigrationRefused extends Error {}

const HEADER = (
  name: string,
) => `-- ${name}: written by \`npm run db:migration\` (scripts/schema-migration.ts)
-- from what supabase/schemas declares and the migrations before this one do
-- not make. Change the topic files, not this file.
`

/** The next migration's version: the one asked for, or now, after every migration there is. */
export async function nextVersion(dir: string, at?: string): Promise<string> {
  const last = (await readdir(dir))
    .filter((file) => /^\d{14}_.*\.sql$/.test(file))
    .map((file) => file.slice(0, 14))
    .sort()
    .at(-1)
  if (at) {
    if (!/^\d{14}$/.test(at))
      throw new MigrationRefused(`--at wants 14 digits (YYYYMMDDHHMMSS), not ${at}`)
    if (last && at <= last)
      throw new MigrationRefused(`--at ${at} is not after the last migration, ${last}`)
    return at
  }
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
  if (!last || now > last) return now
  // A migration from another branch may carry a later time: follow it.
  const next = new Date(
    Date.UTC(
      +last.slice(0, 4),
      +last.slice(4, 6) - 1,
      +last.slice(6, 8),
      +last.slice(8, 10),
      +last.slice(10, 12),
      +last.slice(12, 14),
    ) + 1000,
  )
  return next.toISOString().replace(/\D/g, '').slice(0, 14)
}

export interface Generated {
  /** The file written, absent when there was nothing to do. */
  file?: string
  sql?: string
}

/**
 * Writes `<version>_<name>.sql` into the migrations folder when the topic
 * files declare something the migrations do not make; throws
 * MigrationRefused, naming each object, when that cannot be written.
 */
export async function generateMigration(options: {
  name: string
  migrationsDir?: string
  schemasDir?: string
  at?: string
  /** Start both builds from these instead of from scratch (tests). */
  starts?: Starts
}): Promise<Generated> {
  const migrationsDir = options.migrationsDir ?? defaultMigrationsDir
  const schemasDir = options.schemasDir ?? defaultSchemasDir
  if (!/^[a-z0-9]+(_[a-z0-9]+)*$/.test(options.name))
    throw new MigrationRefused(
      `The name says what changed, in lower case words joined by _ (e.g. posts_subtitle), not "${options.name}"`,
    )
  const version = await nextVersion(migrationsDir, options.at)
  const builds = await buildBoth({ migrations: migrationsDir, schemas: schemasDir }, options.starts)
  try {
    const plan = planMigration(builds.from, builds.to)
    if (plan.refused.length > 0)
      throw new MigrationRefused(
        `Cannot write this migration:\n${plan.refused.map((r) => `  - ${r}`).join('\n')}`,
      )
    if (plan.statements.length === 0) return {}
    const usesFunctions = plan.statements.some((s) =>
      /^create or replace (function|procedure)/i.test(s),
    )
    // SQL functions are checked when made; a table or function made later in
    // the same migration may be what one reads, as in the topic files' order.
    const groups = usesFunctions
      ? [['set check_function_bodies = off;'], ...plan.groups, ['reset check_function_bodies;']]
      : plan.groups
    // One-line statements of a group together; a statement of several lines apart.
    const text = groups
      .map((group) =>
        group.reduce((out, s, i) => {
          const apart = s.includes('\n') || (i > 0 && group[i - 1]!.includes('\n'))
          return i === 0 ? s : `${out}${apart ? '\n\n' : '\n'}${s}`
        }, ''),
      )
      .join('\n\n')
    const sql = `${HEADER(options.name)}\n${text}\n`
    // Applied to the migrated database, it must leave nothing different.
    try {
      await builds.migrated.exec(`begin;\n${sql}\n;commit;`)
    } catch (error) {
      await builds.migrated.exec('rollback').catch(() => {})
      throw new MigrationRefused(
        `The statements written for this change do not apply (${(error as Error).message}); ` +
          `write it by hand:\n\n${sql}`,
      )
    }
    const after = planMigration(await readCatalogue(queryOf(builds.migrated)), builds.to)
    if (after.statements.length > 0 || after.refused.length > 0)
      throw new MigrationRefused(
        'The statements written for this change leave these differences; write it by hand:\n' +
          [...after.refused, ...after.statements].map((s) => `  - ${s}`).join('\n'),
      )
    await mkdir(migrationsDir, { recursive: true })
    const file = path.join(migrationsDir, `${version}_${options.name}.sql`)
    await writeFile(file, sql)
    return { file, sql }
  } finally {
    await builds.close()
  }
}

// `npm run db:migration -- <name> [--at YYYYMMDDHHMMSS]`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const atIndex = args.indexOf('--at')
  const at = atIndex >= 0 ? args.splice(atIndex, 2)[1] : undefined
  const [name] = args
  if (!name || args.length > 1) {
    console.error('Usage: npm run db:migration -- <name> [--at YYYYMMDDHHMMSS]')
    process.exit(2)
  }
  try {
    const { file } = await generateMigration({ name, at })
    if (!file)
      console.log('Nothing to do: the migrations already build what supabase/schemas declares.')
    else console.log(`Wrote ${path.relative(process.cwd(), file)}`)
  } catch (error) {
    if (!(error instanceof MigrationRefused)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
