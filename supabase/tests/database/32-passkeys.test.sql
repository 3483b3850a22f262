-- Passkeys (supabase/schemas/12_passkeys.sql): each account sees,
-- renames and removes only its own; challenges work once, for their purpose
-- and account, and not once run out; the counter only goes up; a sign-in
-- opens a session; deleting an account removes its passkeys.
begin;
\ir ../helpers/identity.sql
select plan(45);

select pg_temp.reset_accounts();

-- Challenges as the API makes them: 43 base64url characters.
create temporary table h (name text primary key, challenge text not null) on commit drop;
grant select on h to anon, authenticated;
insert into h values
  ('ada-reg', repeat('a', 43)), ('grace-reg', repeat('g', 43)), ('late', repeat('l', 43)),
  ('sign', repeat('s', 43)), ('sign2', repeat('t', 43)), ('back', repeat('b', 43)),
  ('unknown', repeat('u', 43));
create function pg_temp.c(p_name text) returns text language sql as $$
  select challenge from h where name = p_name $$;
grant execute on function pg_temp.c(text) to anon, authenticated;
create temporary table signed_in (result jsonb) on commit drop;
grant select, insert on signed_in to anon;

-- the tables ------------------------------------------------------------------------------
select pg_temp.as_visitor();
select throws_ok($$select * from app.passkeys$$, '42501', null,
  'Visitors cannot read passkeys');
select throws_ok($$select * from app.passkey_challenges$$, '42501', null,
  'Visitors cannot read challenges');
select pg_temp.as_account('ada');
select throws_ok($$select * from app.passkey_challenges$$, '42501', null,
  'Signed-in accounts cannot read challenges either');
select throws_ok($$insert into app.passkeys (id, user_id, public_key, name)
  values (repeat('x', 20), app.current_user_id(), '\x0102030405060708090a0b0c0d0e0f10', 'forged')$$,
  '42501', null, 'No account inserts a passkey directly: only app.passkey_add does');
select throws_ok($$update app.passkeys set counter = 0$$, '42501', null,
  'Nor moves a counter');

-- the functions' callers --------------------------------------------------------------------
select pg_temp.as_visitor();
select is(app.passkey_challenge_new(pg_temp.c('ada-reg'), 'register', 'client') ->> 'status',
  'unauthorized', 'A visitor cannot ask to add a passkey');
select throws_ok($$select app.passkey_register_take('x', 'y')$$, '42501', null,
  'Visitors cannot take a registration challenge');
select throws_ok($$select app.passkey_add('x', 'y', '\x00', 0, '{}', 'n')$$, '42501', null,
  'Visitors cannot add a passkey');
select pg_temp.as_account('ada');
select throws_ok($$select app.passkey_sign_in_take('x', 'y', 'c')$$, '42501', null,
  'Signing in with a passkey is for visitors');
select throws_ok($$select app.passkey_sign_in('x', 'y', 1, 'c')$$, '42501', null,
  'both halves of it');

-- adding ------------------------------------------------------------------------------------
-- Each with the password confirmed in this transaction, as the API does
-- first (43-credentials-need-the-password.test.sql tests the rule itself).
select pg_temp.confirm_for('ada');
select pg_temp.confirm_for('grace');
select pg_temp.as_account('ada');
select is(app.passkey_challenge_new(pg_temp.c('ada-reg'), 'register', 'client') ->> 'status', 'ok',
  'ada asks to add a passkey');
select pg_temp.as_account('grace');
select is(app.passkey_challenge_new(pg_temp.c('grace-reg'), 'register', 'client') ->> 'status', 'ok',
  'so does grace');
select is(app.passkey_register_take(pg_temp.c('ada-reg'), 'ada-credential-0001'), false,
  'grace cannot take ada''s challenge');
select pg_temp.as_account('ada');
select is(app.passkey_register_take(pg_temp.c('ada-reg'), 'ada-credential-0001'), true,
  'ada takes hers for the credential that answered it');
select is(app.passkey_register_take(pg_temp.c('ada-reg'), 'ada-credential-0001'), false,
  'once');
select is(app.passkey_add(pg_temp.c('ada-reg'), 'another-credential1', '\x0102030405060708090a0b0c0d0e0f10',
                          0, '{internal}', 'Laptop'), 'expired',
  'A challenge taken for one credential does not add another');
select is(app.passkey_add(pg_temp.c('ada-reg'), 'ada-credential-0001', '\x0102030405060708090a0b0c0d0e0f10',
                          3, '{internal,hybrid}', 'Laptop'), 'ok',
  'The credential it was taken for is added');
select is(app.passkey_add(pg_temp.c('ada-reg'), 'ada-credential-0001', '\x0102030405060708090a0b0c0d0e0f10',
                          3, '{}', 'Again'), 'expired', 'and the challenge is spent');
select pg_temp.as_account('grace');
select is(app.passkey_register_take(pg_temp.c('grace-reg'), 'ada-credential-0001'), true,
  'grace answers with a credential ada already has');
select is(app.passkey_add(pg_temp.c('grace-reg'), 'ada-credential-0001', '\x0102030405060708090a0b0c0d0e0f10',
                          0, '{}', 'Stolen'), 'duplicate', 'which is refused');

-- row-level security --------------------------------------------------------------------------
select is((select count(*)::int from app.passkeys), 0, 'grace sees none of ada''s passkeys');
select is(pg_temp.affected($$update app.passkeys set name = 'Mine now'$$), 0, 'nor renames them');
select is(pg_temp.affected($$delete from app.passkeys$$), 0, 'nor removes them');
select pg_temp.as_account('ada');
select is((select name from app.passkeys), 'Laptop', 'ada sees hers');
select is(pg_temp.affected($$update app.passkeys set name = 'Work laptop'$$), 1, 'and renames it');

-- signing in -----------------------------------------------------------------------------------
select pg_temp.as_visitor();
select is(app.passkey_challenge_new(pg_temp.c('sign'), 'sign-in', 'client') ->> 'status', 'ok',
  'A visitor asks to sign in with a passkey');
select is(app.passkey_sign_in_take(pg_temp.c('sign'), 'ada-credential-0001', 'client') ->> 'counter', '3',
  'and gets the key and counter to check the answer against');
select is(app.passkey_sign_in(pg_temp.c('sign'), 'ada-credential-0001', 4, 'client') ->> 'status', 'ok',
  'A checked answer with a higher counter signs in');
select is(app.passkey_sign_in_take(pg_temp.c('sign'), 'ada-credential-0001', 'client') ->> 'status',
  'expired', 'The challenge worked once');

select is(app.passkey_challenge_new(pg_temp.c('back'), 'sign-in', 'client') ->> 'status', 'ok', 'Again');
select is(app.passkey_sign_in_take(pg_temp.c('back'), 'ada-credential-0001', 'client') ->> 'status', 'ok',
  'taken');
select is(app.passkey_sign_in(pg_temp.c('back'), 'ada-credential-0001', 4, 'client') ->> 'status',
  'invalid', 'A counter that did not go up is refused');
select is(app.passkey_challenge_new(pg_temp.c('unknown'), 'sign-in', 'client') ->> 'status', 'ok',
  'A challenge answered by a passkey nobody has');
select is(app.passkey_sign_in_take(pg_temp.c('unknown'), 'nobody-has-this-one', 'client') ->> 'status',
  'unknown', 'finds no key');
select is(app.passkey_sign_in(pg_temp.c('unknown'), 'nobody-has-this-one', 9, 'client') ->> 'status',
  'invalid', 'and signs nobody in');

select pg_temp.as_superuser();
insert into app.passkey_challenges (challenge, purpose, expires_at)
values (pg_temp.c('late'), 'sign-in', now() - interval '1 second');
select pg_temp.as_visitor();
select is(app.passkey_sign_in_take(pg_temp.c('late'), 'ada-credential-0001', 'client') ->> 'status',
  'expired', 'A challenge that ran out is refused');
select is(app.passkey_sign_in_take(pg_temp.c('grace-reg'), 'ada-credential-0001', 'client') ->> 'status',
  'expired', 'A registration challenge does not sign in');

select is(app.passkey_challenge_new(pg_temp.c('sign2'), 'sign-in', 'client') ->> 'status', 'ok', 'Once more');
select is(app.passkey_sign_in_take(pg_temp.c('sign2'), 'ada-credential-0001', 'client') ->> 'status', 'ok',
  'taken');
insert into signed_in select app.passkey_sign_in(pg_temp.c('sign2'), 'ada-credential-0001', 10, 'client');
select is((select result -> 'user' ->> 'username' from signed_in), 'ada', 'signs ada in');
select pg_temp.as_superuser();
select ok(exists (select 1 from app.sessions s join public.users u on u.id = s.user_id
                  where u.username = 'ada' and s.id = (select (result ->> 'sessionId')::uuid from signed_in)),
  'with a session of hers, as a password sign-in opens');
select is((select counter from app.passkeys), 10::bigint, 'The counter is the last one signed');
select ok((select last_used_at is not null from app.passkeys), 'and the passkey''s last use noted');

-- removing ---------------------------------------------------------------------------------------
select pg_temp.as_account('ada');
select is(pg_temp.affected($$delete from app.passkeys$$), 1, 'ada removes her passkey');
select pg_temp.as_superuser();
insert into app.passkeys (id, user_id, public_key, name)
select 'rita-credential-001', id, '\x0102030405060708090a0b0c0d0e0f10', 'Phone'
from public.users where username = 'rita';
delete from public.users where username = 'rita';
select is((select count(*)::int from app.passkeys), 0, 'Deleting an account removes its passkeys');

select * from finish();
rollback;
