-- The activity history written once per statement (supabase/schemas/08_activity.sql,
-- docs/PRODUCT.md §12): a statement that
-- changes many rows still records one entry per row, runs the prune once, and
-- the history still keeps the newest 5,000 entries.
begin;
\ir ../helpers/identity.sql
select plan(14);

select pg_temp.reset_accounts();
delete from public.activity;
-- Counts this transaction's calls of each function (pg_stat_xact_user_functions).
-- Setting track_functions takes a superuser or a grant, which Supabase's
-- postgres does not hold: there the four call counts are skipped, saying so.
do $$
begin
  if pg_catalog.has_parameter_privilege('track_functions', 'SET') then
    set local track_functions = 'all';
  end if;
end
$$;
create function pg_temp.calls(p_function regproc) returns bigint
language sql as $$
  select coalesce((select f.calls from pg_stat_xact_user_functions f where f.funcid = p_function), 0)
$$;
create temporary table calls_before on commit drop as
  select pg_temp.calls('app.record_activity') as recorded, pg_temp.calls('app.prune_activity') as pruned;
create function pg_temp.calls_since() returns text
language sql as $$
  select concat_ws('|', pg_temp.calls('app.record_activity') - b.recorded, pg_temp.calls('app.prune_activity') - b.pruned)
    from calls_before b
$$;
create function pg_temp.calls_are(p_expected text, p_description text) returns text
language sql as $$
  select case when current_setting('track_functions') = 'all'
    then is(pg_temp.calls_since(), p_expected, p_description)
    else skip('counting calls needs track_functions = all, which this role may not set', 1)
  end
$$;
create function pg_temp.mark_calls() returns void
language sql as $$
  update calls_before set recorded = pg_temp.calls('app.record_activity'), pruned = pg_temp.calls('app.prune_activity')
$$;

-- the triggers --------------------------------------------------------------------

select set_eq($$
  select c.relname::text from pg_trigger g join pg_class c on c.oid = g.tgrelid
   where g.tgfoid = 'app.record_activity'::regproc
$$, array['projects', 'technologies', 'certifications', 'configs', 'users', 'contact_messages',
          'experiences', 'education', 'share_links', 'posts', 'appearance', 'contributions'],
  'The same tables are recorded');
select is_empty($$
  select g.tgname::text from pg_trigger g
   where g.tgfoid in ('app.record_activity'::regproc, 'app.prune_activity'::regproc)
     and (g.tgtype & 1) = 1
$$, 'No row trigger records or prunes the history: both run once per statement');

-- many rows in one statement ------------------------------------------------------

select pg_temp.as_account('ada');
insert into public.technologies (name) select 'Bulk ' || g from generate_series(1, 300) g;
select pg_temp.as_superuser();
select is((select count(*)::int from public.activity a join public.technologies t
             on a.entity = 'technologies' and a.entity_id = t.id
          where a.action = 'create' and a.actor_name = 'ada' and a.summary = 'Created technology "' || t.name || '"'),
  300, 'Inserting 300 rows in one statement records each of them, with its own id and summary');
select pg_temp.calls_are('1|1', 'and runs the recorder once and the prune once');

select pg_temp.mark_calls();
select pg_temp.as_account('ada');
update public.technologies
   set icon = case when name in ('Bulk 1', 'Bulk 2') then 'https://example.com/bulk.svg' else icon end
 where name like 'Bulk %';
select pg_temp.as_superuser();
select is((select array_agg(concat_ws('|', a.action, a.summary, a.changed_fields::text) order by a.summary)
             from public.activity a where a.action = 'update'),
  array['update|Updated technology "Bulk 1"|{icon}', 'update|Updated technology "Bulk 2"|{icon}'],
  'An update of 300 rows records only the rows it changed, each with its fields');
select pg_temp.calls_are('1|1', 'in one call of the recorder and one prune');

select pg_temp.mark_calls();
select pg_temp.as_account('ada');
delete from public.technologies where name = 'Nothing by that name';
update public.technologies set icon = icon where name like 'Bulk %';
select pg_temp.as_superuser();
select is((select count(*)::int from public.activity), 302, 'A statement that changes nothing records nothing');
select pg_temp.calls_are('2|2', 'and its prune finds nothing to do');

-- the cap after a bulk write into a full history ----------------------------------

insert into public.activity (actor_name, action, entity, entity_id, summary)
  select 'system', 'create', 'projects', g, 'filler ' || g from generate_series(1, 5000) g;
select is((select count(*)::int from public.activity), 5000, 'The history is full');

select pg_temp.mark_calls();
select pg_temp.as_account('ada');
delete from public.technologies where name like 'Bulk %';
select pg_temp.as_superuser();
select is((select count(*)::int from public.activity), 5000,
  'Deleting 300 rows in one statement into a full history still leaves 5,000 entries');
select is((select count(*)::int from (select a.action from public.activity a order by a.id desc limit 300) newest
            where newest.action = 'delete'), 300,
  'the newest 300 being the deletes');
select is((select min(a.summary) from public.activity a where a.summary like 'filler %' and length(a.summary) = 10),
  'filler 301', 'and the 300 oldest entries having gone');
select pg_temp.calls_are('1|1', 'with one prune');

-- inserts and updates of one statement (an upsert)
select pg_temp.as_account('ada');
insert into public.configs (name, value) values ('upsertProbe', 'one');
insert into public.configs (name, value) values ('upsertProbe', 'two'), ('upsertOther', 'x')
  on conflict ((lower(name))) do update set value = excluded.value;
select pg_temp.as_superuser();
select is((select array_agg(concat_ws('|', a.action, a.summary, a.changed_fields::text) order by a.action, a.summary)
             from public.activity a where a.entity = 'configs'),
  array['create|Created configuration "upsertOther"|{}', 'create|Created configuration "upsertProbe"|{}',
        'update|Updated configuration "upsertProbe"|{value}'],
  'An upsert records the rows it created and the rows it changed');

select * from finish();
rollback;
