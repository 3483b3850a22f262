-- One number for "what a visitor can see": it moves on with every committed
-- write to public content (projects, technologies, their links,
-- certifications, configurations), whoever makes it: this API, another
-- instance of it, the Supabase dashboard or psql. The API keeps visitors'
-- answers in memory while the number stays the same and uses it as their ETag
-- (docs/decisions/010-content-version-cache-and-paging.md).
--
-- A row in a table, not a sequence: the update is part of the writing
-- transaction, so a reader sees the new number exactly when it sees the new
-- content, never before. Statement-level triggers, so a statement touching
-- 5,000 rows bumps it once. Content writes queue on this row from their first
-- write to their commit; the image rules already lock the content tables for
-- most of them, and a portfolio has one editor.

create table app.content_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null default 1
);
insert into app.content_version (id, version) values (1, 1);
alter table app.content_version enable row level security;
-- No grants to anon or authenticated: they read the number through
-- app.content_version() and only the trigger writes it.
revoke all on app.content_version from public;

-- The current number. STABLE, so inside a statement it reads that statement's
-- snapshot: `select app.content_version(), <the content>` is one consistent pair.
create or replace function app.content_version()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select v.version from app.content_version v where v.id = 1
$$;
revoke all on function app.content_version() from public;
grant execute on function app.content_version() to anon, authenticated;

-- Moves the number on and tells listeners (a NOTIFY is delivered at commit, and
-- dropped with the transaction if it rolls back).
create or replace function app.bump_content_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  next bigint;
begin
  update app.content_version set version = version + 1 where id = 1 returning version into next;
  perform pg_notify('vitrine_content_version', next::text);
  return null;
end
$$;
revoke all on function app.bump_content_version() from public;

create trigger projects_content_version
  after insert or update or delete or truncate on public.projects
  for each statement execute function app.bump_content_version();
create trigger technologies_content_version
  after insert or update or delete or truncate on public.technologies
  for each statement execute function app.bump_content_version();
create trigger project_technologies_content_version
  after insert or update or delete or truncate on public.project_technologies
  for each statement execute function app.bump_content_version();
create trigger certifications_content_version
  after insert or update or delete or truncate on public.certifications
  for each statement execute function app.bump_content_version();
create trigger configs_content_version
  after insert or update or delete or truncate on public.configs
  for each statement execute function app.bump_content_version();
