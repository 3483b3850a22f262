-- Skills backed by evidence (docs/PRODUCT.md §19): a certification names the
-- technologies it certifies, so a skill can say "certified". The links follow
-- project_technologies: visitors read the links of active certifications,
-- signed-in accounts read them all, only admins write; a write moves the
-- content version only when visitors can see the certification
-- (docs/decisions/010), and a save that changes them is noted on the
-- certification's activity entry as 'technologies' (docs/decisions/014).

create table public.certification_technologies (
  certification_id integer not null references public.certifications (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (certification_id, technology_id)
);
create index certification_technologies_technology_idx on public.certification_technologies (technology_id);

alter table public.certification_technologies enable row level security;
revoke all on public.certification_technologies from anon, authenticated;
grant select on public.certification_technologies to anon, authenticated;
grant insert, delete on public.certification_technologies to authenticated;

create policy "Visitors can read links of active certifications"
  on public.certification_technologies for select to anon
  using (exists (select 1 from public.certifications c where c.id = certification_id and c.is_active));
create policy "Signed-in accounts can read certification links"
  on public.certification_technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link technologies to certifications"
  on public.certification_technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink technologies from certifications"
  on public.certification_technologies for delete to authenticated using ((select app.is_admin()));

-- Content version: a link is visible when its certification is active --------

create or replace function app.bump_content_version_if_visible()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visible boolean := false;
begin
  if tg_table_name = 'project_technologies' then
    -- A link is visible when its project is active (a deleted project's links
    -- go with it, and the project's own trigger has counted it if it was active).
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (
        select 1 from old_rows r join public.projects p on p.id = r.project_id where p.is_active
      ) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (
        select 1 from new_rows r join public.projects p on p.id = r.project_id where p.is_active
      ) into visible;
    end if;
  elsif tg_table_name = 'certification_technologies' then
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (
        select 1 from old_rows r join public.certifications c on c.id = r.certification_id where c.is_active
      ) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (
        select 1 from new_rows r join public.certifications c on c.id = r.certification_id where c.is_active
      ) into visible;
    end if;
  else
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (select 1 from old_rows r where r.is_active) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (select 1 from new_rows r where r.is_active) into visible;
    end if;
  end if;
  if visible then
    perform app.next_content_version();
  end if;
  return null;
end
$$;
revoke all on function app.bump_content_version_if_visible() from public;

create trigger certification_technologies_content_version_insert after insert on public.certification_technologies
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_update after update on public.certification_technologies
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_delete after delete on public.certification_technologies
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_truncate after truncate on public.certification_technologies
  for each statement execute function app.bump_content_version();

-- Activity history: as for a project's links (migration ..._activity.sql), the
-- pairs a transaction really changed add 'technologies' to the certification's
-- entry, or record an update of it when there is none.

create table app.certification_link_changes (
  xact bigint not null default txid_current(),
  certification_id integer not null,
  technology_id integer not null,
  delta integer not null,
  primary key (xact, certification_id, technology_id)
);
alter table app.certification_link_changes enable row level security;
revoke all on app.certification_link_changes from public;

create or replace function app.note_certification_link_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link record := case tg_op when 'DELETE' then old else new end;
begin
  if exists (select 1 from public.certifications c where c.id = v_link.certification_id)
     and exists (select 1 from public.technologies t where t.id = v_link.technology_id) then
    insert into app.certification_link_changes as c (certification_id, technology_id, delta)
    values (v_link.certification_id, v_link.technology_id, case tg_op when 'DELETE' then -1 else 1 end)
    on conflict (xact, certification_id, technology_id) do update set delta = c.delta + excluded.delta;
  end if;
  return null;
end
$$;

create or replace function app.record_certification_link_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item record;
  v_entry record;
begin
  for v_item in
    select c.id, c.name from public.certifications c
     where c.id in (select l.certification_id from app.certification_link_changes l
                     where l.xact = txid_current()
                     group by l.certification_id, l.technology_id having sum(l.delta) <> 0)
  loop
    select a.id, a.action, a.changed_fields into v_entry from public.activity a
     where a.entity = 'certifications' and a.entity_id = v_item.id and a.xact = txid_current()
     order by a.id desc limit 1;
    if v_entry.id is null then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select app.current_user_id(),
             coalesce((select u.username from public.users u where u.id = app.current_user_id()), 'system'),
             'update', 'certifications', v_item.id,
             left('Updated ' || app.activity_label('certifications', jsonb_build_object('name', v_item.name)), 300),
             array['technologies'];
    elsif v_entry.action = 'update' and not ('technologies' = any(v_entry.changed_fields)) then
      update public.activity a set changed_fields = a.changed_fields || array['technologies']
       where a.id = v_entry.id;
    end if;
  end loop;
  delete from app.certification_link_changes l where l.xact = txid_current();
  return null;
end
$$;
revoke all on function app.note_certification_link_change(), app.record_certification_link_changes()
  from public;

create trigger certification_technologies_activity after insert or delete on public.certification_technologies
  for each row execute function app.note_certification_link_change();
create constraint trigger certification_technologies_activity_at_commit
  after insert or delete on public.certification_technologies
  deferrable initially deferred
  for each row execute function app.record_certification_link_changes();
