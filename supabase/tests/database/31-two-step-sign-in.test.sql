-- Two-step sign-in's tables are closed to every client role, and its
-- functions let each role do only its part (supabase/schemas/03_two_step_sign_in.sql).
begin;
\ir ../helpers/identity.sql
select plan(22);

select pg_temp.reset_accounts();

create temporary table h (name text primary key, hash text, challenge uuid) on commit drop;
grant select on h to anon, authenticated;
insert into h (name, hash) values
  ('first', encode(sha256('first-code'), 'hex')), ('second', encode(sha256('second-code'), 'hex'));

-- the tables -------------------------------------------------------------------------
select pg_temp.as_visitor();
select throws_ok($$select * from app.two_step$$, '42501', null,
  'Visitors cannot read the sealed secrets');
select throws_ok($$select * from app.two_step_challenges$$, '42501', null,
  'Visitors cannot read the sign-ins waiting for a code');
select pg_temp.as_account('ada');
select throws_ok($$select * from app.two_step$$, '42501', null,
  'Signed-in accounts cannot read the sealed secrets, not even their own');
select throws_ok($$select * from app.two_step_recovery$$, '42501', null,
  'Signed-in accounts cannot read the recovery code hashes');
select throws_ok($$delete from app.two_step_challenges$$, '42501', null,
  'Signed-in accounts cannot touch the sign-ins waiting for a code');

-- the functions' callers -----------------------------------------------------------------
select pg_temp.as_visitor();
select throws_ok($$select app.two_step_prepare('v1.a.b')$$, '42501', null,
  'Visitors cannot set up two-step');
select throws_ok($$select app.my_two_step_code_take()$$, '42501', null,
  'Visitors cannot ask for an account''s sealed secret');
select throws_ok($$select app.two_step_accept(1, 1, null)$$, '42501', null,
  'Visitors cannot accept a code for an account directly');
select pg_temp.as_account('ada');
select throws_ok($$select app.two_step_code_take(1, 'x', 1)$$, '42501', null,
  'Signed-in accounts cannot call the code counter directly');
select throws_ok($$select app.two_step_challenge_take(gen_random_uuid())$$, '42501', null,
  'The second step of a sign-in is for visitors only');

-- turning it on ----------------------------------------------------------------------------
-- With the password confirmed in this transaction, as the API does first
-- (43-credentials-need-the-password.test.sql tests the rule itself).
select pg_temp.confirm_for('ada');
select pg_temp.as_account('ada');
select is(app.two_step_prepare('v1.iv.sealed'), true, 'An account sets up a secret');
select is(app.my_two_step() ->> 'enabled', 'false', 'which is not on until a code confirms it');
select is(app.two_step_enable(100, array(select hash from h)), true,
  'A confirmed code turns it on');
select is(app.my_two_step(), '{"enabled": true, "recoveryCodesLeft": 2}'::jsonb,
  'with its recovery codes');
select is(app.two_step_prepare('v1.iv.other'), false,
  'A new secret cannot replace the one in use');
select pg_temp.as_account('grace');
select is(app.two_step_disable(500, null), false,
  'Another account cannot turn it off for ada');

-- signing in -------------------------------------------------------------------------------
select pg_temp.as_superuser();
update h set challenge = c.id
from (select gen_random_uuid() as id) c where h.name = 'first';
insert into app.two_step_challenges (id, user_id, client, expires_at)
select challenge, (select id from public.users where username = 'ada'), 'client', now() + interval '5 minutes'
from h where name = 'first';
select pg_temp.as_visitor();
select is(app.two_step_challenge_take((select challenge from h where name = 'first')) ->> 'secret',
  'v1.iv.sealed', 'A waiting sign-in gets the sealed secret to check its code against');
select is(app.two_step_sign_in((select challenge from h where name = 'first'), 100, null) ->> 'status',
  'invalid', 'The step that turned it on is used: its code cannot sign in');
select is(app.two_step_sign_in((select challenge from h where name = 'first'), 101, null) ->> 'status',
  'ok', 'A newer step signs in');
select is(app.two_step_challenge_take((select challenge from h where name = 'first')) ->> 'status',
  'expired', 'and uses the challenge up');

select pg_temp.as_superuser();
update h set challenge = gen_random_uuid() where name = 'second';
insert into app.two_step_challenges (id, user_id, client, expires_at)
select challenge, (select id from public.users where username = 'ada'), 'client', now() + interval '5 minutes'
from h where name = 'second';
select pg_temp.as_visitor();
select is(app.two_step_sign_in((select challenge from h where name = 'second'), null,
                               (select hash from h where name = 'first')) ->> 'status',
  'ok', 'A recovery code signs in');
select pg_temp.as_superuser();
select is((select count(*)::int from app.two_step_recovery), 1, 'and is gone once used');

select * from finish();
rollback;
