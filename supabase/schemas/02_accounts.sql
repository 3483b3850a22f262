-- Back-office accounts, their sessions and the password step of signing in
-- (docs/PRODUCT.md §11, docs/decisions/017-sessions-in-the-database.md,
-- 033-client-address-behind-proxies.md, 036-sessions-idle-and-listed.md).
-- Usernames are case-insensitive; hashes are bcrypt via pgcrypto and never
-- readable by a client role.

create table public.users (
  id integer generated always as identity primary key,
  username text not null check (length(btrim(username)) between 1 and 50),
  password_hash text not null,
  role text not null default 'admin' check (role in ('admin', 'user')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create unique index users_username_key on public.users (lower(username));

-- Sessions ---------------------------------------------------------------------
--
-- Every sign-in (login, first registration, second step) creates a row here,
-- the token carries its id as its `sid` claim, and app.current_user_id()
-- answers only while the row exists, has not run out and is in use. Every
-- policy and helper goes through current_user_id(), so row-level security sees
-- an ended session as nobody, exactly like a deleted account. Sessions end when
-- - the account's password changes, by whoever: all its sessions but the one
--   making the change (trigger below);
-- - the account signs out of one (app.end_session) or ends any of its own
--   (app.end_my_session, app.end_my_other_sessions);
-- - the account is deleted (on delete cascade);
-- - their 8 hours run out (the token's lifetime, TOKEN_TTL_SECONDS in
--   supabase/functions/_shared/accounts/auth.ts), or they go unused for their idle
--   period (30 minutes unless the server says otherwise). Expired rows are
--   cleared as new sessions start.
-- A session remembers a coarse description of the device it was opened on,
-- never an address.
create table app.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id integer not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz not null default now(),
  idle_timeout interval not null default interval '30 minutes',
  device text check (length(device) <= 100)
);
create index sessions_user_id_idx on app.sessions (user_id);
create index sessions_expires_at_idx on app.sessions (expires_at);
alter table app.sessions enable row level security;
-- No policy and no grant: only the security definer helpers below touch it.

-- Who is asking ------------------------------------------------------------------

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

-- The token's sub, if that account exists and the token's session is open and
-- in use: checked against the tables on every call, so a deleted or demoted
-- account, or an ended session, loses access at once.
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
    and s.last_used_at + s.idle_timeout > now()
$$;

create or replace function app.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.users u
    where u.id = app.current_user_id() and u.role = 'admin'
  )
$$;

create or replace function app.is_signed_in()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select app.current_user_id() is not null
$$;

-- The work factor of new password and passphrase hashes: bcrypt's cost, 10
-- (2^10 rounds of its key setup). One row, which no client role may read or
-- change; the test suites' databases lower it to bcrypt's least, 4
-- (docs/decisions/088-password-cost-as-a-setting.md).
create table if not exists app.password_hashing (
  only_row boolean primary key default true check (only_row),
  cost integer not null default 10 check (cost between 4 and 16)
);
insert into app.password_hashing default values on conflict do nothing;
revoke all on table app.password_hashing from public, anon, authenticated;

create or replace function app.password_cost()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select h.cost from app.password_hashing h), 10)
$$;

create or replace function app.hash_password(p_password text)
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select extensions.crypt(p_password, extensions.gen_salt('bf', app.password_cost()))
$$;

revoke all on function app.current_session_id(), app.current_user_id(), app.is_admin(),
  app.is_signed_in(), app.hash_password(text), app.password_cost() from public;
grant execute on function app.current_user_id(), app.is_admin(), app.is_signed_in()
  to anon, authenticated;
grant execute on function app.hash_password(text) to authenticated;
grant execute on function app.current_session_id() to anon, authenticated;

-- public.users: rules --------------------------------------------------------------

alter table public.users enable row level security;

-- Column grants keep password_hash out of every client read. Supabase's default
-- privileges grant ALL on new public tables to anon and authenticated, which
-- would make the column grants moot, so start from nothing.
revoke all on public.users from anon, authenticated;
grant select (id, username, role, created_at, updated_at, version) on public.users to authenticated;
grant insert (username, password_hash, role) on public.users to authenticated;
grant update (username, password_hash, role, updated_at) on public.users to authenticated;
grant delete on public.users to authenticated;

create policy "Admins can read every account and users their own"
  on public.users for select to authenticated
  using ((select app.is_admin()) or id = (select app.current_user_id()));

create policy "Admins can create accounts"
  on public.users for insert to authenticated
  with check ((select app.is_admin()));

create policy "Admins can update accounts"
  on public.users for update to authenticated
  using ((select app.is_admin()))
  with check ((select app.is_admin()));

create policy "Admins can delete accounts"
  on public.users for delete to authenticated
  using ((select app.is_admin()));

-- The last admin can be neither deleted nor demoted, and nobody deletes their
-- own account. Runs as definer so it counts every admin, whatever RLS shows.
-- It runs as a row trigger, when the UPDATE or DELETE already holds the lock
-- on its own row, so it queues on one transaction-level advisory lock rather
-- than locking the other admins' rows (two admins demoting each other at once
-- would deadlock): whoever gets it second reads the admins again, sees the
-- first one's change once it commits, and is refused with the usual 409 if no
-- other admin would be left.
create or replace function app.protect_admins()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and old.id = app.current_user_id() then
    raise exception 'You cannot delete your own account' using errcode = 'VT409';
  end if;
  if old.role = 'admin' and (tg_op = 'DELETE' or new.role <> 'admin') then
    -- Any constant works: it names "changes that may remove an admin".
    perform pg_advisory_xact_lock(2026112302010);
    if not exists (select 1 from public.users u where u.role = 'admin' and u.id <> old.id) then
      raise exception 'The last admin cannot be deleted or demoted' using errcode = 'VT409';
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function app.protect_admins() from public;

create trigger users_protect_admins
  before update or delete on public.users
  for each row execute function app.protect_admins();
create trigger users_bump_version before update on public.users
  for each row execute function app.bump_version();

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
revoke all on function app.end_sessions_on_password_change() from public;

create trigger users_end_sessions_on_password_change
  after update of password_hash on public.users
  for each row
  when (old.password_hash is distinct from new.password_hash)
  execute function app.end_sessions_on_password_change();

-- Starting and ending sessions ---------------------------------------------------

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

-- Whether this session's last use is old enough to be written again: the
-- API writes it at most once a minute per session, not on every request.
create function app.session_touch_due()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.last_used_at < now() - interval '60 seconds'
                   from app.sessions s where s.id = app.current_session_id()), false)
$$;

-- Notes a use of the caller's session, and the idle period the server runs
-- with (5 minutes to 8 hours). A session that has already ended stays ended.
create function app.touch_session(p_idle_seconds integer)
returns void
language sql
security definer
set search_path = ''
as $$
  update app.sessions s
  set last_used_at = now(),
      idle_timeout = make_interval(secs => least(greatest(p_idle_seconds, 300), 28800))
  where s.id = app.current_session_id()
    and s.user_id = app.current_user_id()
$$;

-- What a sign-in was made with ("Firefox on Linux"), set once, just after
-- it opened; the session's id is known only to the sign-in that made it.
create function app.describe_session(p_session uuid, p_device text)
returns void
language sql
security definer
set search_path = ''
as $$
  update app.sessions s set device = left(p_device, 100)
  where s.id = p_session and s.device is null and s.created_at > now() - interval '1 minute'
$$;

-- The caller's sessions that are still open, newest use first.
create function app.my_sessions()
returns table (id uuid, created_at timestamptz, last_used_at timestamptz, device text,
               current boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, s.created_at, s.last_used_at, s.device, s.id = app.current_session_id()
  from app.sessions s
  where s.user_id = app.current_user_id()
    and s.expires_at > now()
    and s.last_used_at + s.idle_timeout > now()
  order by s.last_used_at desc, s.created_at desc
$$;

-- Ends one of the caller's own sessions; false when there is no such session.
create function app.end_my_session(p_id uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with ended as (
    delete from app.sessions s
    where s.id = p_id and s.user_id = app.current_user_id()
    returning 1
  )
  select exists (select 1 from ended)
$$;

-- Ends every session of the caller but this one; answers how many.
create function app.end_my_other_sessions()
returns integer
language sql
security definer
set search_path = ''
as $$
  with ended as (
    delete from app.sessions s
    where s.user_id = app.current_user_id() and s.id <> app.current_session_id()
    returning 1
  )
  select count(*)::integer from ended
$$;

revoke all on function app.start_session(integer), app.end_session(), app.session_touch_due(),
  app.touch_session(integer), app.describe_session(uuid, text), app.my_sessions(),
  app.end_my_session(uuid), app.end_my_other_sessions() from public;
grant execute on function app.end_session() to authenticated;
grant execute on function app.session_touch_due() to authenticated;
grant execute on function app.touch_session(integer) to authenticated;
grant execute on function app.describe_session(uuid, text) to anon, authenticated;
grant execute on function app.my_sessions() to authenticated;
grant execute on function app.end_my_session(uuid) to authenticated;
grant execute on function app.end_my_other_sessions() to authenticated;

-- Registration -------------------------------------------------------------------

-- First-admin registration: works only while no account exists, and opens the
-- new admin's first session. The table lock makes concurrent calls queue, so
-- exactly one of them creates the admin.
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

-- Whether the register page is still useful (no account yet).
create or replace function app.registration_open()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (select 1 from public.users)
$$;

-- Signing in with a password ---------------------------------------------------------
--
-- Limits counted before the password is compared (docs/decisions/012 and 033):
-- * An address that signed in to this account in the last 30 days
--   ('login-known') is asked first. Its own failures are all that count against
--   it ('login-known-miss', 10 per 15 minutes): failures from other addresses,
--   and the per-address limits they fill, never refuse it.
-- * Any other address has limits per username and address ('login', 5 per 15
--   minutes) and per address ('login-client', 30 per 15 minutes). Its failures
--   also count towards the username's back-off ('login-user'), which only
--   refuses an address that has already failed for this username in the
--   current window: the first attempt from a new address is always checked, so
--   the right password from elsewhere is never refused because of someone
--   else's guesses. A spread-out attacker gets one guess per address per 15
--   minutes while the back-off holds.
-- * A password longer than 72 bytes never matches: bcrypt reads only the first
--   72, so a longer guess that starts with the password would open the
--   account. New passwords are refused past 72 bytes by the API.
-- Unknown users still pay for one bcrypt comparison, so timing does not tell
-- which usernames exist.

-- The username's back-off: ten attempts are free; from the eleventh on, each
-- counted attempt makes the next one wait twice as long as before (2 s, 4 s,
-- 8 s, ...), never more than 15 minutes; the count is forgotten an hour after
-- the last counted attempt. Counts this failure-to-be and, when p_enforce,
-- refuses while a wait is running. Returns the seconds to wait, or 0.
create function app.login_backoff_take(p_username text, p_enforce boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row app.rate_limits;
begin
  -- Creates the row or, with a no-op update, locks the existing one: from here
  -- on concurrent attempts on this username take turns.
  insert into app.rate_limits as r (bucket, key, hits, window_started_at, expires_at)
  values ('login-user', p_username, 0, now(), now() + interval '1 hour')
  on conflict (bucket, key) do update set hits = r.hits
  returning r.* into v_row;

  if v_row.expires_at <= now() then
    v_row.hits := 0;
    v_row.blocked_until := null;
  end if;
  if p_enforce and v_row.blocked_until > now() then
    return greatest(1, ceil(extract(epoch from (v_row.blocked_until - now()))))::integer;
  end if;

  v_row.hits := v_row.hits + 1;
  update app.rate_limits
  set hits = v_row.hits,
      window_started_at = now(),
      expires_at = now() + interval '1 hour',
      blocked_until = case when v_row.hits > 10
        then now() + make_interval(secs => least(900, power(2, least(v_row.hits - 10, 10))))
      end
  where bucket = 'login-user' and key = p_username;
  return 0;
end
$$;

-- The password step. A right password for an account with two-step sign-in on
-- opens no session and does not make the address known: it answers a
-- challenge for the code (03_two_step_sign_in.sql). Otherwise a success gives
-- back what the attempt took and opens a session whose id the answer carries
-- (sessionId) for the token.
create or replace function app.attempt_login(p_username text, p_password text, p_client text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text := lower(btrim(coalesce(p_username, '')));
  v_client text := coalesce(p_client, '');
  v_pair text := v_name || '|' || v_client;
  v_known boolean;
  v_tried_before boolean;
  v_retry integer;
  v_user public.users;
  v_session uuid;
  v_challenge uuid;
  v_match boolean := false;
begin
  v_known := exists (
    select 1 from app.rate_limits k
    where k.bucket = 'login-known' and k.key = v_pair and k.expires_at > now());

  if v_known then
    v_retry := app.rate_limit_take('login-known-miss', v_pair, 10, 900);
  else
    v_retry := app.rate_limit_take('login', v_pair, 5, 900);
    if v_retry = 0 then
      v_retry := app.rate_limit_take('login-client', v_client, 30, 900);
    end if;
    if v_retry = 0 then
      select r.hits > 1 into v_tried_before
      from app.rate_limits r where r.bucket = 'login' and r.key = v_pair;
      v_retry := app.login_backoff_take(v_name, coalesce(v_tried_before, false));
    end if;
  end if;
  if v_retry > 0 then
    perform app.rate_limit_purge();
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;

  select * into v_user from public.users u where lower(u.username) = v_name;
  if v_user.id is null then
    -- As long as checking a real account's password, so the answer's time
    -- does not tell which names exist.
    perform extensions.crypt(p_password, extensions.gen_salt('bf', app.password_cost()));
  else
    v_match := v_user.password_hash = extensions.crypt(p_password, v_user.password_hash)
      and octet_length(p_password) <= 72;
  end if;
  if v_match then
    if v_known then
      delete from app.rate_limits where bucket = 'login-known-miss' and key = v_pair;
    else
      delete from app.rate_limits where bucket = 'login' and key = v_pair;
      perform app.rate_limit_give_back('login-client', v_client);
      perform app.rate_limit_give_back('login-user', v_name);
    end if;
    perform app.rate_limit_purge();
    if exists (select 1 from app.two_step t where t.user_id = v_user.id and t.secret is not null) then
      delete from app.two_step_challenges c where c.expires_at <= now();
      insert into app.two_step_challenges (user_id, client, expires_at)
      values (v_user.id, v_client, now() + interval '5 minutes')
      returning id into v_challenge;
      return jsonb_build_object('status', 'two-step', 'challenge', v_challenge);
    end if;
    insert into app.rate_limits as r (bucket, key, hits, window_started_at, expires_at)
    values ('login-known', v_pair, 1, now(), now() + interval '30 days')
    on conflict (bucket, key) do update
      set window_started_at = now(), expires_at = now() + interval '30 days';
    v_session := app.start_session(v_user.id);
    return jsonb_build_object('status', 'ok', 'sessionId', v_session, 'user',
      jsonb_build_object('id', v_user.id, 'username', v_user.username, 'role', v_user.role));
  end if;

  perform app.rate_limit_purge();
  return jsonb_build_object('status', 'invalid');
end
$$;

revoke all on function app.register_first_admin(text, text), app.registration_open(),
  app.login_backoff_take(text, boolean), app.attempt_login(text, text, text) from public;
grant execute on function app.register_first_admin(text, text), app.registration_open(),
  app.attempt_login(text, text, text) to anon, authenticated;

-- Re-authentication (docs/decisions/042-reauthentication-and-common-passwords.md):
-- creating an admin, changing a role, setting any account's password and
-- deleting an account need the caller's current password in the same
-- transaction. app.confirm_password checks it (counted: 5 wrong per account
-- in 15 minutes, and in the username's sign-in backoff) and marks the
-- transaction in app.reauthentications, a table no client role reaches; the
-- trigger below refuses those writes (VT403) by a signed-in admin in a
-- transaction without the mark.

create table app.reauthentications (
  xact bigint not null,
  user_id integer not null references public.users (id) on delete cascade,
  confirmed_at timestamptz not null default now(),
  primary key (xact, user_id)
);
create index reauthentications_confirmed_at_idx on app.reauthentications (confirmed_at);
alter table app.reauthentications enable row level security;
-- No policy and no grant.

-- 'ok' (and this transaction is confirmed for the caller), 'wrong', or
-- 'locked' with the seconds to wait. Counted before the password is
-- compared; a right one gives its count back.
create function app.confirm_password(p_current text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user public.users;
  v_retry integer;
  v_ok boolean;
begin
  select * into v_user from public.users u where u.id = app.current_user_id();
  if v_user.id is null then
    return jsonb_build_object('status', 'wrong');
  end if;
  v_retry := app.rate_limit_take('reauth-user', v_user.id::text, 5, 900);
  if v_retry > 0 then
    perform app.rate_limit_purge();
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;
  v_ok := p_current is not null
    and octet_length(p_current) <= 72
    and v_user.password_hash = extensions.crypt(p_current, v_user.password_hash);
  if not coalesce(v_ok, false) then
    -- The same guess at the sign-in would have counted against the username.
    perform app.login_backoff_take(lower(v_user.username), false);
    return jsonb_build_object('status', 'wrong');
  end if;
  perform app.rate_limit_give_back('reauth-user', v_user.id::text);
  delete from app.reauthentications r where r.confirmed_at < now() - interval '1 hour';
  insert into app.reauthentications (xact, user_id) values (txid_current(), v_user.id)
  on conflict do nothing;
  return jsonb_build_object('status', 'ok');
end
$$;
revoke all on function app.confirm_password(text) from public;
grant execute on function app.confirm_password(text) to authenticated;

-- Whether this transaction has confirmed the caller's password
-- (app.confirm_password): what the writes that add or remove a way to sign
-- in (a passkey, two-step sign-in) ask before they run.
create function app.password_confirmed()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from app.reauthentications r
    where r.xact = txid_current() and r.user_id = app.current_user_id())
$$;
revoke all on function app.password_confirmed() from public;

-- Refuses a write on public.users that needs the current password when this
-- transaction has not confirmed it, naming what needed it.
create function app.require_reauthentication()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me integer := app.current_user_id();
  v_reason text;
begin
  -- Not a signed-in admin: row-level security decides (and refuses) alone.
  if v_me is null or not app.is_admin() then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'INSERT' and new.role = 'admin' then
    v_reason := 'create an admin';
  elsif tg_op = 'UPDATE' and new.role is distinct from old.role then
    v_reason := 'change a role';
  elsif tg_op = 'UPDATE' and new.password_hash is distinct from old.password_hash then
    v_reason := case when old.id = v_me then 'change your password'
                     else 'change another account''s password' end;
  elsif tg_op = 'DELETE' then
    v_reason := 'delete an account';
  end if;
  if v_reason is not null and not exists (
    select 1 from app.reauthentications r
    where r.xact = txid_current() and r.user_id = v_me
  ) then
    raise exception 'Confirm with your current password to %.', v_reason using errcode = 'VT403';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
revoke all on function app.require_reauthentication() from public;

-- After users_protect_admins (triggers fire in name order): a write that
-- cannot happen anyway (one's own account, the last admin) answers its 409
-- without asking for a password.
create trigger users_reauthenticate
  before insert or update or delete on public.users
  for each row execute function app.require_reauthentication();
