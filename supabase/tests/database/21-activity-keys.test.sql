-- Keys of the activity tables (supabase/schemas/08_activity.sql): the history's
-- link to accounts is indexed, and the link changes a transaction notes keep
-- one row per project and technology, which still add up at commit.
begin;
\ir ../helpers/identity.sql
select plan(7);

select has_index('public', 'activity', 'activity_actor_id_idx', array['actor_id'],
  'The history''s reference to an account is indexed (an account''s delete finds its entries)');
select col_is_pk('app', 'technology_link_changes', array['xact', 'entity', 'item_id', 'technology_id'],
  'A transaction notes each item and technology pair once');

insert into public.projects (name, description) values ('Keyed', 'd');
insert into public.technologies (name) values ('Keyed tech');
set constraints all immediate;
set constraints all deferred;
delete from public.activity;

-- Linked, unlinked and linked again in one transaction: one row, the sum.
insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t
   where p.name = 'Keyed' and t.name = 'Keyed tech';
delete from public.project_technologies pt using public.projects p
 where p.id = pt.project_id and p.name = 'Keyed';
insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t
   where p.name = 'Keyed' and t.name = 'Keyed tech';
select is((select array_agg(entity || ' ' || delta) from app.technology_link_changes where xact = txid_current()), array['projects 1'],
  'Three changes of one link in a transaction are one row holding their sum');

set constraints all immediate;
set constraints all deferred;
select is_empty($$select 1 from app.technology_link_changes where xact = txid_current()$$,
  'The commit-time trigger still clears the transaction''s rows');
select is((select concat_ws('|', action, entity, changed_fields::text) from public.activity
            order by id desc limit 1),
  'update|projects|{technologies}',
  'and still records the change of the project''s technologies');

-- Unlinked and linked again: the pair sums to nothing, so no entry.
delete from public.activity;
delete from public.project_technologies pt using public.projects p
 where p.id = pt.project_id and p.name = 'Keyed';
insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t
   where p.name = 'Keyed' and t.name = 'Keyed tech';
set constraints all immediate;
set constraints all deferred;
select is_empty($$select 1 from public.activity$$,
  'Saving the same technologies again is still no event');

-- After the commit-time calls ran (here, at set constraints), a later change
-- in the same transaction is recorded in its turn.
delete from public.project_technologies pt using public.projects p
 where p.id = pt.project_id and p.name = 'Keyed';
set constraints all immediate;
set constraints all deferred;
select is((select concat_ws('|', action, entity, changed_fields::text) from public.activity
            order by id desc limit 1),
  'update|projects|{technologies}',
  'A change after the deferred calls ran is recorded too');

select * from finish();
rollback;
