-- The portfolio in several languages, first step (docs/decisions/047,
-- docs/PRODUCT.md §23): the site's languages, and each content row's texts
-- in the languages other than the default. Visitors' pages do not use them yet.

-- Translations (docs/decisions/047-languages-and-translations.md): a row's
-- texts in other languages than the default, as an object of language tag ->
-- object of field -> text. Which fields a table translates is its constraint's
-- list; the languages themselves are 13_languages.sql's, and a row keeps the
-- texts of a language the owner removed (adding it again brings them back).
create or replace function app.are_valid_translations(p_translations jsonb, p_fields text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_translations) = 'object'
     and not exists (
       select 1
         from jsonb_each(p_translations) as l(tag, texts)
        where l.tag !~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$'
           or jsonb_typeof(l.texts) is distinct from 'object'
           or exists (
                select 1 from jsonb_each(l.texts) as f(field, text)
                 where not (f.field = any (p_fields))
                    or jsonb_typeof(f.text) is distinct from 'string'
                    or length(f.text #>> '{}') > 10000))
$$;

revoke all on function app.are_valid_translations(jsonb, text[]) from public;
grant execute on function app.are_valid_translations(jsonb, text[]) to anon, authenticated;

alter table public.projects add column translations jsonb not null default '{}'::jsonb
  constraint projects_translations_are_valid
  check (app.are_valid_translations(translations, array['name', 'description']));
alter table public.certifications add column translations jsonb not null default '{}'::jsonb
  constraint certifications_translations_are_valid
  check (app.are_valid_translations(translations, array['name']));
alter table public.experiences add column translations jsonb not null default '{}'::jsonb
  constraint experiences_translations_are_valid
  check (app.are_valid_translations(translations, array['role', 'location', 'description']));
alter table public.education add column translations jsonb not null default '{}'::jsonb
  constraint education_translations_are_valid
  check (app.are_valid_translations(translations, array['qualification', 'field', 'description']));
alter table public.configs add column translations jsonb not null default '{}'::jsonb
  constraint configs_translations_are_valid
  check (app.are_valid_translations(translations, array['value']));
-- Accounts write only the columns they are granted; admins may set these
-- (row-level security still decides who is an admin).
grant insert (translations), update (translations)
  on public.projects, public.certifications, public.experiences, public.education, public.configs
  to authenticated;

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
