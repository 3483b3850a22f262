-- Activity history (docs/PRODUCT.md §12, docs/decisions/014-activity-history.md):
-- the database itself records every create, update and delete of projects,
-- technologies, certifications, configurations, accounts, contact messages,
-- experiences, education, share links and posts (15_posts.sql), and each change
-- of the site's languages as one entry (13_languages.sql) and of its appearance
-- (16_appearance.sql), and the open-source contributions shown (19_contributions.sql), whoever writes (this
-- API, the Data API, the dashboard, psql). Entries hold who, when, what and which fields changed;
-- never a password hash nor the text of a message. Signed-in accounts read
-- them; nobody writes, edits or deletes them but the triggers below, which run
-- as the table's owner. The newest 5,000 entries are kept, none older than
-- 180 days.

create table public.activity (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The acting account while it exists; its name stays in actor_name.
  actor_id integer references public.users (id) on delete set null,
  -- The account's username at the time, 'visitor' for an anonymous request,
  -- 'system' for anything without request claims (migrations, the CLI, psql).
  actor_name text not null,
  action text not null check (action in ('create', 'update', 'delete')),
  entity text not null check (entity in
    ('projects', 'technologies', 'certifications', 'configs', 'users', 'contact_messages',
     'experiences', 'education', 'share_links', 'posts', 'languages', 'appearance',
     'contributions')),
  entity_id integer not null,
  summary text not null check (length(summary) <= 300),
  changed_fields text[] not null default '{}',
  -- Lets a later write in the same transaction add to this entry (a project's
  -- technologies are stored in another table); not part of the API.
  xact bigint not null default txid_current()
);
create index activity_at_idx on public.activity (at);
create index activity_entity_idx on public.activity (entity, entity_id);
-- actor_id's `on delete set null` would otherwise read the whole history to
-- find an account's entries, under the lock of that account's delete.
create index activity_actor_id_idx on public.activity (actor_id);

alter table public.activity enable row level security;
revoke all on public.activity from anon, authenticated;
grant select on public.activity to authenticated;

-- Entries about accounts follow the accounts' own visibility (§6): a read-only
-- account sees what happened to itself, not to other accounts.
create policy "Signed-in accounts can read the activity history"
  on public.activity for select to authenticated
  using (
    (select app.is_signed_in())
    and (entity <> 'users' or (select app.is_admin()) or entity_id = (select app.current_user_id()))
  );
-- No insert, update or delete policy, and no such grant: refused for every client role.

-- One line about a row: its name, never a body or a hash.
create or replace function app.activity_label(p_entity text, p_row jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_entity
    when 'projects' then 'project "' || (p_row ->> 'name') || '"'
    when 'technologies' then 'technology "' || (p_row ->> 'name') || '"'
    when 'certifications' then 'certification "' || (p_row ->> 'name') || '"'
    when 'configs' then 'configuration "' || (p_row ->> 'name') || '"'
    when 'users' then 'account "' || (p_row ->> 'username') || '"'
    when 'contact_messages' then 'message from "' || (p_row ->> 'name') || '"'
    when 'experiences' then 'experience "' || (p_row ->> 'role') || ' at ' || (p_row ->> 'organization') || '"'
    when 'education' then 'education "' || (p_row ->> 'qualification') || ', ' || (p_row ->> 'institution') || '"'
    when 'share_links' then 'share link "' || (p_row ->> 'label') || '"'
    when 'posts' then 'post "' || (p_row ->> 'title') || '"'
    when 'appearance' then 'the site''s appearance'
    when 'contributions' then 'contribution "' || (p_row ->> 'repository') || '#' || (p_row ->> 'number') || '"'
  end
$$;

-- Fields that say nothing about content: bookkeeping kept by other triggers.
create or replace function app.activity_changed_fields(p_old jsonb, p_new jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(
           case n.key when 'password_hash' then 'password'
                      when 'passphrase_hash' then 'passphrase' else n.key end
           order by n.key), '{}')
    from jsonb_each(p_new) n
   where n.key not in ('id', 'version', 'created_at', 'updated_at', 'has_passphrase')
     and n.value is distinct from (p_old -> n.key)
$$;

-- 'Created project "Vitrine"': the one-line summary of an entry.
create or replace function app.activity_summary(p_verb text, p_entity text, p_row jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(regexp_replace(p_verb || app.activity_label(p_entity, p_row), '[[:cntrl:]]+', ' ', 'g'), 300)
$$;

-- Written once per statement: statement triggers with transition tables
-- record all the rows a statement changed in one insert, so the prune below
-- runs once per statement (a backup restore deletes and inserts thousands of
-- rows; docs/PERFORMANCE.md, "Restores and the activity history"). The rows
-- of one statement: new_rows for an insert, old_rows for a delete, both for an
-- update (paired by id, which no update changes: every recorded table's id is
-- generated always). An update that changed nothing in a row is no event for
-- that row.
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
     where cardinality(c.fields) > 0
       and not (tg_table_name = 'projects' and c.fields = array['featured_order']);
    -- The featured row's order (docs/PRODUCT.md §15): rows that changed their
    -- place alone are one entry for the statement, which says the new order
    -- ('Reordered the featured projects: "Delta", "Gamma"') and names its first project.
    if tg_table_name = 'projects' then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select v_actor_id, v_actor, 'update', 'projects', coalesce(f.first_id, m.first_id),
             left(regexp_replace(coalesce('Reordered the featured projects: ' || f.names,
                                          'Cleared the featured order'), '[[:cntrl:]]+', ' ', 'g'), 300),
             array['featured_order']
        from (select min(n.id) as first_id from new_rows n join old_rows o on o.id = n.id
               where app.activity_changed_fields(to_jsonb(o), to_jsonb(n)) = array['featured_order']) m,
             (select string_agg('"' || p.name || '"', ', ' order by p.featured_order, p.id) as names,
                     (array_agg(p.id order by p.featured_order, p.id))[1] as first_id
                from public.projects p where p.featured_order is not null) f
       where m.first_id is not null;
    end if;
  end if;
  return null;
end
$$;

-- The newest 5,000 entries, none older than 180 days. The cap (the 5,000th
-- newest id) is found first, then each condition is a delete of its own:
-- joined by `or`, on PGlite the delete read the whole table. A statement that
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

revoke all on function app.activity_label(text, jsonb), app.activity_changed_fields(jsonb, jsonb),
  app.activity_summary(text, text, jsonb), app.record_activity(), app.prune_activity() from public;

create trigger activity_prune after insert on public.activity
  referencing new table as added_rows
  for each statement execute function app.prune_activity();

-- The recorded tables: one trigger per table and event, as Postgres gives
-- transition tables only to single-event triggers.
do $$
declare
  v_table text;
begin
  foreach v_table in array array['projects', 'technologies', 'certifications', 'configs', 'users',
                                 'contact_messages', 'experiences', 'education']
  loop
    execute format('create trigger %I after insert on public.%I referencing new table as new_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_insert', v_table);
    execute format('create trigger %I after update on public.%I referencing old table as old_rows new table as new_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_update', v_table);
    execute format('create trigger %I after delete on public.%I referencing old table as old_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_delete', v_table);
  end loop;
end
$$;

-- Technologies of a project, a certification or an experience ------------------
--
-- They live in link tables, and a save replaces them all (delete, then
-- insert). Each link written or removed is noted in a private table, one row
-- per transaction, item and technology holding the sum of its changes; at
-- commit a deferred trigger keeps only the pairs that really changed and notes
-- 'technologies' on the item's entry of this transaction, or records an update
-- of the item when there is none. Links that go because their item or
-- technology was deleted are part of that delete, which is recorded itself.
-- Rows live only inside a transaction: the commit-time trigger deletes them.
-- One table and two functions serve every link table: each trigger names its
-- item's table (its entity in the history) and the link table's column for it.

create table app.technology_link_changes (
  xact bigint not null default txid_current(),
  entity text not null,
  item_id integer not null,
  technology_id integer not null,
  delta integer not null,
  primary key (xact, entity, item_id, technology_id)
);
alter table app.technology_link_changes enable row level security;
revoke all on app.technology_link_changes from public;

-- tg_argv: the item's table (projects) and its column in the link table
-- (project_id). A link that goes with its technology is not noted; one that
-- goes with its item is left out at commit, when the item is no longer there.
create or replace function app.note_link_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link jsonb := to_jsonb(case tg_op when 'DELETE' then old else new end);
  v_technology_id integer := (v_link ->> 'technology_id')::integer;
begin
  if exists (select 1 from public.technologies t where t.id = v_technology_id) then
    insert into app.technology_link_changes as c (entity, item_id, technology_id, delta)
    values (tg_argv[0], (v_link ->> tg_argv[1])::integer, v_technology_id,
            case tg_op when 'DELETE' then -1 else 1 end)
    on conflict (xact, entity, item_id, technology_id) do update set delta = c.delta + excluded.delta;
    perform set_config('vitrine.link_changes_' || tg_argv[0], 'pending', true);
  end if;
  return null;
end
$$;

-- tg_argv: the item's table. The first of these deferred calls in a
-- transaction does the work for all of that table's links. The others return
-- at once: the transaction's setting says nothing is pending. Searching the
-- table instead read every row the first call had deleted, once per call: the
-- deferred calls of 6,000 link changes took 4.6 s on PGlite that way, 0.4 s now.
create or replace function app.record_link_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entity text := tg_argv[0];
  v_item record;
  v_entry record;
begin
  if current_setting('vitrine.link_changes_' || v_entity, true) is distinct from 'pending' then
    return null;
  end if;
  for v_item in execute format(
    'select i.id, to_jsonb(i) as item from public.%I i
      where i.id in (select l.item_id from app.technology_link_changes l
                      where l.xact = txid_current() and l.entity = $1
                      group by l.item_id, l.technology_id having sum(l.delta) <> 0)', v_entity)
    using v_entity
  loop
    select a.id, a.action, a.changed_fields into v_entry from public.activity a
     where a.entity = v_entity and a.entity_id = v_item.id and a.xact = txid_current()
     order by a.id desc limit 1;
    if v_entry.id is null then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select app.current_user_id(),
             coalesce((select u.username from public.users u where u.id = app.current_user_id()), 'system'),
             'update', v_entity, v_item.id,
             app.activity_summary('Updated ', v_entity, v_item.item),
             array['technologies'];
    elsif v_entry.action = 'update' and not ('technologies' = any(v_entry.changed_fields)) then
      update public.activity a set changed_fields = a.changed_fields || array['technologies']
       where a.id = v_entry.id;
    end if;
  end loop;
  delete from app.technology_link_changes l where l.xact = txid_current() and l.entity = v_entity;
  perform set_config('vitrine.link_changes_' || v_entity, '', true);
  return null;
end
$$;

revoke all on function app.note_link_change(), app.record_link_changes() from public;

create trigger project_technologies_activity after insert or delete on public.project_technologies
  for each row execute function app.note_link_change('projects', 'project_id');
create constraint trigger project_technologies_activity_at_commit
  after insert or delete on public.project_technologies
  deferrable initially deferred
  for each row execute function app.record_link_changes('projects');
create trigger certification_technologies_activity after insert or delete on public.certification_technologies
  for each row execute function app.note_link_change('certifications', 'certification_id');
create constraint trigger certification_technologies_activity_at_commit
  after insert or delete on public.certification_technologies
  deferrable initially deferred
  for each row execute function app.record_link_changes('certifications');
create trigger experience_technologies_activity after insert or delete on public.experience_technologies
  for each row execute function app.note_link_change('experiences', 'experience_id');
create constraint trigger experience_technologies_activity_at_commit
  after insert or delete on public.experience_technologies
  deferrable initially deferred
  for each row execute function app.record_link_changes('experiences');
