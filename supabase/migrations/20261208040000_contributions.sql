-- Open-source contributions: the merged pull requests the owner chose to show
-- on the home page (docs/github.md, docs/decisions/080;
-- supabase/schemas/19_contributions.sql). Choosing or removing one is an entry
-- of the activity history ('Created contribution "owner/name#12"').

alter table public.activity drop constraint activity_entity_check;
alter table public.activity add constraint activity_entity_check check (entity in
    ('projects', 'technologies', 'certifications', 'configs', 'users', 'contact_messages',
     'experiences', 'education', 'share_links', 'posts', 'languages', 'appearance',
     'contributions'));

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
revoke all on function app.activity_label(text, jsonb) from public;

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
