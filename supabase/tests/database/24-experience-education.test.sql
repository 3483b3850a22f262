-- Experience and education (docs/PRODUCT.md §18): every row is public,
-- signed-in accounts read all, only admins write; months are first days, an
-- end never comes before the start; writes move the row version and the
-- content version, and are in the activity history.
begin;
\ir ../helpers/identity.sql
select plan(24);

select pg_temp.reset_accounts();
delete from public.experiences;
delete from public.education;
insert into public.technologies (name) values ('pgtap-story-tech');
insert into public.experiences (organization, role, start_date, end_date) values
  ('Acme', 'Engineer', '2020-01-01', null),
  ('Old Co', 'Intern', '2018-06-01', '2018-09-01');
insert into public.experience_technologies (experience_id, technology_id)
  select e.id, t.id from public.experiences e, public.technologies t
   where e.organization = 'Acme' and t.name = 'pgtap-story-tech';
insert into public.education (institution, qualification, start_date) values ('University', 'BSc', '2014-09-01');

select pg_temp.as_visitor();
select is((select count(*)::integer from public.experiences), 2, 'Visitors read every experience');
select is((select count(*)::integer from public.experience_technologies), 1, 'Visitors read the experience links');
select is((select count(*)::integer from public.education), 1, 'Visitors read education');
select throws_ok($$insert into public.experiences (organization, role, start_date) values ('X', 'Y', '2020-01-01')$$,
  '42501', null, 'Visitors cannot create experiences');
select throws_ok($$insert into public.education (institution, qualification, start_date) values ('X', 'Y', '2020-01-01')$$,
  '42501', null, 'Visitors cannot create education');
select throws_ok($$delete from public.experiences$$, '42501', null, 'Visitors cannot delete experiences');

select pg_temp.as_account('rita');
select is((select count(*)::integer from public.experiences), 2, 'A user account reads every experience');
select throws_ok($$insert into public.experiences (organization, role, start_date) values ('X', 'Y', '2020-01-01')$$,
  '42501', null, 'A user account cannot create experiences');
select is(pg_temp.affected($$update public.experiences set role = 'Boss'$$), 0, 'A user account cannot update experiences');
select is(pg_temp.affected($$delete from public.education$$), 0, 'A user account cannot delete education');
select is(pg_temp.affected($$delete from public.experience_technologies$$), 0,
  'A user account cannot unlink technologies from experiences');

select pg_temp.as_ghost();
select is((select count(*)::integer from public.experiences), 0, 'A deleted account''s token reads no experience');

select pg_temp.as_account('ada');
select lives_ok($$insert into public.experiences (organization, role, start_date, end_date)
  values ('Next', 'Lead', '2024-02-01', '2024-12-01')$$, 'An admin can create an experience');
select throws_ok($$insert into public.experiences (organization, role, start_date, end_date)
  values ('X', 'Y', '2024-02-01', '2024-01-01')$$, '23514', null, 'An experience cannot end before it starts');
select throws_ok($$insert into public.experiences (organization, role, start_date) values ('X', 'Y', '2024-02-15')$$,
  '23514', null, 'A start is a month: the first day of it');
select throws_ok($$insert into public.experiences (organization, role, start_date) values (' ', 'Y', '2024-02-01')$$,
  '23514', null, 'An experience needs an organization');
select throws_ok($$insert into public.education (institution, qualification, start_date, url)
  values ('X', 'Y', '2024-02-01', 'javascript:alert(1)')$$, '23514', null, 'A link is http(s)');
select lives_ok($$update public.education set field = 'Computing'$$, 'An admin can update education');
select is((select version from public.education), 2, 'An update moves the row version on');

select is(pg_temp.affected($$delete from public.experiences where organization = 'Old Co'$$), 1,
  'An admin can delete an experience');

select results_eq($$select summary from public.activity where entity in ('experiences', 'education') and actor_name = 'ada' order by id$$,
  array['Created experience "Lead at Next"', 'Updated education "BSc, University"', 'Deleted experience "Intern at Old Co"'],
  'Writes by an account are in the activity history');

-- Every write to them is a visible change.
select pg_temp.as_superuser();
create temporary table v0 as select app.content_version() as v;
update public.education set description = 'x';
select ok(app.content_version() > (select v from v0), 'A change to education moves the content version');
create temporary table v1 as select app.content_version() as v;
delete from public.experience_technologies;
select ok(app.content_version() > (select v from v1), 'Unlinking a technology from an experience moves it too');
delete from public.technologies where name = 'pgtap-story-tech';
select is((select count(*)::integer from public.experience_technologies), 0, 'Links go with their technology');

select * from finish();
rollback;
