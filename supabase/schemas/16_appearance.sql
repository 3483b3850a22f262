-- The site's appearance (docs/PRODUCT.md §27, docs/decisions/073; added by
-- migration 20261207030000_appearance.sql): one row holding the theme, the
-- owner's accent colour, the font pair and the home page's sections in order
-- with whether each is shown. Everyone reads it (every public page is drawn
-- with it), only admins change it, nobody adds or removes the row. Which
-- themes, fonts and sections exist is the API's list (contract/appearance.ts):
-- the checks here keep the shape, the API answers 400 for a name it does not
-- know. A change moves the content version, the row version (If-Match,
-- decision 009) and is one entry of the activity history.

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
