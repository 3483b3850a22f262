-- A new order of the featured row is one readable entry of the activity
-- history (supabase/schemas/08_activity.sql, app.record_activity), whoever
-- writes it: one statement moving several projects records one entry naming
-- the new order, a cleared order says so, and any other change of a project
-- stays its own "Updated" entry.
begin;
\ir ../helpers/identity.sql
select plan(6);

select pg_temp.reset_accounts();
select pg_temp.as_superuser();
-- Only this file's projects (the database may hold the demo seed's).
delete from public.project_technologies;
delete from public.projects;
insert into public.projects (name, description, is_active, featured)
  values ('North', 'x', true, true), ('South', 'x', true, true), ('Hidden', 'x', false, true);
delete from public.activity;

select pg_temp.as_account('ada');
update public.projects set featured_order = case name when 'South' then 0 when 'North' then 1 end
 where name in ('North', 'South');
select pg_temp.as_superuser();
select results_eq(
  $$select actor_name, action, entity, summary, changed_fields from public.activity$$,
  $$values ('ada', 'update', 'projects', 'Reordered the featured projects: "South", "North"',
            array['featured_order'])$$,
  'Two projects moved in one statement are one entry, by the admin, naming the new order');
select is((select entity_id from public.activity),
  (select id from public.projects where name = 'South'),
  'The entry is about the first project of the row');

delete from public.activity;
select pg_temp.as_account('ada');
update public.projects set featured_order = 2 where name = 'Hidden';
select pg_temp.as_superuser();
select is((select summary from public.activity),
  'Reordered the featured projects: "South", "North", "Hidden"',
  'One project given a place is a new order of the row too');

delete from public.activity;
select pg_temp.as_account('ada');
update public.projects set featured_order = null;
select pg_temp.as_superuser();
select results_eq($$select summary from public.activity$$, $$values ('Cleared the featured order')$$,
  'Taking every place away is one entry that says the order is cleared');

delete from public.activity;
select pg_temp.as_account('ada');
update public.projects set featured_order = 0, description = 'y' where name = 'North';
select pg_temp.as_superuser();
select results_eq($$select summary, changed_fields from public.activity$$,
  $$values ('Updated project "North"', array['description', 'featured_order'])$$,
  'A change of more than the place is the project''s own entry, as before');

select pg_temp.as_account('ada');
select throws_ok($$insert into public.activity (actor_name, action, entity, entity_id, summary)
                   values ('ada', 'update', 'projects', 1, 'Reordered')$$, '42501', null,
  'Nobody writes the history but the triggers');

select * from finish();
rollback;
