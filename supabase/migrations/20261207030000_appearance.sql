-- The site's appearance: theme, accent colour, font pair and the home page's
-- sections, one row everyone reads and admins change (docs/PRODUCT.md §27,
-- docs/decisions/073; supabase/schemas/16_appearance.sql). A change is one
-- entry of the activity history ("Updated the site's appearance").

alter table public.activity drop constraint activity_entity_check;
alter table public.activity add constraint activity_entity_check check (entity in
    ('projects', 'technologies', 'certifications', 'configs', 'users', 'contact_messages',
     'experiences', 'education', 'share_links', 'posts', 'languages', 'appearance'));

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
  end
$$;

create table public.appearance (
  id integer primary key default 1 check (id = 1),
  theme text not null default 'classic' check (theme ~ '^[a-z][a-z0-9-]{0,39}$'),
  accent text not null default '#db2777' check (accent ~ '^#[0-9a-f]{6}$'),
  font text not null default 'system' check (font ~ '^[a-z][a-z0-9-]{0,39}$'),
  -- [{ "id": "skills", "visible": true }, ...]; sections not named keep their place after these.
  sections jsonb not null default '[]' check (jsonb_typeof(sections) = 'array'),
  version integer not null default 1
);
create trigger appearance_bump_version before update on public.appearance
  for each row execute function app.bump_version();
create trigger appearance_content_version
  after insert or update or delete or truncate on public.appearance
  for each statement execute function app.bump_content_version();
create trigger appearance_activity_update after update on public.appearance
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.record_activity();

alter table public.appearance enable row level security;
revoke all on public.appearance from anon, authenticated;
grant select on public.appearance to anon, authenticated;
grant update (theme, accent, font, sections) on public.appearance to authenticated;

create policy "Visitors can read the appearance"
  on public.appearance for select to anon using (true);
create policy "Signed-in accounts can read the appearance"
  on public.appearance for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can change the appearance"
  on public.appearance for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));

-- Today's look until the owner chooses.
insert into public.appearance (id) values (1);
