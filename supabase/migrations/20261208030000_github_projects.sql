-- Projects imported from GitHub: the repository each came from, its figures
-- and what the project last took from it (docs/github.md, docs/decisions/079;
-- supabase/schemas/18_github.sql).

create table public.github_projects (
  project_id integer primary key references public.projects (id) on delete cascade,
  repository text not null
    check (repository ~ '^[A-Za-z0-9](-?[A-Za-z0-9])*/[A-Za-z0-9._-]{1,100}$' and length(repository) <= 140),
  stars integer not null default 0 check (stars >= 0),
  forks integer not null default 0 check (forks >= 0),
  pushed_at timestamptz,
  synced_at timestamptz not null default now(),
  taken jsonb not null default '{}'::jsonb check (jsonb_typeof(taken) = 'object')
);
create unique index github_projects_repository_key on public.github_projects (lower(repository));

-- Moves the content version when a row of an active project changed: a
-- project's answer carries its figures. A project deleted takes its row with
-- it, and the project's own trigger has counted it if it was visible.
create or replace function app.bump_content_version_for_github()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visible boolean := false;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select exists (
      select 1 from new_rows r join public.projects p on p.id = r.project_id where p.is_active
    ) into visible;
  else
    select exists (
      select 1 from old_rows r join public.projects p on p.id = r.project_id where p.is_active
    ) into visible;
  end if;
  if visible then
    perform app.next_content_version();
  end if;
  return null;
end
$$;
revoke all on function app.bump_content_version_for_github() from public;

create trigger github_projects_content_version_insert after insert on public.github_projects
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_for_github();
create trigger github_projects_content_version_update after update on public.github_projects
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_for_github();
create trigger github_projects_content_version_delete after delete on public.github_projects
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_for_github();
create trigger github_projects_content_version_truncate after truncate on public.github_projects
  for each statement execute function app.bump_content_version();

alter table public.github_projects enable row level security;
revoke all on public.github_projects from anon, authenticated;
grant select (project_id, repository, stars, forks, pushed_at, synced_at) on public.github_projects to anon;
grant select on public.github_projects to authenticated;
grant insert (project_id, repository, stars, forks, pushed_at, synced_at, taken),
  update (stars, forks, pushed_at, synced_at, taken),
  delete on public.github_projects to authenticated;

create policy "Visitors can read the GitHub figures of active projects"
  on public.github_projects for select to anon
  using (exists (select 1 from public.projects p where p.id = project_id and p.is_active));
create policy "Signed-in accounts can read the GitHub figures"
  on public.github_projects for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can import from GitHub"
  on public.github_projects for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can sync from GitHub"
  on public.github_projects for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can forget a repository"
  on public.github_projects for delete to authenticated using ((select app.is_admin()));
