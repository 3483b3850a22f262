-- The site's languages (docs/PRODUCT.md §23, docs/decisions/047; added by
-- migration 20261204005000_languages.sql): BCP 47 tags in canonical case
-- (language lower, script title, region upper: en, pt-BR, zh-Hant), in the
-- owner's order, one of them the default, at most 10. The default language's
-- texts are the content's own columns; the others' are each content row's
-- `translations` (05_content.sql, 06_story.sql). Everyone reads the list,
-- only admins write it, and a change moves the content version like any
-- public content. The API replaces the whole list at once (PUT /languages).

create table public.languages (
  tag text primary key
    check (tag ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$'),
  position integer not null unique check (position between 0 and 9),
  is_default boolean not null default false
);
-- One default at the most (the API sends exactly one); a tag once whatever its case.
create unique index languages_one_default on public.languages (is_default) where is_default;
create unique index languages_tag_key on public.languages (lower(tag));
create trigger languages_content_version
  after insert or update or delete or truncate on public.languages
  for each statement execute function app.bump_content_version();

alter table public.languages enable row level security;
revoke all on public.languages from anon, authenticated;
grant select on public.languages to anon, authenticated;
grant insert (tag, position, is_default), update (tag, position, is_default), delete
  on public.languages to authenticated;

create policy "Visitors can read languages"
  on public.languages for select to anon using (true);
create policy "Signed-in accounts can read languages"
  on public.languages for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can add languages"
  on public.languages for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can change languages"
  on public.languages for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can remove languages"
  on public.languages for delete to authenticated using ((select app.is_admin()));

-- English alone until the owner chooses.
insert into public.languages (tag, position, is_default) values ('en', 0, true);
