-- The content version (a visitor's ETag) moves only for changes a visitor can
-- see: writes to inactive projects, their links and inactive certifications
-- leave it where it was (supabase/schemas/04_content_version_and_publish.sql).
begin;
select plan(9);

create temporary table seen (label text primary key, v bigint);
create function pg_temp.mark(p_label text) returns void language sql as $$
  insert into seen values (p_label, app.content_version())
$$;

select pg_temp.mark('start');
insert into public.projects (name, description, is_active) values ('Hidden draft', 'd', false);
insert into public.technologies (name) values ('Version probe tech');
select pg_temp.mark('after tech');
select isnt((select v from seen where label = 'after tech'), (select v from seen where label = 'start'),
  'a new technology moves the version on');

update public.projects set name = 'Hidden draft 2' where name = 'Hidden draft';
select is(app.content_version(), (select v from seen where label = 'after tech'),
  'renaming an inactive project leaves the version as it was');

insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t
  where p.name = 'Hidden draft 2' and t.name = 'Version probe tech';
select is(app.content_version(), (select v from seen where label = 'after tech'),
  'linking a technology to an inactive project leaves the version as it was');

insert into public.certifications (name, icon, obtained_date, is_active)
  values ('Hidden cert', '⭐', '2024-01-01', false);
select is(app.content_version(), (select v from seen where label = 'after tech'),
  'adding an inactive certification leaves the version as it was');

delete from public.certifications where name = 'Hidden cert';
select is(app.content_version(), (select v from seen where label = 'after tech'),
  'deleting an inactive certification leaves the version as it was');

update public.projects set is_active = true where name = 'Hidden draft 2';
select pg_temp.mark('published');
select isnt((select v from seen where label = 'published'), (select v from seen where label = 'after tech'),
  'publishing a project moves the version on');

delete from public.project_technologies pt using public.projects p
  where p.id = pt.project_id and p.name = 'Hidden draft 2';
select pg_temp.mark('unlinked');
select isnt((select v from seen where label = 'unlinked'), (select v from seen where label = 'published'),
  'unlinking a technology from an active project moves the version on');

update public.projects set is_active = false where name = 'Hidden draft 2';
select pg_temp.mark('hidden again');
select isnt((select v from seen where label = 'hidden again'), (select v from seen where label = 'unlinked'),
  'hiding an active project moves the version on');

delete from public.projects where name = 'Hidden draft 2';
select is(app.content_version(), (select v from seen where label = 'hidden again'),
  'deleting an inactive project leaves the version as it was');

select * from finish();
rollback;
