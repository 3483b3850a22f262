-- The demo content's fingerprints (supabase/schemas/17_demo_content.sql,
-- docs/decisions/069): a row is the demo's while its fingerprint is one the
-- seed recorded; an edit makes it the owner's; a technology something
-- staying names is not removed; only signed-in accounts ask, nobody but the
-- database's owner records.
begin;
\ir ../helpers/identity.sql
select plan(9);

select pg_temp.reset_accounts();

-- A small demo, recorded as the seed records it, and one row of the owner's.
delete from public.posts;
delete from public.projects;
delete from public.certifications;
delete from public.experiences;
delete from public.education;
delete from public.technologies;
delete from public.configs;
delete from app.demo_content;
insert into public.technologies (name) values ('Go'), ('Docker');
insert into public.projects (name, description) values ('Atlas', 'A CLI.'), ('Lumen', 'Notes.');
insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t
   where (p.name, t.name) in (('Atlas', 'Go'), ('Lumen', 'Docker'));
insert into public.configs (name, value) values ('heroTitle1', 'DEMO TITLE');
insert into app.demo_content (entity, fingerprint)
  select f.entity, f.fingerprint from app.content_fingerprints() f;
insert into public.projects (name, description) values ('Mine', 'The owner''s.');

create function pg_temp.demo() returns setof text
language sql as $$
  select d.entity || ':' || coalesce(p.name, t.name, g.name)
    from app.demo_rows() d
    left join public.projects p on d.entity = 'projects' and p.id = d.id
    left join public.technologies t on d.entity = 'technologies' and t.id = d.id
    left join public.configs g on d.entity = 'configs' and g.id = d.id
   order by 1
$$;

select pg_temp.as_account('ada');
select results_eq($$select pg_temp.demo()$$,
  array['configs:heroTitle1', 'projects:Atlas', 'projects:Lumen', 'technologies:Docker', 'technologies:Go'],
  'An admin finds every recorded row, and not the owner''s own');

update public.projects set name = 'Atlas (mine now)' where name = 'Atlas';
update public.configs set value = 'MY TITLE' where name = 'heroTitle1';
select results_eq($$select pg_temp.demo()$$,
  array['projects:Lumen', 'technologies:Docker'],
  'An edited row is the owner''s, and the technology it names stays with it');

update public.projects set name = 'Atlas' where name = 'Atlas (mine now)';
select results_eq($$select count(*)::int from app.demo_rows() where entity = 'projects'$$,
  array[2], 'Edited back to the seed''s values, a row is the demo''s again');

insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t
   where p.name = 'Mine' and t.name = 'Docker';
select results_eq($$select count(*)::int from app.demo_rows() where entity = 'technologies'$$,
  array[1], 'A demo technology the owner''s project names is not removed');

select throws_ok($$insert into app.demo_content values ('projects', md5('x'))$$, '42501', null,
  'An admin cannot record fingerprints');

select pg_temp.as_account('rita');
select results_eq($$select count(*)::int from app.demo_rows()$$, array[3],
  'A read-only account may ask (the API answers it 403)');
select throws_ok($$delete from app.demo_content$$, '42501', null,
  'A read-only account cannot remove fingerprints');

select pg_temp.as_visitor();
select throws_ok($$select * from app.demo_rows()$$, '42501', null, 'Visitors cannot ask');
select throws_ok($$select * from app.demo_content$$, '42501', null,
  'Visitors cannot read the fingerprints');

select * from finish();
rollback;
