-- The site's languages and the content's translations
-- (supabase/schemas/13_languages.sql, docs/decisions/047): everyone reads the
-- languages, only admins write them, a change moves the content version; each
-- translations column holds language tag -> field -> text, its table's fields only.
begin;
\ir ../helpers/identity.sql
select plan(25);

select pg_temp.reset_accounts();

create function pg_temp.bumps(p_sql text) returns bigint
language plpgsql as $$
declare
  v_before bigint := app.content_version();
begin
  execute p_sql;
  return app.content_version() - v_before;
end
$$;

-- the languages -------------------------------------------------------------------

select results_eq($$select tag, position, is_default from public.languages$$,
  $$values ('en'::text, 0, true)$$, 'English alone, the default, to start with');

select pg_temp.as_visitor();
select results_eq($$select tag from public.languages$$, array['en'], 'Visitors read the languages');
select throws_ok($$insert into public.languages (tag, position) values ('fr', 1)$$, '42501', null,
  'Visitors cannot add a language');
select throws_ok($$delete from public.languages$$, '42501', null, 'Visitors cannot remove languages');

select pg_temp.as_account('rita');
select results_eq($$select tag from public.languages$$, array['en'], 'A user account reads the languages');
select throws_ok($$insert into public.languages (tag, position) values ('fr', 1)$$, '42501', null,
  'A user account cannot add a language');
select is(pg_temp.affected($$update public.languages set is_default = false$$), 0,
  'A user account cannot change a language');
select is(pg_temp.affected($$delete from public.languages$$), 0, 'A user account cannot remove a language');

select pg_temp.as_ghost();
select is((select count(*)::integer from public.languages), 0, 'A deleted account''s token reads no language');

select pg_temp.as_account('ada');
select is(pg_temp.bumps($$insert into public.languages (tag, position) values ('fr', 1), ('pt-BR', 2)$$),
  1::bigint, 'An admin adds languages, and the content version moves on once');
select is(pg_temp.bumps($$delete from public.languages where tag = 'pt-BR'$$), 1::bigint,
  'Removing a language moves the content version on');
select throws_ok($$insert into public.languages (tag, position) values ('FR-fr', 3)$$, '23514', null,
  'A tag is stored in canonical case only');
select throws_ok($$insert into public.languages (tag, position) values ('de', 10)$$, '23514', null,
  'At most 10 places');
select throws_ok($$insert into public.languages (tag, position) values ('de', 1)$$, '23505', null,
  'Two languages cannot share a place');
select throws_ok($$insert into public.languages (tag, position, is_default) values ('de', 3, true)$$, '23505', null,
  'One default at the most');

select pg_temp.as_superuser();
select policies_are('public', 'languages', array[
  'Visitors can read languages', 'Signed-in accounts can read languages', 'Admins can add languages',
  'Admins can change languages', 'Admins can remove languages'], 'languages has its five policies');
select table_privs_are('public', 'languages', 'anon', array['SELECT'], 'Visitors may only select languages');

-- the translations -----------------------------------------------------------------

select ok(app.are_valid_translations('{}', array['name']), 'No translation is valid');
select ok(app.are_valid_translations('{"fr": {"name": "Boutique"}, "pt-BR": {}}', array['name', 'description']),
  'Language tag to field to text is valid');
select ok(not app.are_valid_translations('[]', array['name']), 'An array is not');
select ok(not app.are_valid_translations('{"french": {"name": "x"}}', array['name']), 'A key that is no tag is not');
select ok(not app.are_valid_translations('{"fr": "Boutique"}', array['name']), 'Texts that are no object are not');
select ok(not app.are_valid_translations('{"fr": {"name": 1}}', array['name']), 'A text that is no string is not');

select pg_temp.as_account('ada');
insert into public.projects (name, description) values ('Shop', 'A shop');
select throws_ok($$update public.projects set translations = '{"fr": {"liveUrl": "x"}}' where name = 'Shop'$$,
  '23514', null, 'A project translates its name and description only');
update public.projects set translations = '{"fr": {"name": "Boutique"}}' where name = 'Shop';
select is((select translations from public.projects where name = 'Shop'), '{"fr": {"name": "Boutique"}}'::jsonb,
  'An admin writes a project''s translations');

select * from finish();
rollback;
