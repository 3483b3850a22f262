-- Open-source contributions (supabase/schemas/19_contributions.sql, docs/decisions/080):
-- everyone reads them; only admins choose and remove them; nobody edits one;
-- a pull request's address is the one of its repository and number, chosen
-- once whatever its case; a change moves the content version and is recorded.
begin;
\ir ../helpers/identity.sql
select plan(15);

select pg_temp.reset_accounts();

insert into public.contributions (repository, number, url, title, merged_at)
  values ('nodejs/node', 101, 'https://github.com/nodejs/node/pull/101', 'fs: fix a race', '2024-03-01T10:00:00Z');

select pg_temp.as_visitor();
select results_eq($$select repository, number from public.contributions$$,
  $$values ('nodejs/node'::text, 101)$$, 'Visitors read the contributions');
select throws_ok($$insert into public.contributions (repository, number, url, title, merged_at)
  values ('a/b', 1, 'https://github.com/a/b/pull/1', 'x', now())$$, '42501', null,
  'Visitors cannot choose one');
select throws_ok($$delete from public.contributions$$, '42501', null, 'Nor remove one');

select pg_temp.as_account('rita');
select is((select count(*)::integer from public.contributions), 1, 'A user account reads them');
select throws_ok($$insert into public.contributions (repository, number, url, title, merged_at)
  values ('a/b', 1, 'https://github.com/a/b/pull/1', 'x', now())$$, '42501', null,
  'A user account cannot choose one');
select is(pg_temp.affected($$delete from public.contributions$$), 0, 'Nor remove one');

select pg_temp.as_ghost();
select is((select count(*)::integer from public.contributions), 0, 'A deleted account''s token reads nothing');

select pg_temp.as_account('ada');
create temporary table before_write as select app.content_version() as v;
select lives_ok($$insert into public.contributions (repository, number, url, title, merged_at)
  values ('vitejs/vite', 7, 'https://github.com/vitejs/vite/pull/7', 'docs: typo', now())$$,
  'An admin chooses one');
select ok(app.content_version() > (select v from before_write), 'The content version moves on');
select throws_ok($$update public.contributions set title = 'Renamed'$$, '42501', null,
  'Not even an admin edits one: it is as GitHub gave it');
select throws_ok($$insert into public.contributions (repository, number, url, title, merged_at)
  values ('ViteJS/Vite', 7, 'https://github.com/ViteJS/Vite/pull/7', 'again', now())$$, '23505', null,
  'A pull request is chosen once, whatever its case');
select throws_ok($$insert into public.contributions (repository, number, url, title, merged_at)
  values ('vitejs/vite', 8, 'https://evil.example/vitejs/vite/pull/8', 'x', now())$$, '23514', null,
  'Its address is https://github.com/<repository>/pull/<number>');
select throws_ok($$insert into public.contributions (repository, number, url, title, merged_at)
  values ('vitejs/vite', 9, 'https://github.com/vitejs/vite/pull/9', '  ', now())$$, '23514', null,
  'It has a title');
select is(pg_temp.affected($$delete from public.contributions where number = 101$$), 1, 'An admin removes one');
select pg_temp.as_superuser();
select is((select array_agg(summary order by id)::text from public.activity where entity = 'contributions'),
  '{"Created contribution \"nodejs/node#101\"","Created contribution \"vitejs/vite#7\"","Deleted contribution \"nodejs/node#101\""}',
  'Choosing and removing are in the history');

select * from finish();
rollback;
