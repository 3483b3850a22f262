-- Adding or removing a way to sign in takes the caller's current password,
-- confirmed in the same transaction (supabase/schemas/12_passkeys.sql,
-- 03_two_step_sign_in.sql): a token alone gets no passkey challenge and no
-- two-step secret, removes no passkey and turns two-step off only with a code.
begin;
\ir ../helpers/identity.sql
select plan(17);

select pg_temp.reset_accounts();
update public.users set password_hash = app.hash_password('ada-secret-1') where username = 'ada';
update public.users set password_hash = app.hash_password('grace-secret-1') where username = 'grace';
-- grace has a passkey and two-step on.
insert into app.passkeys (id, user_id, public_key, name)
select 'grace-credential-01', id, '\x0102030405060708090a0b0c0d0e0f10', 'Phone'
from public.users where username = 'grace';
insert into app.two_step (user_id, secret)
select id, 'v1.iv.sealed' from public.users where username = 'grace';

-- a token alone ------------------------------------------------------------------------------
select pg_temp.as_account('ada');
select throws_ok($$select app.passkey_challenge_new(repeat('a', 43), 'register', 'client')$$,
  'VT403', 'Confirm with your current password to add a passkey.',
  'No passkey challenge without the password');
select throws_ok($$select app.two_step_prepare('v1.iv.attacker')$$,
  'VT403', 'Confirm with your current password to turn on two-step sign-in.',
  'No two-step secret without it');
select is(app.passkey_challenge_new(repeat('s', 43), 'sign-in', 'client') ->> 'status', 'ok',
  'A sign-in challenge needs none');
select is(app.confirm_password('not-ada-secret') ->> 'status', 'wrong', 'A wrong password');
select throws_ok($$select app.two_step_prepare('v1.iv.attacker')$$,
  'VT403', 'Confirm with your current password to turn on two-step sign-in.',
  'confirms nothing');
select pg_temp.as_account('grace');
select throws_ok($$delete from app.passkeys$$,
  'VT403', 'Confirm with your current password to remove a passkey.',
  'No passkey removed without it');
select is(app.two_step_disable(null, null), false, 'Two-step stays on without a proof');
select pg_temp.as_superuser();
select is((select count(*)::int from app.two_step where secret is not null), 1, 'it is still on');

-- with the password --------------------------------------------------------------------------
select pg_temp.as_account('grace');
select is(app.confirm_password('grace-secret-1') ->> 'status', 'ok', 'grace confirms hers');
select is(pg_temp.affected($$delete from app.passkeys$$), 1, 'and removes her passkey');
select is(app.two_step_disable(null, null), true, 'and turns two-step off');
select pg_temp.as_account('ada');
select is(app.confirm_password('ada-secret-1') ->> 'status', 'ok', 'ada confirms hers');
select is(app.passkey_challenge_new(repeat('a', 43), 'register', 'client') ->> 'status', 'ok',
  'and asks to add a passkey');
select is(app.passkey_challenge_new(repeat('b', 43), 'register', 'client') ->> 'status', 'ok',
  'twice');
select is(app.passkey_register_take(repeat('a', 43), 'ada-credential-0001'), false,
  'The newer challenge replaced the older');
select is(app.two_step_prepare('v1.iv.ada'), true, 'She sets up two-step');

-- without a token (the owner in psql) ---------------------------------------------------------
select pg_temp.as_superuser();
insert into app.passkeys (id, user_id, public_key, name)
select 'grace-credential-02', id, '\x0102030405060708090a0b0c0d0e0f10', 'Key'
from public.users where username = 'grace';
select is(pg_temp.affected($$delete from app.passkeys$$), 1,
  'The owner removes a passkey in psql without a token');

select * from finish();
rollback;
