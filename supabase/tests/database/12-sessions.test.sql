-- Sessions: a token counts only while the session it names is open, and
-- password changes and sign-outs end sessions (supabase/schemas/02_accounts.sql).
begin;
\ir ../helpers/identity.sql
select plan(21);

select pg_temp.reset_accounts();
-- Writes that need the current password are confirmed for both admins here;
-- 33-reauthentication.test.sql tests the rule itself.
select pg_temp.confirm_for('ada');
select pg_temp.confirm_for('grace');

-- A token with exactly these claims, as the API sets them.
create function pg_temp.as_claims(p_claims jsonb) returns void
language plpgsql as $$
begin
  perform pg_temp.as_superuser();
  perform set_config('request.jwt.claims', p_claims::text, true);
  execute 'set local role authenticated';
end
$$;

-- A token of account p_user naming session p_sid (the account is looked up as the superuser).
create function pg_temp.as_session(p_user text, p_sid uuid) returns void
language plpgsql as $$
declare
  v_id integer;
begin
  perform pg_temp.as_superuser();
  select id into v_id from public.users where username = p_user;
  perform pg_temp.as_claims(jsonb_build_object('sub', v_id::text, 'role', 'authenticated', 'sid', p_sid));
end
$$;

-- A new session of p_user, opened as a sign-in would.
create function pg_temp.new_session(p_user text) returns uuid
language sql as $$
  insert into app.sessions (user_id, expires_at)
  select id, now() + interval '8 hours' from public.users where username = p_user
  returning id
$$;

create temporary table s (name text primary key, id uuid) on commit drop;
grant select on s to anon, authenticated;
insert into s values
  ('ada-1', pg_temp.new_session('ada')), ('ada-2', pg_temp.new_session('ada')),
  ('grace-1', pg_temp.new_session('grace')), ('rita-1', pg_temp.new_session('rita'));

-- a token counts while its session is open ------------------------------------
select pg_temp.as_session('ada', (select id from s where name = 'ada-1'));
select is(app.current_user_id(), (select id from public.users where username = 'ada'),
  'A token naming an open session of its account is that account');
select is(app.is_admin(), true, 'and has its rights');
select pg_temp.as_session('ada', null);
select is(app.current_user_id(), null, 'A token naming no session is nobody');
select pg_temp.as_session('ada', (select id from s where name = 'grace-1'));
select is(app.current_user_id(), null, 'A token naming another account''s session is nobody');
select pg_temp.as_superuser();
select pg_temp.as_claims(jsonb_build_object('sub', (select id from public.users where username = 'ada')::text,
  'role', 'authenticated', 'sid', 'not-a-uuid'));
select is(app.current_user_id(), null, 'A malformed sid is nobody, not an error');

select pg_temp.as_superuser();
update app.sessions set expires_at = now() - interval '1 second' where id = (select id from s where name = 'rita-1');
select pg_temp.as_session('rita', (select id from s where name = 'rita-1'));
select is(app.current_user_id(), null, 'A session that has run out is nobody');
select is_empty($$select id from public.users$$, 'and row-level security shows it nothing');

-- a password change ---------------------------------------------------------------
select pg_temp.as_session('ada', (select id from s where name = 'ada-1'));
select is(pg_temp.affected($$update public.users set password_hash = app.hash_password('new-one') where username = 'grace'$$), 1,
  'An admin changes another account''s password');
select pg_temp.as_superuser();
select is((select count(*)::integer from app.sessions where user_id = (select id from public.users where username = 'grace')), 0,
  'That ends every session of that account');
select pg_temp.as_session('grace', (select id from s where name = 'grace-1'));
select is(app.is_admin(), false, 'so its old token no longer has its rights');
select is(pg_temp.affected($$update public.projects set name = name$$), 0, 'and can write nothing');

select pg_temp.as_session('ada', (select id from s where name = 'ada-1'));
select lives_ok($$update public.users set password_hash = app.hash_password('mine') where username = 'ada'$$,
  'An admin changes their own password');
select is(app.current_user_id(), (select id from public.users where username = 'ada'),
  'The session that made the change stays open');
select pg_temp.as_superuser();
select ok(not exists (select 1 from app.sessions where id = (select id from s where name = 'ada-2')),
  'Their other sessions end');

insert into s values ('ada-3', pg_temp.new_session('ada'));
select pg_temp.as_session('ada', (select id from s where name = 'ada-1'));
update public.users set role = 'admin', username = 'ada' where username = 'ada';
select pg_temp.as_superuser();
select ok(exists (select 1 from app.sessions where id = (select id from s where name = 'ada-3')),
  'Changing anything but the password ends no session');

-- signing out --------------------------------------------------------------------
select pg_temp.as_session('ada', (select id from s where name = 'ada-3'));
select is(app.end_session(), true, 'Signing out ends the caller''s session');
select is(app.current_user_id(), null, 'after which its token is nobody');
select is(app.end_session(), false, 'Signing out twice finds nothing more to end');
select pg_temp.as_superuser();
select ok(exists (select 1 from app.sessions where id = (select id from s where name = 'ada-1')),
  'Other sessions of the account stay open');

-- privileges -----------------------------------------------------------------------
select pg_temp.as_visitor();
select throws_ok($$select app.start_session(1)$$, '42501', null, 'Visitors cannot open a session');
select pg_temp.as_session('ada', (select id from s where name = 'ada-1'));
select throws_ok($$select * from app.sessions$$, '42501', null, 'Nobody signed in reads the sessions table');

select * from finish();
rollback;
