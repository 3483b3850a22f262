-- Activity history (supabase/schemas/08_activity.sql, docs/PRODUCT.md §12): the
-- database records every write of content, accounts and messages with who did
-- it; signed-in accounts read the entries; no client role can write, edit or
-- delete one; the history keeps 5,000 entries and 180 days.
begin;
\ir ../helpers/identity.sql
select plan(49);

select pg_temp.reset_accounts();
-- Writes that need the current password are confirmed for both admins here;
-- 33-reauthentication.test.sql tests the rule itself.
select pg_temp.confirm_for('ada');
select pg_temp.confirm_for('grace');
delete from public.activity;

create function pg_temp.latest() returns public.activity
language sql as $$ select * from public.activity order by id desc limit 1 $$;

-- what is recorded --------------------------------------------------------------

select pg_temp.as_account('ada');
insert into public.technologies (name) values ('Zig');
select pg_temp.as_superuser();
select is((select concat_ws('|', actor_name, action, entity, summary) from pg_temp.latest()),
  'ada|create|technologies|Created technology "Zig"',
  'Creating a technology is recorded with the acting account, the action and a summary');
select is((pg_temp.latest()).actor_id, (select id from public.users where username = 'ada'),
  'The entry keeps the acting account''s id');
select is((pg_temp.latest()).entity_id, (select id from public.technologies where name = 'Zig'),
  'The entry names the row it is about');

select pg_temp.as_account('ada');
update public.technologies set icon = 'https://example.com/zig.svg' where name = 'Zig';
select pg_temp.as_superuser();
select is((select concat_ws('|', action, changed_fields::text) from pg_temp.latest()),
  'update|{icon}', 'An update records which fields changed, without bookkeeping columns');

select pg_temp.as_account('ada');
select is(pg_temp.affected($$update public.technologies set icon = icon where name = 'Zig'$$), 1,
  'A write that changes nothing still succeeds');
select pg_temp.as_superuser();
select is((select count(*)::int from public.activity), 2, 'but a write that changes nothing is no event');

select pg_temp.as_account('ada');
insert into public.projects (name, description) values ('Vitrine', 'A portfolio');
insert into public.certifications (name, icon, obtained_date) values ('CKA', 'x', current_date);
insert into public.configs (name, value) values ('activityProbe', 'HELLO');
delete from public.technologies where name = 'Zig';
select pg_temp.as_superuser();
select is((select array_agg(entity || ':' || action order by id) from public.activity where id > (select min(id) + 1 from public.activity)),
  array['projects:create', 'certifications:create', 'configs:create', 'technologies:delete'],
  'Projects, certifications and configurations are recorded, and so are deletes');
select is((pg_temp.latest()).summary, 'Deleted technology "Zig"', 'A delete says what was deleted');

-- a project's technologies, noted at commit (the deferred trigger)
insert into public.technologies (name) values ('Rust');
delete from public.activity;
select pg_temp.as_account('ada');
insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t where p.name = 'Vitrine' and t.name = 'Rust';
set constraints all immediate;
set constraints all deferred;
select pg_temp.as_superuser();
select is((select concat_ws('|', action, entity, changed_fields::text) from pg_temp.latest()),
  'update|projects|{technologies}',
  'Linking a technology records an update of the project''s technologies');
select pg_temp.as_account('ada');
delete from public.project_technologies pt using public.projects p where p.id = pt.project_id and p.name = 'Vitrine';
insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t where p.name = 'Vitrine' and t.name = 'Rust';
set constraints all immediate;
set constraints all deferred;
select pg_temp.as_superuser();
select is((select count(*)::int from public.activity), 1,
  'Saving the same technologies again (delete and insert) is no event');

-- accounts and messages: never a hash, never a body
select pg_temp.as_account('ada');
update public.users set password_hash = 'secret-hash-value' where username = 'rita';
select pg_temp.as_superuser();
select is((select concat_ws('|', entity, changed_fields::text) from pg_temp.latest()), 'users|{password}',
  'A password change is recorded as the field "password"');
select is_empty($$select 1 from public.activity a where to_jsonb(a)::text like '%secret-hash-value%'$$,
  'No entry holds a password hash');

select pg_temp.as_visitor();
-- The only way a visitor's message goes in (supabase/schemas/07_contact_messages.sql).
select app.send_contact_message('192.0.2.10', 'Bob', 'bob@example.com', 'The secret body text');
select pg_temp.as_superuser();
select is((select concat_ws('|', actor_name, coalesce(actor_id::text, 'none'), summary) from pg_temp.latest()),
  'visitor|none|Created message from "Bob"',
  'A visitor''s message is recorded as written by a visitor');
select is_empty($$select 1 from public.activity a where to_jsonb(a)::text like '%secret body%'$$,
  'No entry holds the text of a message');

insert into public.configs (name, value) values ('activityProbe2', 'x');
select is((pg_temp.latest()).actor_name, 'system', 'A write without request claims is recorded as "system"');

select pg_temp.as_sub('not-a-number');
select throws_ok($$insert into public.configs (name, value) values ('x2', 'x')$$, '42501', null,
  'A token for nobody writes nothing, so records nothing');

-- who reads ----------------------------------------------------------------------

select pg_temp.as_visitor();
select throws_ok($$select id from public.activity$$, '42501', null, 'Visitors cannot read the history');
select throws_ok($$insert into public.activity (actor_name, action, entity, entity_id, summary) values ('x', 'create', 'projects', 1, 'x')$$,
  '42501', null, 'Visitors cannot write an entry');
select throws_ok($$update public.activity set summary = 'x'$$, '42501', null, 'Visitors cannot edit entries');
select throws_ok($$delete from public.activity$$, '42501', null, 'Visitors cannot delete entries');

select pg_temp.as_superuser();
insert into public.activity (actor_name, action, entity, entity_id, summary)
  select 'system', 'update', 'users', id, 'Updated account "grace"' from public.users where username = 'grace';
select pg_temp.as_account('rita');
select is((select count(*)::int from public.activity where summary like '%grace%'), 0,
  'A read-only account does not read the entries about other accounts');
select is((select count(*)::int from public.activity where entity = 'users'), 1,
  'A read-only account reads the entries about itself');
select ok((select count(*) from public.activity where entity = 'contact_messages') = 1,
  'A read-only account reads the entries about content and messages');
select throws_ok($$insert into public.activity (actor_name, action, entity, entity_id, summary) values ('x', 'create', 'projects', 1, 'x')$$,
  '42501', null, 'A read-only account cannot write an entry');
select throws_ok($$update public.activity set summary = 'x'$$, '42501', null, 'A read-only account cannot edit entries');
select throws_ok($$delete from public.activity$$, '42501', null, 'A read-only account cannot delete entries');

select pg_temp.as_account('ada');
select is((select count(*)::int from public.activity where entity = 'users'), 2,
  'An admin reads the entries about every account');
select throws_ok($$insert into public.activity (actor_name, action, entity, entity_id, summary) values ('x', 'create', 'projects', 1, 'x')$$,
  '42501', null, 'An admin cannot write an entry');
select throws_ok($$update public.activity set summary = 'x'$$, '42501', null, 'An admin cannot edit entries');
select throws_ok($$delete from public.activity$$, '42501', null, 'An admin cannot delete entries');
select throws_ok($$truncate public.activity$$, '42501', null, 'An admin cannot empty the history');

select pg_temp.as_ghost();
select is((select count(*)::int from public.activity), 0, 'A deleted account''s token reads no entry');
select throws_ok($$delete from public.activity$$, '42501', null, 'A deleted account''s token cannot delete entries');

-- the machinery is not for clients
select pg_temp.as_account('ada');
select throws_ok($$select app.prune_activity()$$, '42501', null, 'Nobody calls the prune function directly');
select throws_ok($$select app.record_activity()$$, '42501', null, 'Nobody calls the recording function directly');
select throws_ok($$select 1 from app.technology_link_changes$$, '42501', null, 'Nobody reads the pending link changes');
select throws_ok($$insert into app.technology_link_changes (entity, item_id, technology_id, delta) values ('projects', 1, 1, 1)$$, '42501', null,
  'Nobody writes the pending link changes');
select pg_temp.as_account('rita');
select throws_ok($$select app.record_link_changes()$$, '42501', null, 'A read-only account cannot call the link recorder');
select pg_temp.as_visitor();
select throws_ok($$select app.activity_label('projects', '{}')$$, '42501', null, 'Visitors cannot call the label helper');

-- retention ----------------------------------------------------------------------

select pg_temp.as_superuser();
delete from public.activity;
insert into public.activity (at, actor_name, action, entity, entity_id, summary)
  values (now() - interval '181 days', 'system', 'create', 'projects', 1, 'old');
select is((select count(*)::int from public.activity where summary = 'old'), 0,
  'An entry older than 180 days goes');
insert into public.activity (at, actor_name, action, entity, entity_id, summary)
  values (now() - interval '179 days', 'system', 'create', 'projects', 1, 'recent');
select is((select count(*)::int from public.activity where summary = 'recent'), 1,
  'An entry younger than 180 days stays');
insert into public.activity (actor_name, action, entity, entity_id, summary)
  select 'system', 'create', 'projects', g, 'bulk ' || g from generate_series(1, 5010) g;
select is((select count(*)::int from public.activity), 5000, 'The history keeps the last 5,000 entries');
select is((select min(summary) filter (where summary = 'bulk 11') from public.activity), 'bulk 11',
  'The newest entries are the ones kept');
select is((select count(*)::int from public.activity where summary in ('recent', 'bulk 10')), 0,
  'The oldest entries are the ones dropped');

-- the table itself ---------------------------------------------------------------
select ok((select relrowsecurity from pg_class where oid = 'public.activity'::regclass),
  'Row-level security is enabled on activity');
select policies_are('public', 'activity', array['Signed-in accounts can read the activity history'],
  'activity has one policy: reading');
select table_privs_are('public', 'activity', 'anon', array[]::text[], 'Visitors hold no privilege on activity');
select table_privs_are('public', 'activity', 'authenticated', array['SELECT'],
  'Signed-in roles may only select activity');
select ok(not has_table_privilege('authenticated', 'app.technology_link_changes', 'SELECT'),
  'Signed-in roles cannot read the pending link changes');

select * from finish();
rollback;
