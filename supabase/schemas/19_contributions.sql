-- Open-source contributions (docs/github.md, docs/decisions/080; added by
-- migration 20261208040000_contributions.sql): the merged pull requests the
-- owner chose to show on the home page's "Open source" section, each as GitHub
-- gave it (its address, repository, number, title and when it was merged). A
-- pull request is chosen once, whatever the case of its address, and its
-- address is always https://github.com/<repository>/pull/<number>.
--
-- Everyone reads them: the section is public. Admins choose and remove them.
-- A change moves the content version (the section is in the kept home page)
-- and is an entry of the activity history (08_activity.sql).

create table public.contributions (
  id integer generated always as identity primary key,
  repository text not null
    check (repository ~ '^[A-Za-z0-9](-?[A-Za-z0-9])*/[A-Za-z0-9._-]{1,100}$' and length(repository) <= 140),
  number integer not null check (number > 0),
  url text not null,
  title text not null check (length(btrim(title)) between 1 and 300),
  merged_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint contributions_url_is_the_pull_request
    check (url = 'https://github.com/' || repository || '/pull/' || number)
);
create unique index contributions_url_key on public.contributions (lower(url));

create trigger contributions_content_version
  after insert or update or delete or truncate on public.contributions
  for each statement execute function app.bump_content_version();
create trigger contributions_activity_insert after insert on public.contributions
  referencing new table as new_rows for each statement execute function app.record_activity();
create trigger contributions_activity_delete after delete on public.contributions
  referencing old table as old_rows for each statement execute function app.record_activity();

alter table public.contributions enable row level security;
revoke all on public.contributions from anon, authenticated;
grant select on public.contributions to anon, authenticated;
grant insert (repository, number, url, title, merged_at), delete on public.contributions to authenticated;

create policy "Visitors can read the contributions"
  on public.contributions for select to anon using (true);
create policy "Signed-in accounts can read the contributions"
  on public.contributions for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can choose contributions"
  on public.contributions for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can remove contributions"
  on public.contributions for delete to authenticated using ((select app.is_admin()));
