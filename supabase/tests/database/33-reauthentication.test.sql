-- Writes that hand out or take away access need the caller's current
-- password in the same transaction (supabase/schemas/02_accounts.sql).
begin;
\ir ../helpers/identity.sql
select plan(32);

select pg_temp.reset_accounts();
update public.users set password_hash = app.hash_password('ada-secret-1') where username = 'ada';
update public.users set password_hash = app.hash_password('grace-secret-1') where username = 'grace';

-- closed to clients ---------------------------------------------------------------------
select pg_temp.as_visitor();
select throws_ok($$select app.confirm_password('ada-secret-1')$$, '42501', null,
  'Visitors cannot confirm a password');
select pg_temp.as_account('ada');
select throws_ok($$select * from app.reauthentications$$, '42501', null,
  'Signed-in accounts cannot read the confirmations');
select throws_ok($$insert into app.reauthentications (xact, user_id) values (txid_current(), 1)$$,
  '42501', null, 'nor write one of their own');

-- without the password ------------------------------------------------------------------
select throws_ok($$insert into public.users (username, password_hash) values ('eve', 'x')$$,
  'VT403', 'Confirm with your current password to create an admin.',
  'An admin created with the default role needs the password');
select throws_ok(
  $$insert into public.users (username, password_hash, role) values ('eve', 'x', 'admin')$$,
  'VT403', 'Confirm with your current password to create an admin.',
  'and so does one created as admin');
select is(pg_temp.affected(
  $$insert into public.users (username, password_hash, role) values ('reader', 'x', 'user')$$), 1,
  'A read-only account is created without it');
select throws_ok($$update public.users set role = 'admin' where username = 'rita'$$,
  'VT403', 'Confirm with your current password to change a role.',
  'Promoting needs the password');
select throws_ok($$update public.users set role = 'user' where username = 'grace'$$,
  'VT403', 'Confirm with your current password to change a role.',
  'and so does demoting');
select throws_ok($$update public.users set password_hash = app.hash_password('new-secret') where username = 'ada'$$,
  'VT403', 'Confirm with your current password to change your password.',
  'One''s own new password needs the current one');
select throws_ok($$update public.users set password_hash = app.hash_password('new-secret') where username = 'grace'$$,
  'VT403', 'Confirm with your current password to change another account''s password.',
  'and so does another account''s');
select throws_ok($$delete from public.users where username = 'reader'$$,
  'VT403', 'Confirm with your current password to delete an account.',
  'Deleting an account needs it');
select is(pg_temp.affected($$update public.users set username = 'Rita', role = 'user' where username = 'rita'$$), 1,
  'A new username, with the role sent unchanged, needs nothing');
select throws_ok($$delete from public.users where username = 'ada'$$,
  'VT409', 'You cannot delete your own account',
  'A write that cannot happen anyway answers its own refusal first');
select pg_temp.as_account('rita');
select is(pg_temp.affected($$delete from public.users where username = 'grace'$$), 0,
  'A read-only account is refused by row-level security alone, not asked for a password');

-- a wrong password ----------------------------------------------------------------------
select pg_temp.as_account('ada');
select is(app.confirm_password('not-it') ->> 'status', 'wrong', 'A wrong password is refused');
select is(app.confirm_password(null) ->> 'status', 'wrong', 'and so is none');
select is(app.confirm_password(repeat('a', 100000)) ->> 'status', 'wrong',
  'and a huge one, without an error');
select is(app.confirm_password(repeat('a', 72) || 'ada-secret-1') ->> 'status', 'wrong',
  'and one past the 72 bytes bcrypt reads');
select throws_ok($$delete from public.users where username = 'reader'$$, 'VT403', null,
  'A wrong password confirms nothing');
select pg_temp.as_superuser();
select is((select hits from app.rate_limits where bucket = 'reauth-user'
           and key = (select id::text from public.users where username = 'ada')), 4,
  'Each wrong password is counted against the account');
select is((select hits from app.rate_limits where bucket = 'login-user' and key = 'ada'), 4,
  'and against the username''s sign-in backoff');

-- the right one -------------------------------------------------------------------------
select pg_temp.as_account('ada');
select is(app.confirm_password('ada-secret-1'), '{"status": "ok"}'::jsonb,
  'The right password confirms');
select pg_temp.as_superuser();
select is((select hits from app.rate_limits where bucket = 'reauth-user'
           and key = (select id::text from public.users where username = 'ada')), 4,
  'and gives its own count back');
select pg_temp.as_account('ada');
select is(pg_temp.affected($$update public.users set role = 'admin' where username = 'Rita'$$), 1,
  'Confirmed, an admin changes a role');
select is(pg_temp.affected($$delete from public.users where username = 'reader'$$), 1,
  'and deletes an account');
select is(pg_temp.affected(
  $$insert into public.users (username, password_hash) values ('eve', 'x')$$), 1,
  'and creates an admin');
select pg_temp.as_account('grace');
select throws_ok($$delete from public.users where username = 'eve'$$,
  'VT403', 'Confirm with your current password to delete an account.',
  'One account''s confirmation is not another''s, even in the same transaction');

-- the limit -----------------------------------------------------------------------------
select is((select count(*) filter (where r ->> 'status' = 'wrong')
           from (select app.confirm_password('guess-' || n) as r from generate_series(1, 5) n) g),
  5::bigint, 'Five wrong passwords in a row are each refused');
select is(app.confirm_password('grace-secret-1') ->> 'status', 'locked',
  'After five wrong passwords even the right one waits');
select ok((app.confirm_password('grace-secret-1') ->> 'retryAfter')::integer between 1 and 900,
  'with the seconds to wait');
select throws_ok($$delete from public.users where username = 'eve'$$, 'VT403', null,
  'and a locked confirmation confirms nothing');

-- not signed in with a token --------------------------------------------------------------
select pg_temp.as_superuser();
select is(pg_temp.affected($$update public.users set role = 'user' where username = 'eve'$$), 1,
  'The owner''s own maintenance, with no token, is not asked');

select * from finish();
rollback;
