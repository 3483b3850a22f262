-- The featured row's order (supabase/schemas/05_content.sql, featured_order):
-- visitors read it on active projects and cannot write it, a user account
-- cannot change it, an admin can; it stays within 0..10000.
begin;
\ir ../helpers/identity.sql
select plan(7);

select pg_temp.reset_accounts();
select pg_temp.as_superuser();
-- Only this file's projects (the database may hold the demo seed's).
delete from public.project_technologies;
delete from public.projects;
insert into public.projects (name, description, is_active, featured, featured_order)
  values ('Shown', 'x', true, true, 2), ('Hidden', 'x', false, true, 1);

select pg_temp.as_visitor();
select results_eq($$select featured_order from public.projects$$, array[2],
  'Visitors read the order of active projects only');
select throws_ok($$update public.projects set featured_order = 0$$, '42501', null,
  'Visitors cannot set it');

select pg_temp.as_account('rita');
select is(pg_temp.affected($$update public.projects set featured_order = 0$$), 0,
  'A user account cannot set it');

select pg_temp.as_account('ada');
select is(pg_temp.affected($$update public.projects set featured_order = 5 where name = 'Shown'$$), 1,
  'An admin sets it');
select throws_ok($$update public.projects set featured_order = 10001$$, '23514', null,
  'It is at most 10000');
select throws_ok($$update public.projects set featured_order = -1$$, '23514', null,
  'and not negative');
select lives_ok($$insert into public.projects (name, description, featured_order) values ('New', 'x', 0)$$,
  'An admin gives it on insert');

select * from finish();
rollback;
