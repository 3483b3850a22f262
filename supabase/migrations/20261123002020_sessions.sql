-- Sign-in sessions the database can end (docs/PRODUCT.md §11; docs/decisions/017-sessions-in-the-database.md).
--
-- A token used to stay good for its 8 hours whatever happened to the account's
-- password. Now every sign-in (login, first registration) creates a row in
-- app.sessions, the token carries that row's id as its `sid` claim, and
-- app.current_user_id() answers only while the row exists and has not run out.
-- Every policy and helper goes through current_user_id(), so row-level security
-- sees an ended session as nobody, exactly like a deleted account.
--
-- Sessions end when
--   - the account's password changes, by whoever: all its sessions but the
--     one making the change (trigger below);
--   - the account signs out: that one session (app.end_session, POST /auth/logout);
--   - the account is deleted (on delete cascade);
--   - their 8 hours run out (the token's lifetime, TOKEN_TTL_SECONDS in
--     supabase/functions/_shared/auth.ts); expired rows are cleared as new
--     sessions start.
-- Tokens issued before this migration carry no sid and stop working: their
-- owners sign in once more.

create table app.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id integer not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_id_idx on app.sessions (user_id);
create index sessions_expires_at_idx on app.sessions (expires_at);
alter table app.sessions enable row level security;
-- No policy and no grant: only the security definer helpers below touch it.

-- The token's sid, when it is a well-formed uuid; otherwise null (nobody).
create or replace function app.current_session_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when (app.jwt_claims() ->> 'sid') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (app.jwt_claims() ->> 'sid')::uuid
  end
$$;

-- Who is asking: the token's sub, if that account exists and the token's
-- session is still open.
create or replace function app.current_user_id()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  -- CASE, not AND: only CASE guarantees the cast never sees a malformed sub.
  select u.id
  from public.users u
  join app.sessions s on s.user_id = u.id
  where u.id = case when (app.jwt_claims() ->> 'sub') ~ '^[0-9]{1,9}$'
                    then (app.jwt_claims() ->> 'sub')::integer end
    and s.id = app.current_session_id()
    and s.expires_at > now()
$$;

-- Opens a session for an account that has just proved who it is, and clears a
-- bounded batch of sessions that have run out (skipping any another
-- transaction holds, so it never waits).
create or replace function app.start_session(p_user_id integer)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  delete from app.sessions s
  using (
    select old.id from app.sessions old
    where old.expires_at <= now()
    order by old.expires_at
    limit 50
    for update skip locked
  ) gone
  where s.id = gone.id;
  insert into app.sessions (user_id, expires_at)
  values (p_user_id, now() + interval '8 hours')
  returning id into v_id;
  return v_id;
end
$$;

-- Signing out: ends the caller's own session. True when there was one to end.
create or replace function app.end_session()
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with ended as (
    delete from app.sessions
    where id = app.current_session_id()
      and user_id = case when (app.jwt_claims() ->> 'sub') ~ '^[0-9]{1,9}$'
                         then (app.jwt_claims() ->> 'sub')::integer end
    returning 1
  )
  select exists (select 1 from ended)
$$;

-- A new password ends every other session of that account: a stolen token
-- stops working once the owner (or an admin) changes the password.
create or replace function app.end_sessions_on_password_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app.sessions
  where user_id = new.id
    and id is distinct from app.current_session_id();
  return null;
end
$$;

create trigger users_end_sessions_on_password_change
  after update of password_hash on public.users
  for each row
  when (old.password_hash is distinct from new.password_hash)
  execute function app.end_sessions_on_password_change();

-- First-admin registration opens the new admin's first session as well.
-- (The answer gains a column, so the function is replaced, not redefined.)
drop function app.register_first_admin(text, text);
create function app.register_first_admin(p_username text, p_password text)
returns table (id integer, username text, role text, session_id uuid)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user public.users;
begin
  lock table public.users in share row exclusive mode;
  if exists (select 1 from public.users) then
    raise exception 'Registration is closed' using errcode = 'VT409';
  end if;
  insert into public.users as u (username, password_hash, role)
  values (btrim(p_username), app.hash_password(p_password), 'admin')
  returning u.* into v_user;
  return query select v_user.id, v_user.username, v_user.role, app.start_session(v_user.id);
end
$$;

-- Login as in migration 20261123002000, and a success opens a session whose
-- id the answer carries (sessionId) for the token.
create or replace function app.attempt_login(p_username text, p_password text, p_client text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_name text := lower(btrim(coalesce(p_username, '')));
  v_client text := coalesce(p_client, '');
  v_pair text := v_name || '|' || v_client;
  v_known boolean := false;
  v_retry integer;
  v_user public.users;
  v_session uuid;
begin
  v_retry := app.rate_limit_take('login', v_pair, 5, 900);
  if v_retry = 0 then
    v_retry := app.rate_limit_take('login-client', v_client, 30, 900);
  end if;
  if v_retry = 0 then
    v_known := exists (
      select 1 from app.rate_limits k
      where k.bucket = 'login-known' and k.key = v_pair and k.expires_at > now());
    if not v_known then
      v_retry := app.login_backoff_take(v_name);
    end if;
  end if;
  if v_retry > 0 then
    perform app.rate_limit_purge();
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;

  select * into v_user from public.users u where lower(u.username) = v_name;
  if v_user.id is null then
    perform extensions.crypt(p_password, '$2a$10$CwTycUXWue0Thq9StjUM0uJ8oL5bvF9Q0m2Jm8Z2kXgO2jB5v7Y6e');
  elsif v_user.password_hash = extensions.crypt(p_password, v_user.password_hash) then
    delete from app.rate_limits where bucket = 'login' and key = v_pair;
    perform app.rate_limit_give_back('login-client', v_client);
    if not v_known then
      perform app.rate_limit_give_back('login-user', v_name);
    end if;
    insert into app.rate_limits as r (bucket, key, hits, window_started_at, expires_at)
    values ('login-known', v_pair, 1, now(), now() + interval '30 days')
    on conflict (bucket, key) do update
      set window_started_at = now(), expires_at = now() + interval '30 days';
    v_session := app.start_session(v_user.id);
    perform app.rate_limit_purge();
    return jsonb_build_object('status', 'ok', 'sessionId', v_session, 'user',
      jsonb_build_object('id', v_user.id, 'username', v_user.username, 'role', v_user.role));
  end if;

  perform app.rate_limit_purge();
  return jsonb_build_object('status', 'invalid');
end
$$;

revoke all on all functions in schema app from public;
grant execute on function app.current_session_id() to anon, authenticated;
grant execute on function app.end_session() to authenticated;
grant execute on function app.register_first_admin(text, text) to anon, authenticated;
