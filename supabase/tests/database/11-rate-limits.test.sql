-- Rate limits counted first, per username as well as per client, and rows
-- that have run out removed (supabase/schemas/01_rate_limits.sql
-- and 02_accounts.sql).
begin;
\ir ../helpers/identity.sql
select plan(27);

select pg_temp.reset_accounts();
update public.users set password_hash = app.hash_password('secret12') where username = 'ada';

-- counting ---------------------------------------------------------------------
select pg_temp.as_superuser();
select is(app.rate_limit_take('t', 'k', 2, 60), 0, 'The first request under a limit of two goes ahead');
select is(app.rate_limit_take('t', 'k', 2, 60), 0, 'So does the second');
select cmp_ok(app.rate_limit_take('t', 'k', 2, 60), '>', 0,
  'The third is refused by the count that includes it');
select is((select hits from app.rate_limits where bucket = 't' and key = 'k'), 3,
  'Each request is counted before it is judged');
select ok(app.rate_limit_take('t', 'k', 2, 60) between 1 and 60,
  'A refused request answers the seconds left in the window');
select is((select hits from app.rate_limits where bucket = 't' and key = 'k'), 3,
  'Past the limit the count stops growing');

-- the per-username limit ---------------------------------------------------------
select pg_temp.as_visitor();
select is((select array_agg(app.attempt_login('ada', 'wrong', '198.51.100.' || n) ->> 'status' order by n)
    from generate_series(1, 11) n),
  array_fill('invalid'::text, array[11]),
  'Eleven wrong passwords from eleven addresses are each checked');
select pg_temp.as_superuser();
select ok((select blocked_until between now() + interval '1 second' and now() + interval '15 minutes'
    from app.rate_limits where bucket = 'login-user' and key = 'ada'),
  'The wait after the eleventh failure is short');
select pg_temp.as_visitor();
select is(app.attempt_login('ada', 'wrong', '198.51.100.11') ->> 'status', 'locked',
  'Then an address that has already failed for the username waits');
select pg_temp.as_superuser();
select is((select hits from app.rate_limits where bucket = 'login-user' and key = 'ada'), 11,
  'An attempt refused during the wait is not counted');
select pg_temp.as_visitor();
select is(app.attempt_login('ada', 'secret12', '198.51.100.12') ->> 'status', 'ok',
  'The right password from a new address is never refused for guesses made elsewhere');

select pg_temp.as_superuser();
update app.rate_limits set hits = 500, blocked_until = now() - interval '1 second'
where bucket = 'login-user' and key = 'ada';
select pg_temp.as_visitor();
select is(app.attempt_login('ada', 'wrong', '198.51.100.13') ->> 'status', 'invalid',
  'Once the wait is over the next guess is checked');
select cmp_ok((app.attempt_login('ada', 'secret12', '198.51.100.13') ->> 'retryAfter')::integer, '<=', 900,
  'However many failures, the wait is at most 15 minutes');

select pg_temp.as_superuser();
update app.rate_limits set expires_at = now() - interval '1 second'
where bucket = 'login-user' and key = 'ada';
select pg_temp.as_visitor();
select is(app.attempt_login('ada', 'secret12', '198.51.100.15') ->> 'status', 'ok',
  'An hour after the last guess the username is free again');

select pg_temp.as_superuser();
update app.rate_limits set hits = 100, blocked_until = now() + interval '10 minutes'
where bucket = 'login-user' and key = 'ada';
select pg_temp.as_visitor();
select is(app.attempt_login('ada', 'secret12', '198.51.100.15') ->> 'status', 'ok',
  'An address that signed in to the account before is not held up by guesses from elsewhere');
select is(app.attempt_login('ada', 'wrong', '198.51.100.16') ->> 'status', 'invalid',
  'A new address gets its first attempt checked during the wait');
select is(app.attempt_login('ada', 'secret12', '198.51.100.16') ->> 'status', 'locked',
  'and waits after its first failure');

-- an address that signed in before -----------------------------------------------------
select is((select count(*)::integer from generate_series(1, 12) n
    where app.attempt_login('ada', 'wrong-' || n, '198.51.100.15') ->> 'status' = 'invalid'), 10,
  'A known address gets ten failures of its own');
select is(app.attempt_login('ada', 'secret12', '198.51.100.15') ->> 'status', 'locked',
  'and then waits like any other');
select pg_temp.as_superuser();
select is((select count(*)::integer from app.rate_limits
    where bucket = 'login' and key = 'ada|198.51.100.15'), 0,
  'Its failures do not fill the limits that other addresses are judged by');
select pg_temp.as_visitor();

-- per client, whatever the username -------------------------------------------------
select is((select count(*)::integer from generate_series(1, 30) n
    where app.attempt_login('nobody-' || n, 'wrong', '192.0.2.99') ->> 'status' = 'invalid'), 30,
  'One address may try thirty usernames');
select is(app.attempt_login('ada', 'secret12', '192.0.2.99') ->> 'status', 'locked',
  'and then waits, whichever username it tries next');

-- privileges ---------------------------------------------------------------------
select throws_ok($$select app.rate_limit_take('login', 'x', 1, 1)$$, '42501', null,
  'Visitors cannot count requests directly');
select throws_ok($$select app.login_backoff_take('ada', true)$$, '42501', null,
  'Visitors cannot touch the per-username limit directly');
select throws_ok($$select app.rate_limit_purge()$$, '42501', null,
  'Visitors cannot run the clean-up directly');

-- clean-up -------------------------------------------------------------------------
select pg_temp.as_superuser();
insert into app.rate_limits (bucket, key, hits, window_started_at, expires_at)
select 'contact', 'stale-' || n, 1, now() - interval '1 day', now() - interval '1 hour'
from generate_series(1, 30) n;
select pg_temp.as_visitor();
select is(app.contact_allowed('192.0.2.7'), 0, 'A message within the limit may be sent');
select pg_temp.as_superuser();
select is((select count(*)::integer from app.rate_limits where key like 'stale-%'), 0,
  'Counting removes rows whose time has run out');

select * from finish();
rollback;
