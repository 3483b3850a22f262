-- Activity history (docs/PRODUCT.md §12, docs/decisions/014-activity-history.md):
-- the database itself records every create, update and delete of projects,
-- technologies, certifications, configurations, accounts and contact messages,
-- whoever writes (this API, the Data API, the dashboard, psql). Entries hold
-- who, when, what and which fields changed; never a password hash nor the text
-- of a message. Signed-in accounts read them; nobody writes, edits or deletes
-- them but the triggers below, which run as the table's owner.

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
    ('projects', 'technologies', 'certifications', 'configs', 'users', 'contact_messages')),
  entity_id integer not null,
  summary text not null check (length(summary) <= 300),
  changed_fields text[] not null default '{}',
  -- Lets a later write in the same transaction add to this entry (a project's
  -- technologies are stored in another table); not part of the API.
  xact bigint not null default txid_current()
);
create index activity_at_idx on public.activity (at);
create index activity_entity_idx on public.activity (entity, entity_id);

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
           case n.key when 'password_hash' then 'password' else n.key end
           order by n.key), '{}')
    from jsonb_each(p_new) n
   where n.key not in ('id', 'version', 'created_at', 'updated_at')
     and n.value is distinct from (p_old -> n.key)
$$;

create or replace function app.record_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_claims jsonb := app.jwt_claims();
  v_actor_id integer := app.current_user_id();
  v_actor text;
  v_action text := case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end;
  v_row jsonb := case tg_op when 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  v_fields text[] := '{}';
  v_verb text := case tg_op when 'INSERT' then 'Created ' when 'UPDATE' then 'Updated ' else 'Deleted ' end;
begin
  if tg_op = 'UPDATE' then
    v_fields := app.activity_changed_fields(to_jsonb(old), to_jsonb(new));
    -- A write that changed nothing (a PATCH with the same values) is no event.
    if cardinality(v_fields) = 0 then
      return null;
    end if;
  end if;
  select u.username into v_actor from public.users u where u.id = v_actor_id;
  v_actor := coalesce(v_actor, case when v_claims ->> 'role' = 'anon' then 'visitor' else 'system' end);
  insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
  values (
    v_actor_id, v_actor, v_action, tg_table_name, (v_row ->> 'id')::integer,
    left(regexp_replace(v_verb || app.activity_label(tg_table_name, v_row), '[[:cntrl:]]+', ' ', 'g'), 300),
    v_fields
  );
  return null;
end
$$;

-- A project's technologies live in project_technologies, and a save replaces
-- them all (delete, then insert). Each link written or removed is noted in
-- app.link_changes; at commit a deferred trigger keeps only the pairs that
-- really changed and notes 'technologies' on the project's entry of this
-- transaction, or records an update of the project when there is none. Links
-- that go because their project or technology was deleted are part of that delete.
create table app.link_changes (
  xact bigint not null default txid_current(),
  project_id integer not null,
  technology_id integer not null,
  delta integer not null
);
alter table app.link_changes enable row level security;
revoke all on app.link_changes from public;

create or replace function app.note_link_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link record := case tg_op when 'DELETE' then old else new end;
begin
  if exists (select 1 from public.projects p where p.id = v_link.project_id)
     and exists (select 1 from public.technologies t where t.id = v_link.technology_id) then
    insert into app.link_changes (project_id, technology_id, delta)
    values (v_link.project_id, v_link.technology_id, case tg_op when 'DELETE' then -1 else 1 end);
  end if;
  return null;
end
$$;

create or replace function app.record_link_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_project record;
  v_entry record;
begin
  -- The first of these deferred calls in a transaction does the work for all.
  for v_project in
    select p.id, p.name from public.projects p
     where p.id in (select c.project_id from app.link_changes c where c.xact = txid_current()
                     group by c.project_id, c.technology_id having sum(c.delta) <> 0)
  loop
    select a.id, a.action, a.changed_fields into v_entry from public.activity a
     where a.entity = 'projects' and a.entity_id = v_project.id and a.xact = txid_current()
     order by a.id desc limit 1;
    if v_entry.id is null then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select app.current_user_id(),
             coalesce((select u.username from public.users u where u.id = app.current_user_id()), 'system'),
             'update', 'projects', v_project.id,
             left('Updated ' || app.activity_label('projects', jsonb_build_object('name', v_project.name)), 300),
             array['technologies'];
    elsif v_entry.action = 'update' and not ('technologies' = any(v_entry.changed_fields)) then
      update public.activity a set changed_fields = a.changed_fields || array['technologies']
       where a.id = v_entry.id;
    end if;
  end loop;
  delete from app.link_changes c where c.xact = txid_current();
  return null;
end
$$;

-- Keeps the last 5,000 entries, none older than 180 days (PRODUCT.md §12).
create or replace function app.prune_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.activity a
   where a.at < now() - interval '180 days'
      or a.id < (select b.id from public.activity b order by b.id desc offset 4999 limit 1);
  return null;
end
$$;

revoke all on function app.activity_label(text, jsonb), app.activity_changed_fields(jsonb, jsonb),
  app.record_activity(), app.note_link_change(), app.record_link_changes(), app.prune_activity()
  from public;

create trigger projects_activity after insert or update or delete on public.projects
  for each row execute function app.record_activity();
create trigger technologies_activity after insert or update or delete on public.technologies
  for each row execute function app.record_activity();
create trigger certifications_activity after insert or update or delete on public.certifications
  for each row execute function app.record_activity();
create trigger configs_activity after insert or update or delete on public.configs
  for each row execute function app.record_activity();
create trigger users_activity after insert or update or delete on public.users
  for each row execute function app.record_activity();
create trigger contact_messages_activity after insert or update or delete on public.contact_messages
  for each row execute function app.record_activity();
create trigger project_technologies_activity after insert or delete on public.project_technologies
  for each row execute function app.note_link_change();
create constraint trigger project_technologies_activity_at_commit
  after insert or delete on public.project_technologies
  deferrable initially deferred
  for each row execute function app.record_link_changes();
create trigger activity_prune after insert on public.activity
  for each statement execute function app.prune_activity();
