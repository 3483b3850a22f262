-- Restoring a backup's messages (supabase/schemas/07_contact_messages.sql): only an
-- admin, or a connection that never switched to a client role (the command
-- line), may replace the inbox; visitors and read-only accounts may not.
begin;
\ir ../helpers/identity.sql
select plan(12);

select pg_temp.reset_accounts();
delete from public.contact_messages;
insert into public.contact_messages (name, email, message) values ('Old', 'old@example.com', 'Kept until a restore');

select pg_temp.as_visitor();
select throws_ok($$select app.replace_contact_messages('[]')$$, '42501', null,
  'Visitors cannot replace the inbox');

select pg_temp.as_account('rita');
select throws_ok($$select app.replace_contact_messages('[]')$$, '42501', null,
  'A read-only account cannot replace the inbox');

select pg_temp.as_ghost();
select throws_ok($$select app.replace_contact_messages('[]')$$, '42501', null,
  'A deleted account''s token cannot replace the inbox');

select pg_temp.as_superuser();
select is((select count(*)::int from public.contact_messages), 1, 'A refused call changes nothing');

select pg_temp.as_account('ada');
select is(app.replace_contact_messages(
  '[{"name":"Ann","email":"ann@example.com","message":"Hi","isRead":true,"createdAt":"2026-01-02T03:04:05.000Z"},
    {"name":"Ben","email":"ben@example.com","message":"Yo","isRead":false,"createdAt":"2026-02-03T04:05:06.000Z"}]'),
  2, 'An admin replaces the inbox and learns how many messages it holds');
select is((select array_agg(name order by name) from public.contact_messages), array['Ann', 'Ben'],
  'The old messages are gone and the restored ones are there');
select is((select is_read from public.contact_messages where name = 'Ann'), true,
  'A restored message keeps its read mark');
select is((select created_at from public.contact_messages where name = 'Ben'), '2026-02-03T04:05:06Z'::timestamptz,
  'A restored message keeps its time');
select throws_ok($$select app.replace_contact_messages('[{"name":"X","email":"bad","message":"Hi"}]')$$, '23514', null,
  'The table''s checks still apply to restored messages');
select throws_ok($$select app.replace_contact_messages('{}')$$, '22023', null,
  'Anything but an array is refused');

select pg_temp.as_superuser();
select is(app.replace_contact_messages('[{"name":"Cli","email":"cli@example.com","message":"From the command line"}]'), 1,
  'A connection that never switched role (the command line) may replace the inbox');
select is((select is_read from public.contact_messages where name = 'Cli'), false,
  'A message without a read mark is unread');

select * from finish();
rollback;
