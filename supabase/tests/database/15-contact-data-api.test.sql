-- On Supabase the Data API (PostgREST) runs a visitor's request as anon, with
-- the public anon key: whatever anon may do here, anyone may do there, past the
-- contact form. A message therefore goes in only through
-- app.send_contact_message, inside the form's rate limit
-- (docs/decisions/013-contact-messages-through-the-api.md).
begin;
\ir ../helpers/identity.sql
select plan(17);

select pg_temp.reset_accounts();
delete from public.contact_messages;

select ok(not has_table_privilege('anon', 'public.contact_messages', 'INSERT')
  and not has_any_column_privilege('anon', 'public.contact_messages', 'INSERT'),
  'Visitors hold no insert privilege on contact_messages, on the table or any column');
select ok(not has_table_privilege('authenticated', 'public.contact_messages', 'INSERT')
  and not has_any_column_privilege('authenticated', 'public.contact_messages', 'INSERT'),
  'Signed-in roles hold no insert privilege on contact_messages either');
select is_empty($$
  select policyname from pg_policies
  where schemaname = 'public' and tablename = 'contact_messages' and cmd in ('INSERT', 'ALL')
$$, 'No policy speaks of inserting messages');

-- What the Data API would run for POST /rest/v1/contact_messages with the anon key.
select pg_temp.as_visitor();
select throws_ok($$insert into public.contact_messages (name, email, message) values ('Bot', 'bot@example.com', 'Buy now')$$,
  '42501', null, 'A visitor cannot insert a message directly');
select throws_ok($$insert into public.contact_messages (name, email, message) select 'Bot', 'bot@example.com', 'Spam' from generate_series(1, 50)$$,
  '42501', null, 'Nor fifty at once');

-- Through the function: five in ten minutes per client, as the form allows.
select is(array[
    app.send_contact_message('203.0.113.9', 'Bob', 'bob@example.com', 'One'),
    app.send_contact_message('203.0.113.9', 'Bob', 'bob@example.com', 'Two'),
    app.send_contact_message('203.0.113.9', 'Bob', 'bob@example.com', 'Three'),
    app.send_contact_message('203.0.113.9', 'Bob', 'bob@example.com', 'Four'),
    app.send_contact_message('203.0.113.9', 'Bob', 'bob@example.com', 'Five')],
  array[0, 0, 0, 0, 0], 'A visitor sends five messages through app.send_contact_message');
select cmp_ok(app.send_contact_message('203.0.113.9', 'Bob', 'bob@example.com', 'Six'), '>', 0,
  'The sixth within ten minutes is refused with a retry delay');
select is(app.contact_allowed('203.0.113.9') > 0, true,
  'The function counts against the same limit as the contact form''s own check');
select is(app.send_contact_message('198.51.100.2', 'Eve', 'eve@example.com', 'Hello'), 0,
  'Another client is not affected');
select throws_ok($$select app.send_contact_message('198.51.100.3', 'Eve', 'not-an-email', 'Hello')$$,
  '23514', null, 'The table''s checks apply to a message sent through the function');

select pg_temp.as_superuser();
select is((select count(*)::integer from public.contact_messages where email = 'bob@example.com'), 5,
  'Only the five allowed messages were stored');
select is((select count(*)::integer from public.contact_messages where is_read), 0,
  'Every message sent through the function arrives unread');
update app.rate_limits set window_started_at = now() - interval '11 minutes'
  where bucket = 'contact' and key = '203.0.113.9';
select pg_temp.as_visitor();
select is(app.send_contact_message('203.0.113.9', 'Bob', 'bob@example.com', 'Seven'), 0,
  'The limit lifts when the window has run out');

-- Signed in.
select pg_temp.as_account('rita');
select throws_ok($$insert into public.contact_messages (name, email, message) values ('Rita', 'rita@example.com', 'Hi')$$,
  '42501', null, 'A signed-in account cannot insert a message directly either');
select is(app.send_contact_message('198.51.100.4', 'Rita', 'rita@example.com', 'Test'), 0,
  'A signed-in account sends through the function');
select pg_temp.as_ghost();
select throws_ok($$select app.send_contact_message('198.51.100.5', 'Ghost', 'ghost@example.com', 'Boo')$$,
  '42501', null, 'A deleted account''s token cannot send');

-- The function runs as its owner, so who may call it matters.
select ok(not has_function_privilege('public', 'app.send_contact_message(text, text, text, text)', 'EXECUTE'),
  'Only anon and authenticated, not every role, may call app.send_contact_message');

select * from finish();
rollback;
