-- Accounts: who sees and changes which rows, the hidden password hash, the
-- last-admin and own-account rules, and case-insensitive usernames.
begin;
\ir ../helpers/identity.sql
select plan(42);

select pg_temp.reset_accounts();
-- Writes that need the current password are confirmed for both admins here;
-- 33-reauthentication.test.sql tests the rule itself.
select pg_temp.confirm_for('ada');
select pg_temp.confirm_for('grace');

-- password_hash is unreadable by every client role --------------------------
select ok(not has_column_privilege('anon', 'public.users', 'password_hash', 'SELECT'),
  'Visitors have no read privilege on password_hash');
select ok(not has_column_privilege('authenticated', 'public.users', 'password_hash', 'SELECT'),
  'Signed-in roles have no read privilege on password_hash');
select column_privs_are('public', 'users', 'id', 'authenticated', array['SELECT'],
  'Signed-in roles may read but never write an account id');

-- visitors -------------------------------------------------------------------
select pg_temp.as_visitor();
select throws_ok($$select id, username from public.users$$, '42501', null,
  'Visitors cannot list accounts');
select throws_ok($$insert into public.users (username, password_hash) values ('mallory', 'x')$$, '42501', null,
  'Visitors cannot create accounts');
select throws_ok($$update public.users set role = 'user'$$, '42501', null,
  'Visitors cannot update accounts');
select throws_ok($$delete from public.users$$, '42501', null,
  'Visitors cannot delete accounts');

-- a read-only `user` account -------------------------------------------------
select pg_temp.as_account('rita');
select results_eq($$select username from public.users$$, array['rita'],
  'A user account sees only its own account');
select throws_ok($$select * from public.users$$, '42501', null,
  'A user account cannot select every column, password_hash included');
select throws_ok($$select password_hash from public.users$$, '42501', null,
  'A user account cannot read its own password hash');
select throws_ok($$insert into public.users (username, password_hash) values ('mallory', 'x')$$, '42501', null,
  'A user account cannot create accounts');
select is(pg_temp.affected($$update public.users set role = 'admin' where username = 'rita'$$), 0,
  'A user account cannot promote itself');
select is(pg_temp.affected($$update public.users set password_hash = 'x' where username = 'ada'$$), 0,
  'A user account cannot change another account');
select is(pg_temp.affected($$delete from public.users where username <> 'rita'$$), 0,
  'A user account cannot delete other accounts');

-- a token whose account was deleted ------------------------------------------
select pg_temp.as_ghost();
select is((select count(*)::integer from public.users), 0,
  'A deleted account''s token sees no accounts');
select throws_ok($$insert into public.users (username, password_hash) values ('mallory', 'x')$$, '42501', null,
  'A deleted account''s token cannot create accounts');
select is(pg_temp.affected($$update public.users set role = 'user'$$), 0,
  'A deleted account''s token updates no account');
select is(pg_temp.affected($$delete from public.users$$), 0,
  'A deleted account''s token deletes no account');

select pg_temp.as_sub('1 or 1=1');
select is((select count(*)::integer from public.users), 0,
  'A token with a malformed sub sees no accounts');

-- admins ---------------------------------------------------------------------
select pg_temp.as_account('ada');
select results_eq($$select username from public.users order by username$$, array['ada', 'grace', 'rita'],
  'An admin sees every account');
select throws_ok($$select password_hash from public.users$$, '42501', null,
  'An admin cannot read password hashes either');
select lives_ok($$insert into public.users (username, password_hash, role) values ('linus', app.hash_password('secret12'), 'user')$$,
  'An admin can create an account with a hashed password');
select is((select role from public.users where username = 'linus'), 'user',
  'The new account has the role it was given');
select throws_ok($$insert into public.users (username, password_hash) values ('LINUS', 'x')$$, '23505', null,
  'Usernames are unique regardless of case');
select throws_ok($$insert into public.users (username, password_hash, role) values ('eve', 'x', 'owner')$$, '23514', null,
  'An account role is admin or user, nothing else');
select is(pg_temp.affected($$update public.users set username = 'Linus T' where username = 'linus'$$), 1,
  'An admin can rename an account');
select throws_ok($$update public.users set created_at = now() where username = 'rita'$$, '42501', null,
  'Nobody can rewrite when an account was created');
select is(pg_temp.affected($$update public.users set role = 'admin' where username = 'rita'$$), 1,
  'An admin can promote a user account');
select is(pg_temp.affected($$update public.users set role = 'user' where username = 'rita'$$), 1,
  'An admin can demote another admin while other admins remain');

-- access follows the table, not the token ------------------------------------
select pg_temp.as_account('ada');
select is(pg_temp.affected($$update public.users set role = 'user' where username = 'grace'$$), 1,
  'An admin can demote the other admin while itself remains admin');
select pg_temp.as_account('grace');
select throws_ok($$insert into public.users (username, password_hash) values ('mallory', 'x')$$, '42501', null,
  'A demoted admin loses write access at once, with the same token');
select results_eq($$select username from public.users$$, array['grace'],
  'A demoted admin sees only its own account at once');

-- own account and last admin -------------------------------------------------
select pg_temp.as_account('ada');
select throws_ok($$delete from public.users where username = 'ada'$$, 'VT409', 'You cannot delete your own account',
  'Nobody deletes their own account');
select throws_ok($$update public.users set role = 'user' where username = 'ada'$$, 'VT409',
  'The last admin cannot be deleted or demoted',
  'The last admin cannot demote itself');
select is(pg_temp.affected($$delete from public.users where username = 'linus t'$$), 0,
  'Deleting matches usernames exactly as stored (sanity check on the next assertion)');
select is(pg_temp.affected($$delete from public.users where lower(username) = 'linus t'$$), 1,
  'An admin can delete another account');
select pg_temp.as_superuser();
select throws_ok($$delete from public.users where username = 'ada'$$, 'VT409',
  'The last admin cannot be deleted or demoted',
  'The last admin cannot be deleted, even by the database owner');
select throws_ok($$update public.users set role = 'user'$$, 'VT409',
  'The last admin cannot be deleted or demoted',
  'Demoting everyone at once is refused while it would leave no admin');
select is((select count(*)::integer from public.users where role = 'admin'), 1,
  'One admin is still there after the refused changes');

select pg_temp.as_account('rita');
select is(pg_temp.affected($$delete from public.users where username = 'rita'$$), 0,
  'A user account cannot delete its own account');

select pg_temp.as_superuser();
select is(pg_temp.affected($$update public.users set username = 'Ada' where username = 'ada'$$), 1,
  'An update keeps working when it changes no role');
select ok((select updated_at >= created_at from public.users where username = 'Ada'),
  'An update stamps updated_at');

select * from finish();
rollback;
