-- Projects imported from GitHub (supabase/schemas/18_github.sql, docs/decisions/079):
-- visitors read the figures of active projects and never what was taken;
-- signed-in accounts read all; only admins write; a repository is imported
-- once whatever its case; the row goes with its project; a change moves the
-- content version.
begin;
\ir ../helpers/identity.sql
select plan(18);

select pg_temp.reset_accounts();

insert into public.projects (name, description, is_active) values ('Shown', 'From GitHub', true), ('Hidden', 'From GitHub', false);
insert into public.github_projects (project_id, repository, stars, forks, taken)
  select id, case name when 'Shown' then 'octo/shown' else 'octo/hidden' end, 5, 1, '{"description": "From GitHub"}'
    from public.projects where name in ('Shown', 'Hidden');

select pg_temp.as_visitor();
select results_eq($$select repository, stars from public.github_projects$$,
  $$values ('octo/shown'::text, 5)$$, 'Visitors read the figures of active projects only');
select throws_ok($$select taken from public.github_projects$$, '42501', null,
  'Visitors cannot read what a project took from GitHub');
select throws_ok($$update public.github_projects set stars = 0$$, '42501', null,
  'Visitors cannot change the figures');

select pg_temp.as_account('rita');
select is((select count(*)::integer from public.github_projects), 2, 'A user account reads every row');
select is(pg_temp.affected($$update public.github_projects set stars = 0$$), 0,
  'A user account cannot change the figures');
select throws_ok($$insert into public.github_projects (project_id, repository)
  select id, 'octo/other' from public.projects where name = 'Shown'$$, '42501', null,
  'A user account cannot import');
select is(pg_temp.affected($$delete from public.github_projects$$), 0, 'Nor forget a repository');

select pg_temp.as_ghost();
select is((select count(*)::integer from public.github_projects), 0, 'A deleted account''s token reads nothing');

select pg_temp.as_account('ada');
create temporary table before_write as select app.content_version() as v;
select is(pg_temp.affected($$update public.github_projects set stars = 9, synced_at = now() where repository = 'octo/shown'$$), 1,
  'An admin syncs the figures');
select ok(app.content_version() > (select v from before_write), 'The content version moves on');
create temporary table after_write as select app.content_version() as v;
update public.github_projects set stars = 10 where repository = 'octo/hidden';
select is(app.content_version(), (select v from after_write),
  'A change to an inactive project''s figures leaves the version as it was');
select throws_ok($$update public.github_projects set repository = 'octo/renamed'$$, '42501', null,
  'Not even an admin renames the repository of an imported project');
insert into public.projects (name, description) values ('Third', 'Another');
select throws_ok($$insert into public.github_projects (project_id, repository)
  select id, 'OCTO/Shown' from public.projects where name = 'Third'$$, '23505', null,
  'A repository is imported once, whatever its case');
select throws_ok($$insert into public.github_projects (project_id, repository)
  select id, 'octo/bad name' from public.projects where name = 'Third'$$, '23514', null,
  'A repository is owner/name');
select throws_ok($$update public.github_projects set stars = -1$$, '23514', null, 'Stars are never negative');
select throws_ok($$update public.github_projects set taken = '[]'$$, '23514', null, 'What was taken is an object');
select is(pg_temp.affected($$delete from public.projects where name = 'Shown'$$), 1, 'An admin deletes an imported project');
select is((select count(*)::integer from public.github_projects where repository = 'octo/shown'), 0,
  'Its GitHub row goes with it');

select * from finish();
rollback;
