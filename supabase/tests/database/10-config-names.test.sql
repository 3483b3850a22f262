-- Configuration names are unique whatever their case, for every writer
-- (supabase/schemas/05_content.sql); lookups stay exact.
begin;
\ir ../helpers/identity.sql
select plan(5);

select pg_temp.reset_accounts();
delete from public.configs;
insert into public.configs (name, value) values ('heroTitle1', 'FULL STACK');

select pg_temp.as_account('ada');
select throws_ok($$insert into public.configs (name, value) values ('herotitle1', 'x')$$,
  '23505', 'duplicate key value violates unique constraint "configs_name_key"',
  'A name that differs only in case is refused');
select throws_ok($$insert into public.configs (name, value) values ('HEROTITLE1', 'x')$$,
  '23505', null, 'An upper-case copy of a name is refused');
select lives_ok($$insert into public.configs (name, value) values ('heroTitle2', 'DEVELOPER')$$,
  'A different name is accepted');
select is((select count(*)::integer from public.configs where name = 'herotitle1'), 0,
  'Reading by name stays exact');

select pg_temp.as_superuser();
select is(
  (select indexdef from pg_indexes where schemaname = 'public' and indexname = 'configs_name_key'),
  'CREATE UNIQUE INDEX configs_name_key ON public.configs USING btree (lower(name))',
  'The unique index compares names in lower case'
);

select * from finish();
rollback;
