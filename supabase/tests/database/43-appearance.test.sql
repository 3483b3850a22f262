-- The site's appearance (supabase/schemas/16_appearance.sql, docs/decisions/073):
-- one row everyone reads, only admins change, nobody adds or removes; a change
-- moves the content version and the row version and is one activity entry.
begin;
\ir ../helpers/identity.sql
select plan(17);

select pg_temp.reset_accounts();

select results_eq($$select theme, accent, font, sections, version from public.appearance$$,
  $$values ('classic'::text, '#db2777'::text, 'system'::text, '[]'::jsonb, 1)$$,
  'Today''s look, one row, to start with');

select pg_temp.as_visitor();
select results_eq($$select theme from public.appearance$$, array['classic'], 'Visitors read the appearance');
select throws_ok($$update public.appearance set theme = 'grid'$$, '42501', null,
  'Visitors cannot change the appearance');

select pg_temp.as_account('rita');
select results_eq($$select theme from public.appearance$$, array['classic'], 'A user account reads the appearance');
select is(pg_temp.affected($$update public.appearance set theme = 'grid'$$), 0,
  'A user account cannot change the appearance');
select throws_ok($$insert into public.appearance (id) values (2)$$, '42501', null,
  'A user account cannot add a row');

select pg_temp.as_ghost();
select is((select count(*)::integer from public.appearance), 0, 'A deleted account''s token reads nothing');

select pg_temp.as_account('ada');
select throws_ok($$insert into public.appearance (id) values (2)$$, '42501', null,
  'Not even an admin adds a second row');
select throws_ok($$delete from public.appearance$$, '42501', null, 'Nor removes the row');
select throws_ok($$update public.appearance set version = 9$$, '42501', null,
  'Nor writes the version');
select throws_ok($$update public.appearance set accent = 'red'$$, '23514', null,
  'The accent is #rrggbb');
select throws_ok($$update public.appearance set sections = '{"skills": false}'$$, '23514', null,
  'The sections are a list');

create temporary table before_write as select app.content_version() as v;
select is(pg_temp.affected($$update public.appearance set theme = 'grid', accent = '#ffff00'$$), 1,
  'An admin changes the appearance');
select ok(app.content_version() > (select v from before_write), 'The content version moves on');
select is((select version from public.appearance), 2, 'The row version moves on');
select results_eq($$select summary, changed_fields from public.activity where entity = 'appearance' order by id desc limit 1$$,
  $$values ('Updated the site''s appearance'::text, array['accent', 'theme'])$$,
  'One activity entry names what changed');

select pg_temp.as_superuser();
select table_privs_are('public', 'appearance', 'anon', array['SELECT'], 'Visitors may only select the appearance');

select * from finish();
rollback;
