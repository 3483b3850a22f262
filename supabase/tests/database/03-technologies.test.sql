-- Technologies: everyone reads them, only admins write; names are unique
-- regardless of case.
begin;
\ir ../helpers/identity.sql
select plan(20);

select pg_temp.reset_accounts();
delete from public.project_technologies;
delete from public.projects;
delete from public.technologies;
insert into public.technologies (name, icon) values ('React', 'https://cdn.example.com/react.svg'), ('Go', null);

-- visitors
select pg_temp.as_visitor();
select results_eq($$select name from public.technologies order by name$$, array['Go', 'React'],
  'Visitors read every technology');
select throws_ok($$insert into public.technologies (name) values ('Rust')$$, '42501', null,
  'Visitors cannot create technologies');
select throws_ok($$update public.technologies set name = 'Golang' where name = 'Go'$$, '42501', null,
  'Visitors cannot update technologies');
select throws_ok($$delete from public.technologies$$, '42501', null,
  'Visitors cannot delete technologies');

-- a read-only user account
select pg_temp.as_account('rita');
select is((select count(*)::integer from public.technologies), 2, 'A user account reads every technology');
select throws_ok($$insert into public.technologies (name) values ('Rust')$$, '42501', null,
  'A user account cannot create technologies');
select is(pg_temp.affected($$update public.technologies set name = 'Golang' where name = 'Go'$$), 0,
  'A user account cannot update technologies');
select is(pg_temp.affected($$delete from public.technologies$$), 0,
  'A user account cannot delete technologies');

-- a deleted account's token
select pg_temp.as_ghost();
select is((select count(*)::integer from public.technologies), 0, 'A deleted account''s token reads no technology');
select throws_ok($$insert into public.technologies (name) values ('Rust')$$, '42501', null,
  'A deleted account''s token cannot create technologies');
select is(pg_temp.affected($$update public.technologies set name = 'Golang' where name = 'Go'$$), 0,
  'A deleted account''s token cannot update technologies');
select is(pg_temp.affected($$delete from public.technologies$$), 0,
  'A deleted account''s token cannot delete technologies');

-- admins
select pg_temp.as_account('ada');
select is((select count(*)::integer from public.technologies), 2, 'An admin reads every technology');
select lives_ok($$insert into public.technologies (name, icon) values ('Rust', '/uploads/rust.png')$$,
  'An admin can create a technology');
select throws_ok($$insert into public.technologies (name) values ('rust')$$, '23505', null,
  'Technology names are unique regardless of case');
select throws_ok($$insert into public.technologies (name, icon) values ('Evil', 'javascript:alert(1)')$$, '23514', null,
  'A technology icon must be an http(s) or site-relative URL');
select throws_ok($$insert into public.technologies (name) values ('   ')$$, '23514', null,
  'A technology name cannot be blank');
select is(pg_temp.affected($$update public.technologies set name = 'Golang' where name = 'Go'$$), 1,
  'An admin can update a technology');
select throws_ok($$update public.technologies set name = 'REACT' where name = 'Golang'$$, '23505', null,
  'Renaming onto another technology''s name, in any case, is refused');
select is(pg_temp.affected($$delete from public.technologies where name = 'Rust'$$), 1,
  'An admin can delete a technology');

select * from finish();
rollback;
