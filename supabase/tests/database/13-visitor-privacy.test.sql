-- Nothing a visitor can read reveals an inactive project (docs/PRODUCT.md §11):
-- not its name, not a count that includes it, not through a technology, an
-- image URL or a configuration. Technologies themselves stay public.
begin;
\ir ../helpers/identity.sql
select plan(14);

select pg_temp.reset_accounts();
delete from public.project_technologies;
delete from public.projects;
delete from public.technologies;
delete from public.configs;
insert into public.technologies (name) values ('React'), ('Go');
insert into public.projects (name, description, is_active, thumbnail, images) values
  ('Alpha', 'Shown', true, '/uploads/aaaaaaaa.png', '{}'),
  ('Beta', 'Hidden draft', false, '/uploads/bbbbbbbb.png', '{/uploads/cccccccc.png}');
insert into public.project_technologies (project_id, technology_id)
select p.id, t.id from public.projects p, public.technologies t
where (p.name, t.name) in (('Alpha', 'React'), ('Beta', 'React'), ('Beta', 'Go'));
insert into public.configs (name, value) values ('heroTitle1', 'FULL STACK');
-- Statistics exist for the table, as they would after autovacuum.
analyze public.projects;
select id as beta_id from public.projects where name = 'Beta' \gset

select pg_temp.as_visitor();
select results_eq($$select name from public.projects$$, array['Alpha'],
  'Visitors read the active project only');
select is((select count(*)::integer from public.projects), 1,
  'A visitor''s count of projects leaves the inactive one out');
select is((select count(*)::integer from public.projects where id = :beta_id), 0,
  'Asking for the inactive project by id finds nothing');
select results_eq($$select name from public.technologies order by name$$, array['Go', 'React'],
  'Every technology stays public, even one only an inactive project uses');
select results_eq(
  $$select t.name, (select count(*)::integer
                      from public.project_technologies pt
                      join public.projects p on p.id = pt.project_id
                     where pt.technology_id = t.id)
      from public.technologies t order by t.name$$,
  $$values ('Go', 0), ('React', 1)$$,
  'Through a technology a visitor reaches, and counts, active projects only');
select is((select count(*)::integer from public.project_technologies where project_id = :beta_id), 0,
  'The inactive project''s technology links are hidden');
select is((select count(*)::integer from public.project_technologies), 1,
  'Counting links counts those of active projects only');
select is(
  (select count(*)::integer from public.projects
    where thumbnail in ('/uploads/bbbbbbbb.png', '/uploads/cccccccc.png')
       or images && array['/uploads/bbbbbbbb.png', '/uploads/cccccccc.png']),
  0, 'No visible row carries the inactive project''s image URLs');
select is((select count(*)::integer from public.configs where value ilike '%Beta%'), 0,
  'Configurations say nothing of it');
select is((select count(*)::integer from pg_stats where schemaname = 'public' and tablename = 'projects'), 0,
  'Column statistics, which would list its name among common values, are hidden from visitors');
select ok(not has_sequence_privilege(pg_get_serial_sequence('public.projects', 'id'), 'select')
          and not has_sequence_privilege(pg_get_serial_sequence('public.projects', 'id'), 'usage'),
  'Visitors cannot read the id sequence, whose last value counts inactive projects too');

select pg_temp.as_superuser();
select is(
  (select count(*)::integer
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and n.nspname = 'public'
      and (has_sequence_privilege('anon', c.oid, 'select') or has_sequence_privilege('anon', c.oid, 'usage'))),
  0, 'No sequence in public is readable by visitors');
select is(
  (select count(*)::integer
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'app') and p.prosecdef
      and p.prorettype <> 'trigger'::regtype
      and has_function_privilege('anon', p.oid, 'execute')
      and p.prosrc ~* '(public\.)?project(s|_technologies)\M'
      -- A share link shows its chosen projects, inactive ones too, to whoever
      -- holds its token (docs/decisions/052-share-links.md).
      and p.oid <> 'app.shared_page(text)'::regprocedure),
  0, 'No security definer function a visitor may call reads projects around row-level security, but a share link''s page');
select is(
  (select count(*)::integer
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('v', 'm') and n.nspname = 'public'
      and has_table_privilege('anon', c.oid, 'select')
      and not coalesce('security_invoker=true' = any (c.reloptions), false)),
  0, 'No view a visitor may read bypasses row-level security');

select * from finish();
rollback;
