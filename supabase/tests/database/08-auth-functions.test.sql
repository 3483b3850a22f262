-- First-admin registration, login statuses and the lockout after five
-- failures, and the private helpers' privileges.
begin;
\ir ../helpers/identity.sql
select plan(30);

select pg_temp.clear_accounts();
delete from app.rate_limits;

-- registration ----------------------------------------------------------------
select pg_temp.as_visitor();
select is(app.registration_open(), true, 'Registration is open while no account exists');
select results_eq($$select username, role from app.register_first_admin('  root  ', 'secret12')$$,
  $$values ('root'::text, 'admin'::text)$$,
  'The first registration creates an admin, with the username trimmed');
select is(app.registration_open(), false, 'Registration closes once an account exists');
select throws_ok($$select * from app.register_first_admin('second', 'secret12')$$, 'VT409', 'Registration is closed',
  'A second registration is refused');
select pg_temp.as_superuser();
select is((select count(*)::integer from public.users), 1, 'Exactly one account exists after two registrations');
select matches((select password_hash from public.users where username = 'root'), '^\$2[abxy]\$(1[0-9]|[2-9][0-9])\$',
  'The password is stored as a bcrypt hash with cost 10 or more');
select isnt((select password_hash from public.users where username = 'root'), 'secret12',
  'The password is never stored as given');

-- login -----------------------------------------------------------------------
select pg_temp.as_visitor();
select is(app.attempt_login('root', 'secret12', 'client-a') ->> 'status', 'ok', 'The right password logs in');
select is((app.attempt_login('root', 'secret12', 'client-a') -> 'user') - 'id', '{"username": "root", "role": "admin"}'::jsonb,
  'A login answers the account''s username and role');
select ok(not (app.attempt_login('root', 'secret12', 'client-a') -> 'user') ? 'passwordHash'
  and not (app.attempt_login('root', 'secret12', 'client-a') -> 'user') ? 'password_hash',
  'A login never answers the password hash');
select is(app.attempt_login('ROOT', 'secret12', 'client-a') ->> 'status', 'ok', 'Usernames match regardless of case at login');
select is(app.attempt_login('root', 'wrong', 'client-a'), '{"status": "invalid"}'::jsonb, 'A wrong password is invalid');
select is(app.attempt_login('nobody', 'secret12', 'client-a'), '{"status": "invalid"}'::jsonb,
  'An unknown user gets the same answer as a wrong password');
select is(app.attempt_login(null, null, null), '{"status": "invalid"}'::jsonb, 'Missing credentials are simply invalid');

-- lockout: five failures per username and client within 15 minutes ----------
select pg_temp.as_superuser();
delete from app.rate_limits;
select pg_temp.as_visitor();
select is(array[
    app.attempt_login('root', 'bad1', 'client-b') ->> 'status', app.attempt_login('root', 'bad2', 'client-b') ->> 'status',
    app.attempt_login('root', 'bad3', 'client-b') ->> 'status', app.attempt_login('root', 'bad4', 'client-b') ->> 'status',
    app.attempt_login('root', 'bad5', 'client-b') ->> 'status'],
  array['invalid', 'invalid', 'invalid', 'invalid', 'invalid'], 'Five failed logins are each answered invalid');
select is(app.attempt_login('root', 'secret12', 'client-b') ->> 'status', 'locked',
  'After five failures even the right password is locked out');
select ok((app.attempt_login('root', 'secret12', 'client-b') ->> 'retryAfter')::integer between 1 and 900,
  'A locked login says how many seconds to wait, at most 15 minutes');
select is(app.attempt_login('Root ', 'secret12', 'client-b') ->> 'status', 'locked',
  'The lock covers the username in any case and spacing');
select is(app.attempt_login('root', 'secret12', 'client-c') ->> 'status', 'ok', 'Another client is not locked out');
select pg_temp.as_superuser();
update app.rate_limits set window_started_at = now() - interval '16 minutes' where bucket = 'login';
select pg_temp.as_visitor();
select is(app.attempt_login('root', 'secret12', 'client-b') ->> 'status', 'ok', 'The lock lifts when the window has run out');

select pg_temp.as_superuser();
delete from app.rate_limits;
select pg_temp.as_visitor();
select is(array[
    app.attempt_login('root', 'bad1', 'client-d') ->> 'status', app.attempt_login('root', 'bad2', 'client-d') ->> 'status',
    app.attempt_login('root', 'bad3', 'client-d') ->> 'status', app.attempt_login('root', 'bad4', 'client-d') ->> 'status',
    app.attempt_login('root', 'secret12', 'client-d') ->> 'status', app.attempt_login('root', 'bad5', 'client-d') ->> 'status'],
  array['invalid', 'invalid', 'invalid', 'invalid', 'ok', 'invalid'], 'A successful login resets the failure count');
select is(app.attempt_login('root', 'secret12', 'client-d') ->> 'status', 'ok',
  'Failures before a success do not count toward the lock');

-- the session helpers --------------------------------------------------------
select pg_temp.as_account('root');
select is(app.current_user_id(), (select id from public.users where username = 'root'),
  'current_user_id() is the token''s sub when that account exists');
select is(app.is_admin(), true, 'is_admin() is true for an admin''s token');
select pg_temp.as_sub('not-a-number');
select is(app.current_user_id(), null, 'A non-numeric sub is nobody, not an error');
select pg_temp.as_sub('99999999999999999999');
select is(app.is_signed_in(), false, 'An out-of-range sub is nobody, not an error');

-- privileges on the private helpers ------------------------------------------
select pg_temp.as_visitor();
select throws_ok($$select app.hash_password('x')$$, '42501', null, 'Visitors cannot call hash_password');
select throws_ok($$select * from app.rate_limits$$, '42501', null, 'Visitors cannot read the rate-limit counters');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
  where p.pronamespace = 'app'::regnamespace
    and has_function_privilege('public', p.oid, 'EXECUTE')
$$, 'No app function is executable by PUBLIC; each is granted to the roles that need it');
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
  where p.pronamespace = 'app'::regnamespace and p.prosecdef
    and not coalesce(array_to_string(p.proconfig, ',') like '%search_path=""%', false)
$$, 'Every security definer helper pins an empty search_path');

select * from finish();
rollback;
