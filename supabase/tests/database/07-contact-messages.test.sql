-- Contact messages: visitors may only send; signed-in accounts read the inbox;
-- admins mark read and delete; the form is rate limited per client.
begin;
\ir ../helpers/identity.sql
select plan(28);

select pg_temp.reset_accounts();
delete from public.contact_messages;
insert into public.contact_messages (name, email, message) values ('Alice', 'alice@example.com', 'Hello there');

-- visitors
select pg_temp.as_visitor();
select lives_ok($$select app.send_contact_message('192.0.2.1', 'Bob', 'bob@example.com', 'Hi!')$$,
  'Visitors can send a message, through app.send_contact_message (15-contact-data-api)');
select throws_ok($$insert into public.contact_messages (name, email, message, is_read) values ('Bob', 'bob@example.com', 'Hi', true)$$,
  '42501', null, 'Visitors cannot send a message already marked read');
select throws_ok($$select app.send_contact_message('192.0.2.1', 'Bob', 'not-an-email', 'Hi')$$,
  '23514', null, 'A message needs a plausible e-mail address');
select throws_ok($$select app.send_contact_message('192.0.2.1', 'Bob', 'bob@example.com', repeat('x', 5001))$$,
  '23514', null, 'A message is at most 5000 characters');
select throws_ok($$select id from public.contact_messages$$, '42501', null, 'Visitors cannot read messages');
select throws_ok($$insert into public.contact_messages (name, email, message) values ('Bob', 'bob@example.com', 'Hi') returning id$$,
  '42501', null, 'Visitors cannot read back the message they sent');
select throws_ok($$update public.contact_messages set is_read = true$$, '42501', null, 'Visitors cannot update messages');
select throws_ok($$delete from public.contact_messages$$, '42501', null, 'Visitors cannot delete messages');

-- a read-only user account
select pg_temp.as_account('rita');
select is((select count(*)::integer from public.contact_messages), 2, 'A user account reads the inbox');
select lives_ok($$select app.send_contact_message('192.0.2.2', 'Rita', 'rita@example.com', 'Test')$$,
  'A user account can send a message');
select is(pg_temp.affected($$update public.contact_messages set is_read = true$$), 0,
  'A user account cannot mark messages read');
select is(pg_temp.affected($$delete from public.contact_messages$$), 0, 'A user account cannot delete messages');

-- a deleted account's token
select pg_temp.as_ghost();
select is((select count(*)::integer from public.contact_messages), 0, 'A deleted account''s token reads no message');
select throws_ok($$select app.send_contact_message('192.0.2.3', 'Ghost', 'g@example.com', 'Boo')$$,
  '42501', null, 'A deleted account''s token cannot send messages as a signed-in account');
select is(pg_temp.affected($$update public.contact_messages set is_read = true$$), 0,
  'A deleted account''s token cannot mark messages read');
select is(pg_temp.affected($$delete from public.contact_messages$$), 0, 'A deleted account''s token cannot delete messages');

-- admins
select pg_temp.as_account('ada');
select is((select count(*)::integer from public.contact_messages), 3, 'An admin reads the inbox');
select is(pg_temp.affected($$update public.contact_messages set is_read = true where name = 'Alice'$$), 1,
  'An admin can mark a message read');
select throws_ok($$update public.contact_messages set message = 'edited'$$, '42501', null,
  'Nobody can edit what a visitor wrote');
select is(pg_temp.affected($$delete from public.contact_messages where name = 'Bob'$$), 1, 'An admin can delete a message');
select lives_ok($$select app.send_contact_message('192.0.2.4', 'Ada', 'ada@example.com', 'Note')$$,
  'An admin can send a message');

-- rate limit: 5 messages per client per 10 minutes
select pg_temp.as_visitor();
select is(array[app.contact_allowed('203.0.113.7'), app.contact_allowed('203.0.113.7'), app.contact_allowed('203.0.113.7'),
  app.contact_allowed('203.0.113.7'), app.contact_allowed('203.0.113.7')], array[0, 0, 0, 0, 0],
  'A client may send five messages in ten minutes');
select cmp_ok(app.contact_allowed('203.0.113.7'), '>', 0, 'The sixth message is refused with a retry delay');
select cmp_ok(app.contact_allowed('203.0.113.7'), '<=', 600, 'The retry delay is at most the ten-minute window');
select is(app.contact_allowed('198.51.100.1'), 0, 'Another client is not affected');
select pg_temp.as_superuser();
update app.rate_limits set window_started_at = now() - interval '11 minutes' where bucket = 'contact' and key = '203.0.113.7';
select pg_temp.as_visitor();
select is(app.contact_allowed('203.0.113.7'), 0, 'The limit lifts when the window has run out');
select throws_ok($$select app.rate_limit_hit('contact', 'x', 600)$$, '42501', null,
  'Visitors cannot touch the rate-limit counters directly');
select throws_ok($$select app.rate_limit_clear('contact', '203.0.113.7')$$, '42501', null,
  'Visitors cannot clear their own rate limit');

select * from finish();
rollback;
