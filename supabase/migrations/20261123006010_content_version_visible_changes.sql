-- The content version names what a visitor can see, and visitors see it as
-- the public ETag. Bumping it for every write let a visitor count edits to
-- inactive projects and certifications (docs/PRODUCT.md §11: visitors learn
-- nothing of inactive work). From here on, writes to projects, their links and
-- certifications move it only when a row visitors can see, or could see before
-- the write, is among the changed rows. Technologies and configurations are
-- public whole, so every write to them still counts.
--
-- Statement-level triggers with transition tables, one per event (Postgres
-- allows transition tables only on single-event triggers).

-- app.bump_content_version() is a trigger function and cannot be called from
-- another one, so the bump itself is a plain function too.
create or replace function app.next_content_version()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  next bigint;
begin
  update app.content_version set version = version + 1 where id = 1 returning version into next;
  perform pg_notify('vitrine_content_version', next::text);
end
$$;
revoke all on function app.next_content_version() from public;

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

drop trigger projects_content_version on public.projects;
drop trigger project_technologies_content_version on public.project_technologies;
drop trigger certifications_content_version on public.certifications;

create trigger projects_content_version_insert after insert on public.projects
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_update after update on public.projects
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_delete after delete on public.projects
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_truncate after truncate on public.projects
  for each statement execute function app.bump_content_version();

create trigger project_technologies_content_version_insert after insert on public.project_technologies
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_update after update on public.project_technologies
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_delete after delete on public.project_technologies
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_truncate after truncate on public.project_technologies
  for each statement execute function app.bump_content_version();

create trigger certifications_content_version_insert after insert on public.certifications
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_update after update on public.certifications
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_delete after delete on public.certifications
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_truncate after truncate on public.certifications
  for each statement execute function app.bump_content_version();
