-- The activity history (migration ..._activity.sql, docs/PRODUCT.md §12,
-- docs/decisions/014-activity-history.md) is written once per statement
-- instead of once per row.
--
-- Its row triggers inserted one entry per changed row, and each of those
-- inserts fired the history's prune: the newest 5,000 entries were read
-- again for every row. A statement deleting or inserting 300 projects ran 300
-- prunes; once the history was full, a backup restore (1,500 deletes and 1,500
-- inserts) spent about 80 % of its time there (docs/PERFORMANCE.md, "Restores
-- and the activity history").
--
-- Now statement triggers with transition tables record all the rows a
-- statement changed in one insert, so the prune runs once per statement. What
-- is recorded, and what is kept, is unchanged.

-- 'Created project "Vitrine"': the one-line summary of an entry.
create or replace function app.activity_summary(p_verb text, p_entity text, p_row jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(regexp_replace(p_verb || app.activity_label(p_entity, p_row), '[[:cntrl:]]+', ' ', 'g'), 300)
$$;

-- The rows of one statement: new_rows for an insert, old_rows for a delete,
-- both for an update (paired by id, which no update changes: every recorded
-- table's id is generated always). An update that changed nothing in a row is
-- no event for that row.
create or replace function app.record_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor_id integer := app.current_user_id();
  v_actor text;
begin
  select u.username into v_actor from public.users u where u.id = v_actor_id;
  v_actor := coalesce(v_actor, case when app.jwt_claims() ->> 'role' = 'anon' then 'visitor' else 'system' end);
  if tg_op = 'INSERT' then
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary)
    select v_actor_id, v_actor, 'create', tg_table_name, (r.item ->> 'id')::integer,
           app.activity_summary('Created ', tg_table_name, r.item)
      from (select to_jsonb(n) as item from new_rows n) r;
  elsif tg_op = 'DELETE' then
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary)
    select v_actor_id, v_actor, 'delete', tg_table_name, (r.item ->> 'id')::integer,
           app.activity_summary('Deleted ', tg_table_name, r.item)
      from (select to_jsonb(o) as item from old_rows o) r;
  else
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
    select v_actor_id, v_actor, 'update', tg_table_name, (c.item ->> 'id')::integer,
           app.activity_summary('Updated ', tg_table_name, c.item), c.fields
      from (select to_jsonb(n) as item, app.activity_changed_fields(to_jsonb(o), to_jsonb(n)) as fields
              from new_rows n join old_rows o on o.id = n.id) c
     where cardinality(c.fields) > 0;
  end if;
  return null;
end
$$;

-- Same rule as before: the newest 5,000 entries, none older than 180 days.
-- The cap (the 5,000th newest id) is found first, then each condition is a
-- delete of its own: joined by `or`, on PGlite the delete read the whole table
-- (1.8 ms a call inside a restore, against 1.2 ms for these). A statement that
-- recorded nothing (an update that changed no row) prunes nothing.
create or replace function app.prune_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_oldest_kept bigint;
begin
  if not exists (select 1 from added_rows) then
    return null;
  end if;
  select b.id into v_oldest_kept from public.activity b order by b.id desc offset 4999 limit 1;
  if v_oldest_kept is not null then
    delete from public.activity a where a.id < v_oldest_kept;
  end if;
  delete from public.activity a where a.at < now() - interval '180 days';
  return null;
end
$$;

revoke all on function app.activity_summary(text, text, jsonb), app.record_activity(), app.prune_activity()
  from public;

drop trigger activity_prune on public.activity;
create trigger activity_prune after insert on public.activity
  referencing new table as added_rows
  for each statement execute function app.prune_activity();

-- One trigger per table and event: Postgres gives transition tables only to
-- single-event triggers.
do $$
declare
  v_table text;
begin
  foreach v_table in array array['projects', 'technologies', 'certifications', 'configs', 'users',
                                 'contact_messages', 'experiences', 'education']
  loop
    execute format('drop trigger %I on public.%I', v_table || '_activity', v_table);
    execute format('create trigger %I after insert on public.%I referencing new table as new_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_insert', v_table);
    execute format('create trigger %I after update on public.%I referencing old table as old_rows new table as new_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_update', v_table);
    execute format('create trigger %I after delete on public.%I referencing old table as old_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_delete', v_table);
  end loop;
end
$$;
