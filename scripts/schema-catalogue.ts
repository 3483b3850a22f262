// What a database holds, object by object, as the migration generator
// (scripts/schema-migration.ts) compares it: each table with its columns,
// constraints, indexes, triggers and policies, each function, view, grant and
// comment, by a name that is the same in any database, and its definition as
// PostgreSQL prints it. Two databases that read the same here dump the same
// (the check of scripts/schema-dump.ts), as far as these schemas use
// PostgreSQL: what is outside this list (types, rules, inheritance, default
// privileges, extensions) is compared whole, so a difference there is named
// and never silently left behind.

export type Query = <R>(sql: string) => Promise<R[]>

/** The schemas the topic files declare (the agreement check dumps the same). */
export const SCHEMAS = ['public', 'app', 'storage']
/** The migration runner's bookkeeping, which no topic file declares. */
const BOOKKEEPING = ['app.schema_migrations', 'app.seed_runs']

const inSchemas = (column: string) => `${column} in (${SCHEMAS.map((s) => `'${s}'`).join(', ')})`
const qualified = (schema: string, name: string) => `format('%I.%I', ${schema}, ${name})`
const notBookkeeping = (name: string) =>
  `${name} not in (${BOOKKEEPING.map((s) => `'${s}'`).join(', ')})`

export interface Column {
  name: string
  type: string
  notnull: boolean
  default: string | null
  /** 'a' (always) or 'd' (by default) for an identity column. */
  identity: string
  /** 's' for a stored generated column (its expression is `default`). */
  generated: string
  collation: string | null
}

export interface Table {
  name: string
  /** 'p' for permanent, 'u' for unlogged. */
  persistence: string
  rls: boolean
  forceRls: boolean
  /** What a migration here does not write: partitioning, options, replica identity. */
  shape: string
  columns: Column[]
}

export interface Constraint {
  table: string
  name: string
  type: string
  def: string
}

export interface Keyed {
  /** The object's name, unique in its kind. */
  key: string
  /** The table it belongs to, when it does. */
  table?: string
  def: string
}

export interface Fn extends Keyed {
  /** The arguments with names and defaults, and the result: what `create or replace` cannot change. */
  signature: string
  kind: string
}

export interface Policy extends Keyed {
  name: string
}

/** One privilege: `kind object|grantee|privilege|grantable`. */
export type Grant = string

export interface Catalogue {
  schemas: Set<string>
  tables: Map<string, Table>
  constraints: Map<string, Constraint>
  indexes: Map<string, Keyed>
  functions: Map<string, Fn>
  triggers: Map<string, Keyed>
  policies: Map<string, Policy>
  views: Map<string, Keyed>
  sequences: Map<string, Keyed>
  grants: Set<Grant>
  comments: Map<string, Keyed>
  /** Everything compared whole: kinds of object the generator does not write. */
  unsupported: Map<string, Keyed>
  /** The rows each table holds, as JSON with times masked. */
  rows: Map<string, string>
}

export async function readCatalogue(query: Query): Promise<Catalogue> {
  const schemas = new Set(
    (
      await query<{ name: string }>(
        `select quote_ident(nspname) as name from pg_namespace where ${inSchemas('nspname')}`,
      )
    ).map((r) => r.name),
  )

  const tables = new Map<string, Table>()
  for (const r of await query<{
    name: string
    persistence: string
    rls: boolean
    force_rls: boolean
    shape: string
  }>(`
    select ${qualified('n.nspname', 'c.relname')} as name, c.relpersistence as persistence,
           c.relrowsecurity as rls, c.relforcerowsecurity as force_rls,
           concat_ws(' ', 'kind=' || c.relkind::text, 'options=' || c.reloptions::text,
                     'replica=' || c.relreplident::text, 'partition=' || c.relispartition::text,
                     'inherits=' || (select string_agg(i.inhparent::regclass::text, ',')
                                       from pg_inherits i where i.inhrelid = c.oid),
                     'access=' || (select amname from pg_am where oid = c.relam),
                     'of=' || nullif(c.reloftype, 0)::regtype::text) as shape
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${inSchemas('n.nspname')} and c.relkind in ('r', 'p')
       and ${notBookkeeping(qualified('n.nspname', 'c.relname'))}`))
    tables.set(r.name, {
      name: r.name,
      persistence: r.persistence,
      rls: r.rls,
      forceRls: r.force_rls,
      shape: r.shape,
      columns: [],
    })
  for (const r of await query<Column & { table: string }>(`
    select ${qualified('n.nspname', 'c.relname')} as table, quote_ident(a.attname) as name,
           format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
           pg_get_expr(d.adbin, d.adrelid) as default, a.attidentity as identity,
           a.attgenerated as generated,
           case when a.attcollation <> t.typcollation
                then (select format('%I.%I', cn.nspname, co.collname) from pg_collation co
                        join pg_namespace cn on cn.oid = co.collnamespace where co.oid = a.attcollation)
           end as collation
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where ${inSchemas('n.nspname')} and c.relkind in ('r', 'p')
       and a.attnum > 0 and not a.attisdropped
     order by 1, a.attnum`)) {
    const { table, ...column } = r
    tables.get(table)?.columns.push(column)
  }

  const constraints = new Map<string, Constraint>()
  for (const r of await query<Constraint>(`
    select ${qualified('n.nspname', 'c.relname')} as table, quote_ident(con.conname) as name,
           con.contype as type, pg_get_constraintdef(con.oid) as def
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${inSchemas('n.nspname')} and con.contype in ('c', 'f', 'p', 'u', 'x')
       and ${notBookkeeping(qualified('n.nspname', 'c.relname'))}`))
    constraints.set(`${r.table}.${r.name}`, r)

  const keyed = async (sql: string) => {
    const map = new Map<string, Keyed>()
    for (const r of await query<{ key: string; table?: string; def: string }>(sql))
      map.set(r.key, { key: r.key, table: r.table ?? undefined, def: r.def })
    return map
  }

  const indexes = await keyed(`
    select ${qualified('n.nspname', 'ic.relname')} as key, ${qualified('n.nspname', 'c.relname')} as table,
           pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${inSchemas('n.nspname')} and c.relkind in ('r', 'p', 'm')
       and ${notBookkeeping(qualified('n.nspname', 'c.relname'))}
       and not exists (select 1 from pg_constraint con
                        where con.conindid = i.indexrelid and con.conrelid = i.indrelid
                          and con.contype in ('p', 'u', 'x'))`)

  const functions = new Map<string, Fn>()
  for (const r of await query<Fn>(`
    select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as key,
           pg_get_functiondef(p.oid) as def, p.prokind as kind,
           pg_get_function_arguments(p.oid) || ' -> ' || coalesce(pg_get_function_result(p.oid), '') as signature
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${inSchemas('n.nspname')} and p.prokind in ('f', 'p')
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                          and d.objid = p.oid and d.deptype = 'e')`))
    functions.set(r.key, r)

  const triggers = await keyed(`
    select ${qualified('n.nspname', 'c.relname')} || '.' || quote_ident(t.tgname) as key,
           ${qualified('n.nspname', 'c.relname')} as table,
           pg_get_triggerdef(t.oid) || case t.tgenabled when 'O' then '' else ' -- enabled ' || t.tgenabled::text end as def
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where ${inSchemas('n.nspname')} and not t.tgisinternal`)

  const policies = new Map<string, Policy>()
  for (const r of await query<Policy>(`
    select ${qualified('n.nspname', 'c.relname')} || '.' || quote_ident(p.polname) as key,
           ${qualified('n.nspname', 'c.relname')} as table, quote_ident(p.polname) as name,
           format('create policy %I on %s as %s for %s to %s%s%s', p.polname,
                  ${qualified('n.nspname', 'c.relname')},
                  case when p.polpermissive then 'permissive' else 'restrictive' end,
                  case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update'
                                when 'd' then 'delete' else 'all' end,
                  (select string_agg(case when r.oid = 0 then 'public' else quote_ident(ro.rolname) end, ', '
                                     order by ro.rolname nulls first)
                     from unnest(p.polroles) as r (oid) left join pg_roles ro on ro.oid = r.oid),
                  ' using (' || pg_get_expr(p.polqual, p.polrelid) || ')',
                  ' with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')') as def
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
     where ${inSchemas('n.nspname')}`))
    policies.set(r.key, r)

  const views = await keyed(`
    select ${qualified('n.nspname', 'c.relname')} as key,
           format('create view %s%s as %s', ${qualified('n.nspname', 'c.relname')},
                  ' with (' || array_to_string(c.reloptions, ', ') || ')',
                  rtrim(pg_get_viewdef(c.oid), ';')) as def
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${inSchemas('n.nspname')} and c.relkind = 'v'`)

  // Sequences by what owns them (an identity column), or their own name.
  const sequences = await keyed(`
    select coalesce((select ${qualified('tn.nspname', 'tc.relname')} || '.' || quote_ident(a.attname)
                       from pg_depend d
                       join pg_class tc on tc.oid = d.refobjid
                       join pg_namespace tn on tn.oid = tc.relnamespace
                       join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
                      where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('i', 'a')),
                    ${qualified('n.nspname', 'c.relname')}) as key,
           format('%s %s start %s increment %s min %s max %s cache %s cycle %s',
                  ${qualified('n.nspname', 'c.relname')}, format_type(s.seqtypid, null), s.seqstart,
                  s.seqincrement, s.seqmin, s.seqmax, s.seqcache, s.seqcycle) as def
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_sequence s on s.seqrelid = c.oid
     where ${inSchemas('n.nspname')} and c.relkind = 'S'
       and ${notBookkeeping(qualified('n.nspname', 'c.relname'))}`)

  // The owner's own privileges are left out: --no-owner dumps and migrations alike.
  const grantee = `case when x.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(x.grantee)) end`
  const grants = new Set<Grant>()
  for (const r of await query<{ g: string }>(`
    select concat_ws('|', case c.relkind when 'S' then 'sequence' else 'table' end || ' ' ||
                          ${qualified('n.nspname', 'c.relname')}, ${grantee}, x.privilege_type, x.is_grantable) as g
      from pg_class c join pg_namespace n on n.oid = c.relnamespace,
           aclexplode(coalesce(c.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char", c.relowner))) x
     where ${inSchemas('n.nspname')} and c.relkind in ('r', 'p', 'v', 'm', 'S') and x.grantee <> c.relowner
       and ${notBookkeeping(qualified('n.nspname', 'c.relname'))}
    union all
    select concat_ws('|', 'column ' || ${qualified('n.nspname', 'c.relname')} || ' ' || quote_ident(a.attname),
                     ${grantee}, x.privilege_type, x.is_grantable)
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace,
           aclexplode(a.attacl) x
     where ${inSchemas('n.nspname')} and a.attacl is not null and x.grantee <> c.relowner
    union all
    select concat_ws('|', 'function ' || format('%I.%I(%s)', n.nspname, p.proname,
                                                pg_get_function_identity_arguments(p.oid)),
                     ${grantee}, x.privilege_type, x.is_grantable)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
           aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) x
     where ${inSchemas('n.nspname')} and x.grantee <> p.proowner
    union all
    select concat_ws('|', 'schema ' || quote_ident(n.nspname), ${grantee}, x.privilege_type, x.is_grantable)
      from pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) x
     where ${inSchemas('n.nspname')} and x.grantee <> n.nspowner`))
    grants.add(r.g)

  // Comments, each as the statement that sets it.
  const comments = await keyed(`
    select d.classoid::regclass::text || ' ' || d.objoid || ' ' || d.objsubid as key, x.target as table,
           format('comment on %s is %L', x.target, d.description) as def
      from pg_description d
      cross join lateral (
        select case d.classoid
          when 'pg_class'::regclass then
            (select case when d.objsubid > 0
                         then 'column ' || ${qualified('n.nspname', 'c.relname')} || '.' ||
                              (select quote_ident(attname) from pg_attribute
                                where attrelid = c.oid and attnum = d.objsubid)
                         when c.relkind = 'v' then 'view ' || ${qualified('n.nspname', 'c.relname')}
                         when c.relkind = 'S' then 'sequence ' || ${qualified('n.nspname', 'c.relname')}
                         when c.relkind = 'i' then 'index ' || ${qualified('n.nspname', 'c.relname')}
                         else 'table ' || ${qualified('n.nspname', 'c.relname')} end
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.oid = d.objoid and ${inSchemas('n.nspname')})
          when 'pg_proc'::regclass then
            (select case p.prokind when 'p' then 'procedure ' else 'function ' end ||
                    format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where p.oid = d.objoid and ${inSchemas('n.nspname')})
          when 'pg_namespace'::regclass then
            (select 'schema ' || quote_ident(n.nspname) from pg_namespace n
              where n.oid = d.objoid and ${inSchemas('n.nspname')})
          when 'pg_trigger'::regclass then
            (select format('trigger %I on %s', t.tgname, ${qualified('n.nspname', 'c.relname')})
               from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
              where t.oid = d.objoid and ${inSchemas('n.nspname')})
          when 'pg_policy'::regclass then
            (select format('policy %I on %s', p.polname, ${qualified('n.nspname', 'c.relname')})
               from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
              where p.oid = d.objoid and ${inSchemas('n.nspname')})
          when 'pg_constraint'::regclass then
            (select format('constraint %I on %s', con.conname, ${qualified('n.nspname', 'c.relname')})
               from pg_constraint con join pg_class c on c.oid = con.conrelid
               join pg_namespace n on n.oid = c.relnamespace
              where con.oid = d.objoid and ${inSchemas('n.nspname')})
        end as target) x
     where x.target is not null`)
  // Keyed by what they describe, not by oids, which differ between databases.
  const commentsByTarget = new Map<string, Keyed>()
  for (const c of comments.values()) commentsByTarget.set(c.table!, { ...c, key: c.table! })

  const unsupported = await keyed(`
    select 'type ' || format_type(t.oid, null) as key,
           t.typtype::text || ' ' || coalesce((select string_agg(e.enumlabel, ',' order by e.enumsortorder)
                                         from pg_enum e where e.enumtypid = t.oid), '') ||
           coalesce(' ' || pg_get_constraintdef((select oid from pg_constraint where contypid = t.oid limit 1)), '') ||
           ' ' || coalesce(format_type(t.typbasetype, t.typtypmod), '') as def
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where ${inSchemas('n.nspname')} and t.typcategory <> 'A'
       and (t.typtype in ('e', 'd', 'r', 'm', 'b')
            or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
    union all
    select 'materialized view or foreign table ' || ${qualified('n.nspname', 'c.relname')}, c.relkind::text
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${inSchemas('n.nspname')} and c.relkind in ('m', 'f')
    union all
    select 'rule ' || r.rulename || ' on ' || r.ev_class::regclass::text, pg_get_ruledef(r.oid)
      from pg_rewrite r join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
     where ${inSchemas('n.nspname')} and r.rulename <> '_RETURN'
    union all
    select 'default privileges ' || coalesce(n.nspname, 'everywhere') || ' ' || pg_get_userbyid(a.defaclrole) ||
           ' ' || a.defaclobjtype::text, a.defaclacl::text
      from pg_default_acl a left join pg_namespace n on n.oid = a.defaclnamespace
    union all
    select 'extension ' || e.extname, e.extversion || ' in ' || e.extnamespace::regnamespace::text
      from pg_extension e
    union all
    select 'aggregate or window function ' || p.oid::regprocedure::text, p.prokind::text
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${inSchemas('n.nspname')} and p.prokind in ('a', 'w')
    union all
    select 'event trigger ' || evtname, evtevent || ' ' || evtfoid::regproc::text from pg_event_trigger`)

  // Rows the definitions insert (singletons, periodic jobs, buckets): times masked, as the check does.
  const rows = new Map<string, string>()
  for (const table of tables.keys()) {
    const [r] = await query<{ rows: string | null }>(
      `select regexp_replace(string_agg(x.j::text, E'\\n' order by x.j::text),
                             '\\d{4}-\\d\\d-\\d\\d[ T]\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?([+-]\\d\\d(:\\d\\d)?)?', '<time>', 'g') as rows
         from (select to_jsonb(t) as j from ${table} t) x`,
    )
    if (r?.rows) rows.set(table, r.rows)
  }

  return {
    schemas,
    tables,
    constraints,
    indexes,
    functions,
    triggers,
    policies,
    views,
    sequences,
    grants,
    comments: commentsByTarget,
    unsupported,
    rows,
  }
}
