-- Site configurations: everyone reads them, only admins write, names are
-- unique and fixed once created.
begin;
\ir ../helpers/identity.sql
select plan(19);

select pg_temp.reset_accounts();
delete from public.configs;
insert into public.configs (name, value, description) values
  ('heroTitle1', 'FULL STACK', 'First hero line'),
  ('email', 'me@example.com', null);

select pg_temp.as_visitor();
select results_eq($$select name from public.configs order by name$$, array['email', 'heroTitle1'],
  'Visitors read every configuration');
select throws_ok($$insert into public.configs (name, value) values ('x', 'y')$$, '42501', null,
  'Visitors cannot create configurations');
select throws_ok($$update public.configs set value = 'hacked'$$, '42501', null, 'Visitors cannot update configurations');
select throws_ok($$delete from public.configs$$, '42501', null, 'Visitors cannot delete configurations');

select pg_temp.as_account('rita');
select is((select count(*)::integer from public.configs), 2, 'A user account reads every configuration');
select throws_ok($$insert into public.configs (name, value) values ('x', 'y')$$, '42501', null,
  'A user account cannot create configurations');
select is(pg_temp.affected($$update public.configs set value = 'hacked'$$), 0, 'A user account cannot update configurations');
select is(pg_temp.affected($$delete from public.configs$$), 0, 'A user account cannot delete configurations');

select pg_temp.as_ghost();
select is((select count(*)::integer from public.configs), 0, 'A deleted account''s token reads no configuration');
select throws_ok($$insert into public.configs (name, value) values ('x', 'y')$$, '42501', null,
  'A deleted account''s token cannot create configurations');
select is(pg_temp.affected($$update public.configs set value = 'hacked'$$), 0,
  'A deleted account''s token cannot update configurations');
select is(pg_temp.affected($$delete from public.configs$$), 0,
  'A deleted account''s token cannot delete configurations');

select pg_temp.as_account('ada');
select lives_ok($$insert into public.configs (name, value, description) values ('footerText', '© Me', 'Footer')$$,
  'An admin can create a configuration');
select throws_ok($$insert into public.configs (name, value) values ('email', 'other@example.com')$$, '23505', null,
  'Configuration names are unique');
select throws_ok($$insert into public.configs (name, value) values ('hero title', 'x')$$, '23514', null,
  'A configuration name is an identifier, without spaces');
select is(pg_temp.affected($$update public.configs set value = 'DEVELOPER', description = 'Second line' where name = 'heroTitle1'$$), 1,
  'An admin can update a configuration''s value and description');
select throws_ok($$update public.configs set name = 'heroTitle2' where name = 'heroTitle1'$$, '42501', null,
  'Even an admin cannot rename a configuration');
select is(pg_temp.affected($$delete from public.configs where name = 'footerText'$$), 1,
  'An admin can delete a configuration');
select is((select value from public.configs where name = 'heroTitle1'), 'DEVELOPER',
  'The admin''s update is what everyone reads');

select * from finish();
rollback;
