-- A version number on every row an owner edits in a form (projects,
-- technologies, certifications, configurations, accounts), for optimistic
-- concurrency: the API sends it as the ETag of one item and refuses a write
-- whose If-Match names an older one (docs/decisions/009-optimistic-concurrency.md).
-- A counter and not updated_at: two writes within one transaction, or two
-- transactions that started in the same microsecond, would share a timestamp.

alter table public.projects add column version integer not null default 1;
alter table public.technologies add column version integer not null default 1;
alter table public.certifications add column version integer not null default 1;
alter table public.configs add column version integer not null default 1;
alter table public.users add column version integer not null default 1;

-- Every UPDATE moves the version on, whoever writes and whatever it changes.
-- No client role holds an UPDATE grant on the column, so only this sets it.
create or replace function app.bump_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.version := old.version + 1;
  return new;
end
$$;
revoke all on function app.bump_version() from public;

create trigger projects_bump_version before update on public.projects
  for each row execute function app.bump_version();
create trigger technologies_bump_version before update on public.technologies
  for each row execute function app.bump_version();
create trigger certifications_bump_version before update on public.certifications
  for each row execute function app.bump_version();
create trigger configs_bump_version before update on public.configs
  for each row execute function app.bump_version();
create trigger users_bump_version before update on public.users
  for each row execute function app.bump_version();

-- users has column grants (password_hash stays hidden): the version joins them.
-- The other tables grant SELECT on the whole table already.
grant select (version) on public.users to authenticated;
