-- Projects and their technology links: visitors see active projects and only
-- their links, signed-in accounts see everything, only admins write; the year
-- rules of docs/PRODUCT.md §9.
begin;
\ir ../helpers/identity.sql
select plan(48);

select pg_temp.reset_accounts();
delete from public.project_technologies;
delete from public.projects;
delete from public.technologies;
insert into public.technologies (name) values ('React'), ('Go');
insert into public.projects (name, description, start_year, is_active) values
  ('Alpha', 'An active project', 2020, true),
  ('Beta', 'A hidden project', 2021, false);
insert into public.project_technologies (project_id, technology_id)
select p.id, t.id from public.projects p, public.technologies t
where (p.name, t.name) in (('Alpha', 'React'), ('Beta', 'Go'));

-- visitors
select pg_temp.as_visitor();
select results_eq($$select name from public.projects$$, array['Alpha'], 'Visitors read only active projects');
select results_eq($$select t.name from public.project_technologies pt join public.technologies t on t.id = pt.technology_id$$,
  array['React'], 'Visitors read only the technology links of active projects');
select throws_ok($$insert into public.projects (name, description) values ('Gamma', 'x')$$, '42501', null,
  'Visitors cannot create projects');
select throws_ok($$update public.projects set name = 'Alpha 2'$$, '42501', null, 'Visitors cannot update projects');
select throws_ok($$delete from public.projects$$, '42501', null, 'Visitors cannot delete projects');
select throws_ok($$insert into public.project_technologies select p.id, t.id from public.projects p, public.technologies t$$,
  '42501', null, 'Visitors cannot link technologies to projects');
select throws_ok($$update public.project_technologies set technology_id = technology_id$$, '42501', null,
  'Visitors cannot update project links');
select throws_ok($$delete from public.project_technologies$$, '42501', null, 'Visitors cannot unlink technologies');

-- a read-only user account
select pg_temp.as_account('rita');
select results_eq($$select name from public.projects order by name$$, array['Alpha', 'Beta'],
  'A user account reads every project, inactive included');
select is((select count(*)::integer from public.project_technologies), 2, 'A user account reads every project link');
select throws_ok($$insert into public.projects (name, description) values ('Gamma', 'x')$$, '42501', null,
  'A user account cannot create projects');
select is(pg_temp.affected($$update public.projects set is_active = true$$), 0, 'A user account cannot update projects');
select is(pg_temp.affected($$delete from public.projects$$), 0, 'A user account cannot delete projects');
select throws_ok($$insert into public.project_technologies (project_id, technology_id)
    select p.id, t.id from public.projects p, public.technologies t where p.name = 'Alpha' and t.name = 'Go'$$,
  '42501', null, 'A user account cannot link technologies to projects');
select throws_ok($$update public.project_technologies set technology_id = technology_id$$, '42501', null,
  'A user account cannot update project links');
select is(pg_temp.affected($$delete from public.project_technologies$$), 0, 'A user account cannot unlink technologies');

-- a deleted account's token
select pg_temp.as_ghost();
select is((select count(*)::integer from public.projects), 0, 'A deleted account''s token reads no project');
select is((select count(*)::integer from public.project_technologies), 0, 'A deleted account''s token reads no project link');
select throws_ok($$insert into public.projects (name, description) values ('Gamma', 'x')$$, '42501', null,
  'A deleted account''s token cannot create projects');
select is(pg_temp.affected($$update public.projects set is_active = true$$), 0,
  'A deleted account''s token cannot update projects');
select is(pg_temp.affected($$delete from public.projects$$), 0, 'A deleted account''s token cannot delete projects');
select throws_ok($$insert into public.project_technologies (project_id, technology_id)
    select p.id, t.id from (select 1) s, lateral (select min(id) as id from public.projects) p, lateral (select min(id) as id from public.technologies) t$$,
  '42501', null, 'A deleted account''s token cannot link technologies to projects');
select is(pg_temp.affected($$delete from public.project_technologies$$), 0,
  'A deleted account''s token cannot unlink technologies');

-- admins
select pg_temp.as_account('ada');
select is((select count(*)::integer from public.projects), 2, 'An admin reads every project');
select lives_ok($$insert into public.projects (name, description, start_year, end_year, live_url, github_url, images)
    values ('Gamma', 'New', 2024, null, 'https://gamma.example.com', 'https://github.com/example/gamma', array['/uploads/a.png'])$$,
  'An admin can create a project');
select is((select is_active from public.projects where name = 'Gamma'), true, 'A new project is active by default');
select lives_ok($$insert into public.project_technologies (project_id, technology_id)
    select p.id, t.id from public.projects p, public.technologies t where p.name = 'Gamma'$$,
  'An admin can link technologies to a project');
select throws_ok($$insert into public.project_technologies (project_id, technology_id)
    select p.id, t.id from public.projects p, public.technologies t where p.name = 'Gamma' and t.name = 'Go'$$,
  '23505', null, 'A technology is linked to a project at most once');
select is(pg_temp.affected($$update public.projects set is_active = true where name = 'Beta'$$), 1,
  'An admin can update a project');
select is(pg_temp.affected($$delete from public.project_technologies pt using public.technologies t
    where t.id = pt.technology_id and t.name = 'Go'$$), 2, 'An admin can unlink technologies');
select throws_ok($$update public.projects set live_url = 'javascript:alert(1)' where name = 'Gamma'$$, '23514', null,
  'Project links must be http(s) URLs');
select throws_ok($$update public.projects set id = id + 100 where name = 'Gamma'$$, '428C9', null,
  'A project id cannot be rewritten');

-- year rules (docs/PRODUCT.md §9): start 1990..this year, end 1990..this year + 10
select throws_ok($$insert into public.projects (name, description, start_year) values ('Old', 'x', 1989)$$,
  '23514', null, 'A start year before 1990 is refused');
select throws_ok(format($$insert into public.projects (name, description, start_year) values ('Future', 'x', %s)$$,
    extract(year from now())::integer + 1),
  '23514', null, 'A start year after this year is refused');
select lives_ok(format($$insert into public.projects (name, description, start_year, end_year) values ('Edges', 'x', 1990, %s)$$,
    extract(year from now())::integer + 10),
  'Start year 1990 and end year this year + 10 are accepted');
select lives_ok(format($$insert into public.projects (name, description, start_year) values ('Now', 'x', %s)$$,
    extract(year from now())::integer),
  'This year is an accepted start year');
select throws_ok(format($$insert into public.projects (name, description, end_year) values ('Far', 'x', %s)$$,
    extract(year from now())::integer + 11),
  '23514', null, 'An end year after this year + 10 is refused');
select throws_ok($$insert into public.projects (name, description, end_year) values ('Older', 'x', 1989)$$,
  '23514', null, 'An end year before 1990 is refused');
select throws_ok($$update public.projects set start_year = 1989 where name = 'Alpha'$$,
  '23514', 'Start year must be between 1990 and ' || extract(year from now())::integer,
  'Updates follow the year rules too, with a message naming the range');
select lives_ok($$insert into public.projects (name, description, start_year, end_year) values ('Ongoing', 'x', null, null)$$,
  'Both years may be left empty');
select throws_ok($$insert into public.projects (name, description) values ('No description', '  ')$$, '23514', null,
  'A project description cannot be blank');

select is(pg_temp.affected($$delete from public.projects where name = 'Gamma'$$), 1, 'An admin can delete a project');
select pg_temp.as_superuser();
select is((select count(*)::integer from public.project_technologies pt
    where not exists (select 1 from public.projects p where p.id = pt.project_id)), 0,
  'Deleting a project removes its technology links');
select is((select count(*)::integer from public.technologies), 2, 'Deleting a project keeps its technologies');

-- a technology deleted by an admin disappears from every project
select pg_temp.as_account('ada');
select is(pg_temp.affected($$delete from public.technologies where name = 'React'$$), 1,
  'An admin can delete a technology that projects use');
select is((select count(*)::integer from public.project_technologies), 0,
  'Deleting a technology removes its project links');

-- inactive projects disappear from the public page at once
select pg_temp.as_account('ada');
select is(pg_temp.affected($$update public.projects set is_active = false$$), 5,
  'An admin can deactivate every project at once');
select pg_temp.as_visitor();
select is((select count(*)::integer from public.projects), 0,
  'Visitors see no project once every project is inactive');

select * from finish();
rollback;
