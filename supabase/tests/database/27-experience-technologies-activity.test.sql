-- An experience's technologies in the activity history (supabase/schemas/08_activity.sql,
-- docs/PRODUCT.md §18): as for
-- projects and certifications, the links a transaction really changed are
-- noted at commit as 'technologies' on the experience's entry.
begin;
\ir ../helpers/identity.sql
select plan(5);

select pg_temp.reset_accounts();
insert into public.technologies (name) values ('pgtap-exp-tech'), ('pgtap-exp-other');
insert into public.experiences (organization, role, start_date) values ('Acme', 'Engineer', '2020-01-01');
delete from public.activity;

create function pg_temp.latest() returns public.activity
language sql as $$ select * from public.activity order by id desc limit 1 $$;

select pg_temp.as_account('ada');
insert into public.experience_technologies (experience_id, technology_id)
  select e.id, t.id from public.experiences e, public.technologies t
   where e.organization = 'Acme' and t.name = 'pgtap-exp-tech';
set constraints all immediate;
set constraints all deferred;
select pg_temp.as_superuser();
select is((select concat_ws('|', actor_name, action, entity, summary, changed_fields::text) from pg_temp.latest()),
  'ada|update|experiences|Updated experience "Engineer at Acme"|{technologies}',
  'Linking a technology records an update of the experience''s technologies, by who did it');
select is((select entity_id from pg_temp.latest()), (select id from public.experiences where organization = 'Acme'),
  'on that experience');

delete from public.activity;
select pg_temp.as_account('ada');
delete from public.experience_technologies et using public.experiences e
 where e.id = et.experience_id and e.organization = 'Acme';
insert into public.experience_technologies (experience_id, technology_id)
  select e.id, t.id from public.experiences e, public.technologies t
   where e.organization = 'Acme' and t.name = 'pgtap-exp-tech';
set constraints all immediate;
set constraints all deferred;
select pg_temp.as_superuser();
select is((select count(*)::int from public.activity), 0,
  'Saving the same technologies again (delete and insert) is no event');

select pg_temp.as_account('ada');
update public.experiences set role = 'Lead' where organization = 'Acme';
insert into public.experience_technologies (experience_id, technology_id)
  select e.id, t.id from public.experiences e, public.technologies t
   where e.organization = 'Acme' and t.name = 'pgtap-exp-other';
set constraints all immediate;
set constraints all deferred;
select pg_temp.as_superuser();
select is((select concat_ws('|', action, changed_fields::text) from public.activity), 'update|{role,technologies}',
  'A save changing the role and the technologies is one entry naming both');

delete from public.activity;
select pg_temp.as_account('ada');
delete from public.experiences where organization = 'Acme';
set constraints all immediate;
set constraints all deferred;
select pg_temp.as_superuser();
select is((select string_agg(concat_ws('|', action, entity), ',') from public.activity), 'delete|experiences',
  'Deleting the experience records its delete alone, not its links');

select * from finish();
rollback;
