-- No client role holds a privilege on a sequence in public, whatever default
-- privileges the platform grants (supabase/schemas/90_privileges.sql),
-- and signed-in accounts still create rows.
begin;
\ir ../helpers/identity.sql
select plan(3);

select pg_temp.reset_accounts();

select is((select count(*)::integer from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind = 'S' and n.nspname = 'public'
              and (has_sequence_privilege('authenticated', c.oid, 'select')
                or has_sequence_privilege('authenticated', c.oid, 'usage')
                or has_sequence_privilege('authenticated', c.oid, 'update'))),
  0, 'No sequence in public can be read, used or moved by signed-in accounts');

select pg_temp.as_account('ada');
select throws_ok($$select setval(pg_get_serial_sequence('public.projects', 'id'), 1000000)$$, '42501', null,
  'An admin cannot move the project ids with setval');
select lives_ok($$insert into public.technologies (name) values ('Sequence-free')$$,
  'An admin still creates a row, whose identity needs no privilege on its sequence');

select * from finish();
rollback;
