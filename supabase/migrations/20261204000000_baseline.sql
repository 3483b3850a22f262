-- The baseline: the whole database as supabase/schemas/*.sql declared it when
-- the earlier migrations were squashed, joined in name order by
-- `npm run db:baseline` (server/schema-topics.ts). Never edit it: read and
-- change the topic files, and write a migration for each change
-- (docs/decisions/045-schema-by-topic.md).

-- supabase/schemas/00_roles_and_helpers.sql -----------------------------------

-- Roles, extensions, the private schema `app`, and the small helpers every
-- other file uses. On Supabase the roles and the extensions schema exist
-- already; elsewhere (plain PostgreSQL, PGlite) they are made here, so the
-- same SQL applies everywhere.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
end
$$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

-- Helpers and bookkeeping no client role may touch directly. The Data API
-- does not serve it (supabase/config.toml, [api] schemas), so its security
-- definer functions are reached only through a database connection: the API's.
create schema if not exists app;
revoke all on schema app from public;
grant usage on schema app to anon, authenticated;

grant usage on schema public to anon, authenticated;

-- The API switches every request to anon or authenticated (SET LOCAL ROLE), so
-- the role it connects as must be allowed to. A superuser always is, and on
-- Supabase the connecting role (postgres) is already a member of both. On a
-- plain PostgreSQL whose database owner is no superuser (a managed service's
-- admin user, a role made with CREATEROLE) the role applying this file, the
-- one the server and the edge function connect as, is given the two roles when
-- it lacks them and may grant them: with CREATEROLE up to PostgreSQL 15, with
-- ADMIN OPTION from 16 (which a role's creator holds). Otherwise a warning
-- names the grant a superuser has to run, and the local server refuses to
-- start with the same words (server/create-stack.ts).
do $$
declare
  v_role text;
  v_can_set boolean;
begin
  if (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user) then
    return;
  end if;
  foreach v_role in array array['anon', 'authenticated'] loop
    -- From PostgreSQL 16 a membership may be held without the right to SET it.
    if current_setting('server_version_num')::integer >= 160000 then
      v_can_set := pg_catalog.pg_has_role(current_user, v_role, 'SET');
    else
      v_can_set := pg_catalog.pg_has_role(current_user, v_role, 'MEMBER');
    end if;
    continue when v_can_set;
    begin
      if current_setting('server_version_num')::integer >= 160000 then
        execute format('grant %I to %I with set true, inherit false', v_role, current_user);
      else
        execute format('grant %I to %I', v_role, current_user);
      end if;
    exception when insufficient_privilege or invalid_grant_operation then
      raise warning 'The API cannot switch to the role % as %: run as a superuser: grant % to %',
        v_role, current_user, quote_ident(v_role), quote_ident(current_user);
    end;
  end loop;
end
$$;

-- Functions are executable by PUBLIC when created, and a per-schema ALTER
-- DEFAULT PRIVILEGES cannot revoke that global default: every function here
-- is revoked from PUBLIC and granted only to the roles that need it (and
-- 90_privileges.sql revokes once more, for any function that forgot).

-- The error codes the API maps to HTTP statuses: VT4xx -> that status, with the
-- exception's message as the body's message.

-- Claims of the current request, as the API sets them with
-- set_config('request.jwt.claims', ..., true).
create or replace function app.jwt_claims()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;
revoke all on function app.jwt_claims() from public;
grant execute on function app.jwt_claims() to anon, authenticated;

-- Row bookkeeping -------------------------------------------------------------

create or replace function app.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- A version number on every row an owner edits in a form, for optimistic
-- concurrency: the API sends it as the ETag of one item and refuses a write
-- whose If-Match names an older one (docs/decisions/009-optimistic-concurrency.md).
-- A counter and not updated_at: two writes within one transaction, or two
-- transactions that started in the same microsecond, would share a timestamp.
-- Every UPDATE moves it on, whoever writes and whatever changes; no client
-- role holds an UPDATE grant on a `version` column, so only this trigger sets it.
create or replace function app.bump_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.version := old.version + 1;
  return new;
end
$$;

-- Links ----------------------------------------------------------------------

-- Links stored in content must be http(s), or a path on this site.
create or replace function app.is_web_url(p_url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_url is null or p_url ~* '^https?://[^\s]+$' or p_url ~ '^/[^/\s][^\s]*$'
$$;

-- Links must mean the same thing to the database, the API and the browser.
-- Browsers read a backslash as a slash ('/\evil.example' goes to evil.example)
-- and drop tabs and newlines inside a URL ('/<tab>/evil' becomes '//evil').
-- The rule, as in supabase/functions/_shared/contract/links.ts: an http(s) URL with a
-- host, or a site path without '//'; never a backslash, whitespace or control
-- character.
create or replace function app.is_unambiguous_link(p_url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_url is null or (
    p_url !~ '[[:space:][:cntrl:]\\]'
    and (p_url ~* '^https?://[^/]' or (p_url ~ '^/[^/]' and strpos(p_url, '//') = 0))
  )
$$;

create or replace function app.are_unambiguous_links(p_urls text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(app.is_unambiguous_link(u)), true) from unnest(p_urls) as u
$$;

revoke all on function app.touch_updated_at(), app.bump_version(), app.is_web_url(text),
  app.is_unambiguous_link(text), app.are_unambiguous_links(text[]) from public;
grant execute on function app.is_web_url(text), app.touch_updated_at() to anon, authenticated;
grant execute on function app.is_unambiguous_link(text), app.are_unambiguous_links(text[])
  to anon, authenticated;

-- supabase/schemas/01_rate_limits.sql -----------------------------------------

-- Rate limits that hold (docs/decisions/012-rate-limits.md): one counter table
-- in the private schema, reached only through the security definer functions
-- below, which the login, the contact form, the two-step codes and the visit
-- beacons call.
--
-- Count first: each limit is one insert ... on conflict do update ...
-- returning, so the row lock hands every request its own number and the
-- request decides from that number alone, before any password is compared or
-- message stored: requests arriving together cannot all read the same count
-- and all go ahead. Every row knows when it may be forgotten
-- (expires_at), and each counting call removes a bounded batch of such rows.

create table app.rate_limits (
  bucket text not null,
  key text not null,
  hits integer not null default 0,
  window_started_at timestamptz not null default now(),
  expires_at timestamptz not null default now(),
  -- The per-username back-off's wait (app.login_backoff_take).
  blocked_until timestamptz,
  primary key (bucket, key)
);
create index rate_limits_expires_at_idx on app.rate_limits (expires_at);
alter table app.rate_limits enable row level security;

-- Deletes up to 50 rows that have run out. Rows another transaction holds are
-- skipped, never waited for; callers run it after their own counting, so it
-- can never be the reason two requests wait for each other.
create or replace function app.rate_limit_purge()
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from app.rate_limits r
  using (
    select old.bucket, old.key
    from app.rate_limits old
    where old.expires_at <= now()
    order by old.expires_at
    limit 50
    for update skip locked
  ) gone
  where r.bucket = gone.bucket and r.key = gone.key
$$;

-- Counts this request against a fixed window, then answers how many seconds
-- the caller must wait: 0 means go ahead. The request itself is included in
-- the count it is judged by. Past the limit the count stops growing.
create or replace function app.rate_limit_take(
  p_bucket text, p_key text, p_max integer, p_window_seconds integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_window interval := make_interval(secs => p_window_seconds);
  v_hits integer;
  v_started timestamptz;
begin
  insert into app.rate_limits as r (bucket, key, hits, window_started_at, expires_at)
  values (p_bucket, p_key, 1, now(), now() + v_window)
  on conflict (bucket, key) do update
    set hits = case when r.window_started_at + v_window <= now() then 1
                    else least(r.hits, p_max) + 1 end,
        window_started_at = case when r.window_started_at + v_window <= now() then now()
                                 else r.window_started_at end,
        expires_at = case when r.window_started_at + v_window <= now() then now() + v_window
                          else r.window_started_at + v_window end
  returning r.hits, r.window_started_at into v_hits, v_started;
  if v_hits <= p_max then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (v_started + v_window - now()))))::integer;
end
$$;

-- Takes back one counted request that turned out to be fine (a login that succeeded).
create or replace function app.rate_limit_give_back(p_bucket text, p_key text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update app.rate_limits set hits = greatest(hits - 1, 0)
  where bucket = p_bucket and key = p_key
$$;

-- The first helpers, which read the count and added to it in two statements.
-- Nothing calls them; they stay executable by nobody until a migration drops them.
create or replace function app.rate_limit_retry_after(p_bucket text, p_key text, p_max integer, p_window_seconds integer)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select greatest(1, ceil(extract(epoch from (r.window_started_at + make_interval(secs => p_window_seconds) - now())))::integer)
    from app.rate_limits r
    where r.bucket = p_bucket and r.key = p_key and r.hits >= p_max
      and r.window_started_at + make_interval(secs => p_window_seconds) > now()
  ), 0)
$$;

create or replace function app.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into app.rate_limits as r (bucket, key, hits, window_started_at)
  values (p_bucket, p_key, 1, now())
  on conflict (bucket, key) do update
    set hits = case when r.window_started_at + make_interval(secs => p_window_seconds) <= now() then 1 else r.hits + 1 end,
        window_started_at = case when r.window_started_at + make_interval(secs => p_window_seconds) <= now() then now() else r.window_started_at end
$$;

create or replace function app.rate_limit_clear(p_bucket text, p_key text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from app.rate_limits where bucket = p_bucket and key = p_key
$$;

revoke all on function app.rate_limit_purge(), app.rate_limit_take(text, text, integer, integer),
  app.rate_limit_give_back(text, text), app.rate_limit_retry_after(text, text, integer, integer),
  app.rate_limit_hit(text, text, integer), app.rate_limit_clear(text, text) from public;

-- supabase/schemas/02_accounts.sql --------------------------------------------

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

create or replace function app.hash_password(p_password text)
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select extensions.crypt(p_password, extensions.gen_salt('bf', 10))
$$;

revoke all on function app.current_session_id(), app.current_user_id(), app.is_admin(),
  app.is_signed_in(), app.hash_password(text) from public;
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
    perform extensions.crypt(p_password, '$2a$10$CwTycUXWue0Thq9StjUM0uJ8oL5bvF9Q0m2Jm8Z2kXgO2jB5v7Y6e');
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

-- supabase/schemas/03_two_step_sign_in.sql ------------------------------------

-- Two-step sign-in: a code from an authenticator app after the password
-- (docs/decisions/039-two-step-sign-in.md, docs/PRODUCT.md §2.4 and §2.12).
-- An account may turn on a second step: a TOTP code (RFC 6238, 30-second
-- steps) or one of ten one-time recovery codes.
--
-- What is kept, all in the private schema with no grant, reached only through
-- the security definer functions below:
-- * app.two_step: the account's TOTP secret, sealed by the API (AES-GCM with
--   a key derived from its token secret) so that a dump of the database alone
--   does not give it away; the last time step a code was accepted for, so
--   that a code works once; a secret being set up, until a code confirms it.
-- * app.two_step_recovery: sha256 of each unused recovery code (random, 50
--   bits: a slow hash would add nothing), deleted when used.
-- * app.two_step_challenges: a password step that passed for an account with
--   two-step on (app.attempt_login, 02_accounts.sql). Its random id is all the
--   second step needs; it lasts five minutes and five wrong codes.
-- The database cannot read the secret, so the API checks the code and then
-- tells the database which time step it was for; the database refuses a
-- step that is not newer than the last one accepted.

create table app.two_step (
  user_id integer primary key references public.users (id) on delete cascade,
  -- The sealed secret in use; null until a code confirms the pending one.
  secret text check (length(secret) <= 200),
  pending_secret text check (length(pending_secret) <= 200),
  last_step bigint,
  enabled_at timestamptz
);
alter table app.two_step enable row level security;

create table app.two_step_recovery (
  user_id integer not null references public.users (id) on delete cascade,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  primary key (user_id, code_hash)
);
alter table app.two_step_recovery enable row level security;

create table app.two_step_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id integer not null references public.users (id) on delete cascade,
  client text not null,
  misses integer not null default 0,
  expires_at timestamptz not null
);
create index two_step_challenges_expires_at_idx on app.two_step_challenges (expires_at);
alter table app.two_step_challenges enable row level security;
-- No policy and no grant on the three tables.

-- Counts a code about to be checked against the account's limit (10 per 15
-- minutes; a right code gives its count back) and answers what the API needs
-- to check it. 'locked' with the seconds to wait, or 'ok' with the sealed
-- secret and the last step accepted.
create function app.two_step_code_take(p_user_id integer, p_secret text, p_last_step bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_retry integer := app.rate_limit_take('two-step-user', p_user_id::text, 10, 900);
begin
  if v_retry > 0 then
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;
  return jsonb_build_object('status', 'ok', 'userId', p_user_id, 'secret', p_secret,
                            'lastStep', p_last_step);
end
$$;

-- The second step of a sign-in, part one: the challenge's account, its
-- sealed secret and last step, with this attempt counted. 'expired' when the
-- challenge is unknown, has run out or has used its five codes.
create function app.two_step_challenge_take(p_challenge uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_challenge app.two_step_challenges;
  v_two_step app.two_step;
begin
  update app.two_step_challenges c set misses = c.misses + 1
  where c.id = p_challenge and c.expires_at > now() and c.misses < 5
  returning c.* into v_challenge;
  if v_challenge.id is null then
    return jsonb_build_object('status', 'expired');
  end if;
  select * into v_two_step from app.two_step t
  where t.user_id = v_challenge.user_id and t.secret is not null;
  if v_two_step.user_id is null then
    return jsonb_build_object('status', 'expired');
  end if;
  return app.two_step_code_take(v_two_step.user_id, v_two_step.secret, v_two_step.last_step);
end
$$;

-- Accepts a code the API checked (p_step, the time step it was for) or a
-- recovery code (p_recovery_hash). True when it was the right one and not
-- used before; the step is then remembered so the same code cannot be
-- replayed, and a recovery code is gone.
create function app.two_step_accept(p_user_id integer, p_step bigint, p_recovery_hash text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_found boolean;
begin
  if p_step is not null then
    update app.two_step t set last_step = p_step
    where t.user_id = p_user_id and t.secret is not null
      and (t.last_step is null or t.last_step < p_step);
    v_found := found;
  elsif p_recovery_hash is not null then
    delete from app.two_step_recovery r
    where r.user_id = p_user_id and r.code_hash = p_recovery_hash;
    v_found := found;
  else
    v_found := false;
  end if;
  if v_found then
    perform app.rate_limit_give_back('two-step-user', p_user_id::text);
  end if;
  return v_found;
end
$$;

-- The second step of a sign-in, part two: with the right code the challenge
-- is used up, the address becomes known (as a password-only sign-in makes
-- it) and a session opens. 'invalid' otherwise; the code stays counted.
create function app.two_step_sign_in(p_challenge uuid, p_step bigint, p_recovery_hash text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_challenge app.two_step_challenges;
  v_user public.users;
  v_pair text;
  v_session uuid;
begin
  select * into v_challenge from app.two_step_challenges c
  where c.id = p_challenge and c.expires_at > now();
  if v_challenge.id is null
     or not app.two_step_accept(v_challenge.user_id, p_step, p_recovery_hash) then
    return jsonb_build_object('status', 'invalid');
  end if;
  delete from app.two_step_challenges c where c.id = v_challenge.id;
  select * into v_user from public.users u where u.id = v_challenge.user_id;
  v_pair := lower(v_user.username) || '|' || v_challenge.client;
  insert into app.rate_limits as r (bucket, key, hits, window_started_at, expires_at)
  values ('login-known', v_pair, 1, now(), now() + interval '30 days')
  on conflict (bucket, key) do update
    set window_started_at = now(), expires_at = now() + interval '30 days';
  v_session := app.start_session(v_user.id);
  return jsonb_build_object('status', 'ok', 'sessionId', v_session, 'user',
    jsonb_build_object('id', v_user.id, 'username', v_user.username, 'role', v_user.role));
end
$$;

-- Whether the caller's account has two-step on, and how many recovery codes are left.
create function app.my_two_step()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'enabled', exists (select 1 from app.two_step t
                       where t.user_id = app.current_user_id() and t.secret is not null),
    'recoveryCodesLeft', (select count(*) from app.two_step_recovery r
                          where r.user_id = app.current_user_id()))
$$;

-- Keeps a new sealed secret for the caller until a code confirms it. False
-- when two-step is already on: it has to be turned off first.
create function app.two_step_prepare(p_sealed text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me integer := app.current_user_id();
begin
  if v_me is null then
    return false;
  end if;
  insert into app.two_step as t (user_id, pending_secret) values (v_me, p_sealed)
  on conflict (user_id) do update set pending_secret = excluded.pending_secret
  where t.secret is null;
  return found;
end
$$;

-- A code from the caller, about to be checked: counted as in the sign-in,
-- and answered with the secret it is checked against, the one in use when
-- two-step is on, else the one being set up ('none' when there is neither).
create function app.my_two_step_code_take()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row app.two_step;
begin
  select * into v_row from app.two_step t where t.user_id = app.current_user_id();
  if v_row.user_id is null or coalesce(v_row.secret, v_row.pending_secret) is null then
    return jsonb_build_object('status', 'none');
  end if;
  return app.two_step_code_take(v_row.user_id, coalesce(v_row.secret, v_row.pending_secret),
                                v_row.last_step)
    || jsonb_build_object('enabled', v_row.secret is not null);
end
$$;

-- Turns two-step on with the secret being set up, once the API has checked a
-- code from it (p_step), and keeps the recovery codes' hashes in place of any
-- earlier ones. False when there is nothing to confirm.
create function app.two_step_enable(p_step bigint, p_recovery_hashes text[])
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me integer := app.current_user_id();
begin
  update app.two_step t
  set secret = t.pending_secret, pending_secret = null, last_step = p_step, enabled_at = now()
  where t.user_id = v_me and t.secret is null and t.pending_secret is not null;
  if not found then
    return false;
  end if;
  perform app.rate_limit_give_back('two-step-user', v_me::text);
  delete from app.two_step_recovery r where r.user_id = v_me;
  insert into app.two_step_recovery (user_id, code_hash)
  select v_me, h from unnest(p_recovery_hashes) h;
  return true;
end
$$;

-- Turns two-step off for the caller, who proves it with the account's
-- password, a code checked by the API (p_step) or a recovery code, counted
-- first by app.my_two_step_code_take(). False when the proof fails.
create function app.two_step_disable(p_password text, p_step bigint, p_recovery_hash text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me integer := app.current_user_id();
  v_ok boolean;
begin
  if not exists (select 1 from app.two_step t where t.user_id = v_me and t.secret is not null) then
    return false;
  end if;
  if p_password is not null then
    select u.password_hash = extensions.crypt(p_password, u.password_hash)
           and octet_length(p_password) <= 72
    into v_ok from public.users u where u.id = v_me;
    if v_ok then
      perform app.rate_limit_give_back('two-step-user', v_me::text);
    end if;
  else
    v_ok := app.two_step_accept(v_me, p_step, p_recovery_hash);
  end if;
  if not coalesce(v_ok, false) then
    return false;
  end if;
  delete from app.two_step t where t.user_id = v_me;
  delete from app.two_step_recovery r where r.user_id = v_me;
  delete from app.two_step_challenges c where c.user_id = v_me;
  return true;
end
$$;

revoke all on function app.two_step_code_take(integer, text, bigint),
  app.two_step_challenge_take(uuid), app.two_step_accept(integer, bigint, text),
  app.two_step_sign_in(uuid, bigint, text), app.my_two_step(), app.two_step_prepare(text),
  app.my_two_step_code_take(), app.two_step_enable(bigint, text[]),
  app.two_step_disable(text, bigint, text) from public;
grant execute on function app.two_step_challenge_take(uuid), app.two_step_sign_in(uuid, bigint, text)
  to anon;
grant execute on function app.my_two_step(), app.two_step_prepare(text), app.my_two_step_code_take(),
  app.two_step_enable(bigint, text[]), app.two_step_disable(text, bigint, text) to authenticated;

-- supabase/schemas/04_content_version_and_publish.sql -------------------------

-- The content version and publishing the site.
--
-- One number for "what a visitor can see" (docs/decisions/010-content-version-cache-and-paging.md):
-- it moves on with every committed write to public content, whoever makes it:
-- this API, another instance of it, the Supabase dashboard or psql. The API
-- keeps visitors' answers in memory while the number stays the same and uses
-- it as their ETag. Writes to inactive projects and certifications (and their
-- links) do not move it: visitors learn nothing of inactive work (docs/PRODUCT.md §11).
--
-- A row in a table, not a sequence: the update is part of the writing
-- transaction, so a reader sees the new number exactly when it sees the new
-- content, never before. Statement-level triggers (on each content table, in
-- 05_content.sql and 06_story.sql), so a statement touching 5,000 rows bumps
-- it once. Content writes queue on this row from their first write to their
-- commit; a portfolio has one editor.
--
-- The row also keeps when public content last changed (the deploy hook waits
-- for a quiet period) and the year it last moved in: a new year is a change of
-- public content, since a skill used in a current role or an ongoing project is
-- backed "to this year" (GET /technologies' evidence.lastYear, docs/PRODUCT.md §19).

create table app.content_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null default 1,
  changed_at timestamptz not null default now(),
  year integer
);
insert into app.content_version (id, version, year) values (1, 1, extract(year from current_date)::int);
alter table app.content_version enable row level security;
-- No grants to anon or authenticated: they read the number through
-- app.content_version() and only the triggers write it.
revoke all on app.content_version from public;

-- The current number. STABLE, so inside a statement it reads that statement's
-- snapshot: `select app.content_version(), <the content>` is one consistent pair.
create or replace function app.content_version()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select v.version from app.content_version v where v.id = 1
$$;

-- The one function that moves the number on: it stamps the time
-- (clock_timestamp(), so a long transaction still counts from its write) and
-- the year, and tells listeners (a NOTIFY is delivered at commit, and dropped
-- with the transaction if it rolls back).
create or replace function app.next_content_version()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  next bigint;
begin
  update app.content_version
    set version = version + 1, changed_at = clock_timestamp(),
        year = extract(year from current_date)::int
    where id = 1 returning version into next;
  perform pg_notify('vitrine_content_version', next::text);
end
$$;

-- The statement trigger of tables that are public whole.
create or replace function app.bump_content_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.next_content_version();
  return null;
end
$$;

-- The statement trigger of projects, certifications and their links: moves the
-- number only when a row visitors can see, or could see before the write, is
-- among the changed rows. Transition tables, one trigger per event (Postgres
-- allows transition tables only on single-event triggers).
create or replace function app.bump_content_version_if_visible()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visible boolean := false;
begin
  if tg_table_name = 'project_technologies' then
    -- A link is visible when its project is active (a deleted project's links
    -- go with it, and the project's own trigger has counted it if it was active).
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (
        select 1 from old_rows r join public.projects p on p.id = r.project_id where p.is_active
      ) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (
        select 1 from new_rows r join public.projects p on p.id = r.project_id where p.is_active
      ) into visible;
    end if;
  elsif tg_table_name = 'certification_technologies' then
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (
        select 1 from old_rows r join public.certifications c on c.id = r.certification_id where c.is_active
      ) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (
        select 1 from new_rows r join public.certifications c on c.id = r.certification_id where c.is_active
      ) into visible;
    end if;
  else
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (select 1 from old_rows r where r.is_active) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (select 1 from new_rows r where r.is_active) into visible;
    end if;
  end if;
  if visible then
    perform app.next_content_version();
  end if;
  return null;
end
$$;

-- Moves the version on when it was last moved in an earlier year; answers
-- whether it did. Called by the server's hourly upkeep (images/sweep.ts), run
-- by the server's own role (the owner), never by clients.
create or replace function app.turn_of_year()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The row lock orders two servers' upkeep: the second sees this year.
  perform 1 from app.content_version v
   where v.id = 1 and v.year is distinct from extract(year from current_date)::int
   for update;
  if not found then
    return false;
  end if;
  perform app.next_content_version();
  return true;
end
$$;

revoke all on function app.content_version(), app.next_content_version(), app.bump_content_version(),
  app.bump_content_version_if_visible() from public;
grant execute on function app.content_version() to anon, authenticated;
revoke all on function app.turn_of_year() from public, anon, authenticated;

-- Publishing --------------------------------------------------------------------
--
-- A prerendered site (docs/decisions/024-publishing-through-a-deploy-hook.md).
-- On Supabase the pages are files a static host serves, built by
-- `npm run build` from the API. After a signed-in write changes public
-- content, the API calls the host's deploy hook (DEPLOY_HOOK_URL), so the host
-- builds again. This row remembers which content version the host was last
-- asked to build and whether it accepted, so the back office can show "last
-- published" and the API never calls the hook twice for one version.
--
-- The API waits until public content has been quiet for a while (one editor
-- saving five fields is one build), whichever worker or process made the
-- changes. The quiet period can outlive an edge worker (DEPLOY_HOOK_QUIET_SECONDS
-- goes up to 600 s; Supabase stops a worker after 150 s), so a write records its
-- request here and whichever request, in any worker or process, finds it due
-- finishes it (publish.ts). A change that is no signed-in write (a fresh
-- install, an edit in psql) asks for no build.
create table public.site_publish (
  id integer primary key default 1 check (id = 1),
  -- The content version the host last accepted a build of (0: never).
  published_version bigint not null default 0,
  published_at timestamptz,
  -- The last call to the hook, whatever came of it.
  attempted_version bigint not null default 0,
  attempted_at timestamptz,
  -- Why the last call failed (the hook's status, or that it could not be
  -- reached); null after a success. Never the hook's address: it is a secret.
  last_error text check (length(last_error) <= 300),
  -- The content version the last signed-in write asked to publish.
  requested_version bigint not null default 0
);
insert into public.site_publish (id) values (1);

alter table public.site_publish enable row level security;
revoke all on public.site_publish from anon, authenticated;
grant select on public.site_publish to authenticated;
create policy "Signed-in accounts can read when the site was published"
  on public.site_publish for select to authenticated
  using ((select app.is_signed_in()));
-- No write policy and no write grant: only the functions below write it, and
-- only the API's own connection may call them.

-- Takes the right to call the hook for the current version. Without p_force it
-- is granted only when that version has not been tried yet and public content
-- has not changed for p_quiet; otherwise `wait` says how long to wait before
-- asking again (null: nothing to publish). The row lock makes one caller win
-- when several workers ask at once.
create or replace function app.claim_publish(p_quiet interval, p_force boolean default false)
returns table (version bigint, wait interval)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version bigint;
  v_changed timestamptz;
  v_tried bigint;
begin
  select s.attempted_version into v_tried from public.site_publish s where s.id = 1 for update;
  select c.version, c.changed_at into v_version, v_changed from app.content_version c where c.id = 1;
  if not p_force then
    if v_version <= v_tried then
      return query select null::bigint, null::interval;
      return;
    end if;
    if v_changed > clock_timestamp() - p_quiet then
      return query select null::bigint, v_changed + p_quiet - clock_timestamp();
      return;
    end if;
  end if;
  update public.site_publish
    set attempted_version = greatest(attempted_version, v_version), attempted_at = clock_timestamp()
    where id = 1;
  return query select v_version, null::interval;
end
$$;

-- What the hook answered for p_version.
create or replace function app.record_publish(p_version bigint, p_error text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.site_publish
    set published_version = case when p_error is null
          then greatest(published_version, p_version) else published_version end,
        published_at = case when p_error is null then clock_timestamp() else published_at end,
        last_error = left(p_error, 300)
    where id = 1
$$;

-- After a signed-in write: the current content version should be published.
create or replace function app.request_publish()
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.site_publish s
     set requested_version = c.version
    from app.content_version c
   where s.id = 1 and c.id = 1 and s.requested_version < c.version
$$;

-- app.claim_publish without p_force, only when a request is waiting: a read
-- and nothing more when none is, so every request may ask.
create or replace function app.claim_due_publish(p_quiet interval)
returns table (version bigint, wait interval)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.site_publish s
                  where s.id = 1 and s.requested_version > s.attempted_version) then
    return query select null::bigint, null::interval;
    return;
  end if;
  return query select c.version, c.wait from app.claim_publish(p_quiet, false) c;
end
$$;

revoke all on function app.claim_publish(interval, boolean), app.record_publish(bigint, text)
  from public;
revoke all on function app.request_publish(), app.claim_due_publish(interval)
  from public, anon, authenticated;

-- supabase/schemas/05_content.sql ---------------------------------------------

-- Portfolio content: technologies, projects (and their technologies),
-- certifications (and the technologies they certify) and site configurations.
-- Visitors read what is active; any signed-in account reads everything; only
-- admins write. Each table first revokes what Supabase's default privileges
-- hand anon and authenticated, so the explicit grants below are the whole
-- story everywhere. Every table carries a row version (00_roles_and_helpers.sql),
-- moves the content version (04_content_version_and_publish.sql) and is
-- recorded in the activity history (08_activity.sql).
--
-- Link rules: the checks that use app.is_unambiguous_link are NOT VALID, as
-- they have been since the rule was tightened, so a dump that holds an older
-- row still restores (pg_dump adds them after the data); every insert and
-- update is checked, and the page's safeHref refuses to render such a link.

-- technologies ---------------------------------------------------------------

create table public.technologies (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 100),
  icon text check (icon is null or (length(icon) <= 2048 and app.is_web_url(icon))),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
alter table public.technologies
  add constraint technologies_icon_is_unambiguous
  check (app.is_unambiguous_link(icon)) not valid;
create unique index technologies_name_key on public.technologies (lower(name));
create trigger technologies_touch before update on public.technologies
  for each row execute function app.touch_updated_at();
create trigger technologies_bump_version before update on public.technologies
  for each row execute function app.bump_version();
-- Public whole: every write counts.
create trigger technologies_content_version
  after insert or update or delete or truncate on public.technologies
  for each statement execute function app.bump_content_version();

alter table public.technologies enable row level security;
revoke all on public.technologies from anon, authenticated;
grant select on public.technologies to anon, authenticated;
grant insert (name, icon), update (name, icon), delete on public.technologies to authenticated;

create policy "Visitors can read technologies"
  on public.technologies for select to anon using (true);
create policy "Signed-in accounts can read technologies"
  on public.technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create technologies"
  on public.technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update technologies"
  on public.technologies for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete technologies"
  on public.technologies for delete to authenticated using ((select app.is_admin()));

-- projects -------------------------------------------------------------------

-- The project-year rules (docs/PRODUCT.md §5, §9) in one place each: the
-- bounds come from app.project_year_bounds(), which the trigger reads (years
-- depend on today's date, which a CHECK constraint must not read); "end year
-- not before start year" is a CHECK constraint, so it holds for every writer.
create or replace function app.project_year_bounds(
  out min_year integer,
  out max_start_year integer,
  out max_end_year integer
)
language sql
stable
set search_path = ''
as $$
  select 1990, extract(year from now())::integer, extract(year from now())::integer + 10
$$;

create or replace function app.check_project_years()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_bounds record;
begin
  select * into v_bounds from app.project_year_bounds();
  if new.start_year is not null
     and (new.start_year < v_bounds.min_year or new.start_year > v_bounds.max_start_year) then
    raise exception 'Start year must be between % and %', v_bounds.min_year, v_bounds.max_start_year
      using errcode = '23514';
  end if;
  if new.end_year is not null
     and (new.end_year < v_bounds.min_year or new.end_year > v_bounds.max_end_year) then
    raise exception 'End year must be between % and %', v_bounds.min_year, v_bounds.max_end_year
      using errcode = '23514';
  end if;
  return new;
end
$$;

-- Alternative text and dimensions for every image a project shows
-- (docs/PRODUCT.md §15). Beside `thumbnail` and `images`, `image_details` maps
-- each shown URL to { alt, width, height, cardUrl }:
--   alt      never empty: the owner's text, else "<name> screenshot N"
--            (N the image's place in `images`; the thumbnail has no number);
--   width, height  whole pixels, or null while unknown;
--   cardUrl  a small copy (about 640 px wide) for the public cards, or null.
-- A trigger keeps the map in step with `thumbnail` and `images` for every
-- writer (the API, the Data API, psql): a URL the project no longer shows loses
-- its entry, a new one gets the default text.
create or replace function app.project_image_details(
  p_name text,
  p_thumbnail text,
  p_images text[],
  p_given jsonb
)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(s.url, jsonb_build_object(
           'alt', coalesce(
             nullif(btrim(g.d ->> 'alt'), ''),
             case when s.n = 0 then p_name || ' screenshot' else p_name || ' screenshot ' || s.n end),
           'width', g.d -> 'width',
           'height', g.d -> 'height',
           'cardUrl', g.d -> 'cardUrl')), '{}'::jsonb)
    from (
      -- One entry per URL; the thumbnail (place 0) comes first when it is also an image.
      select distinct on (u.url) u.url, u.n
        from (
          select p_thumbnail as url, 0::bigint as n where p_thumbnail is not null
          union all
          select i.url, i.n from unnest(p_images) with ordinality as i(url, n)
        ) u
       order by u.url, u.n
    ) s
    cross join lateral (
      select case when jsonb_typeof(p_given -> s.url) = 'object' then p_given -> s.url end as d
    ) g
$$;

-- Shape rules, so a writer that goes around the API still stores what the page can show.
create or replace function app.are_valid_image_details(p_details jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_details) = 'object'
     and not exists (
       select 1
         from jsonb_each(p_details) as e(url, d)
        where jsonb_typeof(e.d) is distinct from 'object'
           or jsonb_typeof(e.d -> 'alt') is distinct from 'string'
           or length(btrim(e.d ->> 'alt')) not between 1 and 300
           or exists (
                select 1 from unnest(array['width', 'height']) as k(key)
                 where coalesce(jsonb_typeof(e.d -> k.key), 'null') not in ('null', 'number')
                    or (jsonb_typeof(e.d -> k.key) = 'number'
                        and ((e.d ->> k.key)::numeric not between 1 and 20000
                             or (e.d ->> k.key)::numeric <> trunc((e.d ->> k.key)::numeric))))
           or coalesce(jsonb_typeof(e.d -> 'cardUrl'), 'null') not in ('null', 'string')
           or (jsonb_typeof(e.d -> 'cardUrl') = 'string'
               and (length(e.d ->> 'cardUrl') > 2048
                    or not app.is_web_url(e.d ->> 'cardUrl')
                    or not app.are_unambiguous_links(array[e.d ->> 'cardUrl'])))
     )
$$;

create or replace function app.keep_project_image_details()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.image_details := app.project_image_details(
    new.name, new.thumbnail, new.images, coalesce(new.image_details, '{}'::jsonb));
  return new;
end
$$;

revoke all on function app.project_year_bounds(), app.check_project_years(),
  app.project_image_details(text, text, text[], jsonb), app.are_valid_image_details(jsonb),
  app.keep_project_image_details() from public;
grant execute on function app.project_year_bounds(), app.project_image_details(text, text, text[], jsonb),
  app.are_valid_image_details(jsonb) to anon, authenticated;
grant execute on function app.check_project_years(), app.keep_project_image_details() to authenticated;

create table public.projects (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  description text not null check (length(btrim(description)) between 1 and 10000),
  start_year integer,
  end_year integer,
  live_url text check (live_url is null or (length(live_url) <= 2048 and app.is_web_url(live_url))),
  github_url text check (github_url is null or (length(github_url) <= 2048 and app.is_web_url(github_url))),
  is_active boolean not null default true,
  thumbnail text check (thumbnail is null or (length(thumbnail) <= 2048 and app.is_web_url(thumbnail))),
  images text[] not null default '{}' check (cardinality(images) <= 30),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  image_details jsonb not null default '{}'::jsonb,
  constraint projects_end_year_not_before_start
    check (end_year is null or start_year is null or end_year >= start_year),
  constraint projects_image_details_are_valid check (app.are_valid_image_details(image_details))
);
alter table public.projects
  add constraint projects_live_url_is_unambiguous
  check (app.is_unambiguous_link(live_url)) not valid,
  add constraint projects_github_url_is_unambiguous
  check (app.is_unambiguous_link(github_url)) not valid,
  add constraint projects_thumbnail_is_unambiguous
  check (app.is_unambiguous_link(thumbnail)) not valid,
  add constraint projects_images_are_unambiguous
  check (app.are_unambiguous_links(images)) not valid;
create index projects_listing_idx on public.projects (is_active desc, coalesce(start_year, 0) desc, id);

create trigger projects_check_years before insert or update on public.projects
  for each row execute function app.check_project_years();
create trigger projects_touch_updated_at before update on public.projects
  for each row execute function app.touch_updated_at();
create trigger projects_bump_version before update on public.projects
  for each row execute function app.bump_version();
create trigger projects_keep_image_details before insert or update on public.projects
  for each row execute function app.keep_project_image_details();
-- Visible rows only (app.bump_content_version_if_visible).
create trigger projects_content_version_insert after insert on public.projects
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_update after update on public.projects
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_delete after delete on public.projects
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_truncate after truncate on public.projects
  for each statement execute function app.bump_content_version();

alter table public.projects enable row level security;
revoke all on public.projects from anon, authenticated;
grant select on public.projects to anon, authenticated;
grant insert (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images, image_details),
  update (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images, image_details),
  delete on public.projects to authenticated;

create policy "Visitors can read active projects"
  on public.projects for select to anon using (is_active);
create policy "Signed-in accounts can read projects"
  on public.projects for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create projects"
  on public.projects for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update projects"
  on public.projects for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete projects"
  on public.projects for delete to authenticated using ((select app.is_admin()));

-- A project's technologies. A link is visible when its project is active.
create table public.project_technologies (
  project_id integer not null references public.projects (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (project_id, technology_id)
);
create index project_technologies_technology_idx on public.project_technologies (technology_id);

create trigger project_technologies_content_version_insert after insert on public.project_technologies
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_update after update on public.project_technologies
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_delete after delete on public.project_technologies
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_truncate after truncate on public.project_technologies
  for each statement execute function app.bump_content_version();

alter table public.project_technologies enable row level security;
revoke all on public.project_technologies from anon, authenticated;
grant select on public.project_technologies to anon, authenticated;
grant insert, delete on public.project_technologies to authenticated;

create policy "Visitors can read links of active projects"
  on public.project_technologies for select to anon
  using (exists (select 1 from public.projects p where p.id = project_id and p.is_active));
create policy "Signed-in accounts can read project links"
  on public.project_technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link technologies to projects"
  on public.project_technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink technologies from projects"
  on public.project_technologies for delete to authenticated using ((select app.is_admin()));

-- certifications -------------------------------------------------------------

create table public.certifications (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  -- An image URL or a short emoji (the spec's default icon is '☁️').
  icon text not null check (length(btrim(icon)) between 1 and 2048
    and (app.is_web_url(icon) or (length(icon) <= 16 and icon !~ '[<>:"]'))),
  obtained_date date not null check (obtained_date >= date '1970-01-01'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
-- A certification icon is a link or a short emoji; an emoji holds no slash or backslash.
alter table public.certifications
  add constraint certifications_icon_is_unambiguous
  check (app.is_unambiguous_link(icon) or (length(icon) <= 16 and icon !~ '[<>:"/\\]')) not valid;
create trigger certifications_touch before update on public.certifications
  for each row execute function app.touch_updated_at();
create trigger certifications_bump_version before update on public.certifications
  for each row execute function app.bump_version();
create trigger certifications_content_version_insert after insert on public.certifications
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_update after update on public.certifications
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_delete after delete on public.certifications
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_truncate after truncate on public.certifications
  for each statement execute function app.bump_content_version();

alter table public.certifications enable row level security;
revoke all on public.certifications from anon, authenticated;
grant select on public.certifications to anon, authenticated;
grant insert (name, icon, obtained_date, is_active), update (name, icon, obtained_date, is_active),
  delete on public.certifications to authenticated;

create policy "Visitors can read active certifications"
  on public.certifications for select to anon using (is_active);
create policy "Signed-in accounts can read certifications"
  on public.certifications for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create certifications"
  on public.certifications for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update certifications"
  on public.certifications for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete certifications"
  on public.certifications for delete to authenticated using ((select app.is_admin()));

-- Skills backed by evidence (docs/PRODUCT.md §19): a certification names the
-- technologies it certifies, so a skill can say "certified". The links follow
-- project_technologies: visible when their certification is active.
create table public.certification_technologies (
  certification_id integer not null references public.certifications (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (certification_id, technology_id)
);
create index certification_technologies_technology_idx on public.certification_technologies (technology_id);

create trigger certification_technologies_content_version_insert after insert on public.certification_technologies
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_update after update on public.certification_technologies
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_delete after delete on public.certification_technologies
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_truncate after truncate on public.certification_technologies
  for each statement execute function app.bump_content_version();

alter table public.certification_technologies enable row level security;
revoke all on public.certification_technologies from anon, authenticated;
grant select on public.certification_technologies to anon, authenticated;
grant insert, delete on public.certification_technologies to authenticated;

create policy "Visitors can read links of active certifications"
  on public.certification_technologies for select to anon
  using (exists (select 1 from public.certifications c where c.id = certification_id and c.is_active));
create policy "Signed-in accounts can read certification links"
  on public.certification_technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link technologies to certifications"
  on public.certification_technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink technologies from certifications"
  on public.certification_technologies for delete to authenticated using ((select app.is_admin()));

-- configs --------------------------------------------------------------------

create table public.configs (
  id integer generated always as identity primary key,
  name text not null check (name ~ '^[A-Za-z][A-Za-z0-9_.-]{0,99}$'),
  value text not null default '' check (length(value) <= 10000),
  description text check (description is null or length(description) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
-- Unique whatever their case: 'heroTitle1' and 'herotitle1' side by side would
-- leave the owner editing one while the page reads the other. The API maps
-- this index's name to its 409 message; lookups by name stay exact
-- (GET /configs/name/{name}).
create unique index configs_name_key on public.configs (lower(name));
create trigger configs_touch before update on public.configs
  for each row execute function app.touch_updated_at();
create trigger configs_bump_version before update on public.configs
  for each row execute function app.bump_version();
create trigger configs_content_version
  after insert or update or delete or truncate on public.configs
  for each statement execute function app.bump_content_version();

alter table public.configs enable row level security;
revoke all on public.configs from anon, authenticated;
grant select on public.configs to anon, authenticated;
grant insert (name, value, description), update (value, description), delete on public.configs to authenticated;

create policy "Visitors can read configurations"
  on public.configs for select to anon using (true);
create policy "Signed-in accounts can read configurations"
  on public.configs for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create configurations"
  on public.configs for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update configurations"
  on public.configs for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete configurations"
  on public.configs for delete to authenticated using ((select app.is_admin()));

-- supabase/schemas/06_story.sql -----------------------------------------------

-- The developer's story (docs/PRODUCT.md §18): work experience, with the
-- technologies used there, and education. Both are public content: visitors
-- read every row (there is no inactive experience), signed-in accounts read
-- them too, only admins write. Like the other content they carry a row
-- version (optimistic concurrency, docs/decisions/009), move the content
-- version on every write (docs/decisions/010), and are recorded in the
-- activity history (docs/decisions/014, 08_activity.sql).
--
-- Months are stored as the first day of the month: the API speaks YYYY-MM.
-- An experience without an end is the current one.

-- experiences ------------------------------------------------------------------

create table public.experiences (
  id integer generated always as identity primary key,
  organization text not null check (length(btrim(organization)) between 1 and 200),
  role text not null check (length(btrim(role)) between 1 and 200),
  location text not null default '' check (length(location) <= 200),
  start_date date not null check (start_date >= date '1950-01-01' and extract(day from start_date) = 1),
  end_date date check (end_date is null or extract(day from end_date) = 1),
  description text not null default '' check (length(description) <= 10000),
  url text check (url is null or (length(url) <= 2048 and app.is_web_url(url))),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint experiences_end_not_before_start check (end_date is null or end_date >= start_date)
);
-- The public order: current ones first, then by start, newest first.
create index experiences_listing_idx on public.experiences ((end_date is null) desc, start_date desc, id);

create trigger experiences_touch before update on public.experiences
  for each row execute function app.touch_updated_at();
create trigger experiences_bump_version before update on public.experiences
  for each row execute function app.bump_version();
-- Every row is public, so every write counts.
create trigger experiences_content_version
  after insert or update or delete or truncate on public.experiences
  for each statement execute function app.bump_content_version();

alter table public.experiences enable row level security;
revoke all on public.experiences from anon, authenticated;
grant select on public.experiences to anon, authenticated;
grant insert (organization, role, location, start_date, end_date, description, url),
  update (organization, role, location, start_date, end_date, description, url),
  delete on public.experiences to authenticated;

create policy "Visitors can read experiences"
  on public.experiences for select to anon using (true);
create policy "Signed-in accounts can read experiences"
  on public.experiences for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create experiences"
  on public.experiences for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update experiences"
  on public.experiences for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete experiences"
  on public.experiences for delete to authenticated using ((select app.is_admin()));

-- The technologies used in an experience: public, as the experience is.
create table public.experience_technologies (
  experience_id integer not null references public.experiences (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (experience_id, technology_id)
);
create index experience_technologies_technology_idx on public.experience_technologies (technology_id);

create trigger experience_technologies_content_version
  after insert or update or delete or truncate on public.experience_technologies
  for each statement execute function app.bump_content_version();

alter table public.experience_technologies enable row level security;
revoke all on public.experience_technologies from anon, authenticated;
grant select on public.experience_technologies to anon, authenticated;
grant insert, delete on public.experience_technologies to authenticated;

create policy "Visitors can read experience links"
  on public.experience_technologies for select to anon using (true);
create policy "Signed-in accounts can read experience links"
  on public.experience_technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link technologies to experiences"
  on public.experience_technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink technologies from experiences"
  on public.experience_technologies for delete to authenticated using ((select app.is_admin()));

-- education --------------------------------------------------------------------

create table public.education (
  id integer generated always as identity primary key,
  institution text not null check (length(btrim(institution)) between 1 and 200),
  qualification text not null check (length(btrim(qualification)) between 1 and 200),
  field text not null default '' check (length(field) <= 200),
  start_date date not null check (start_date >= date '1950-01-01' and extract(day from start_date) = 1),
  end_date date check (end_date is null or extract(day from end_date) = 1),
  description text not null default '' check (length(description) <= 10000),
  url text check (url is null or (length(url) <= 2048 and app.is_web_url(url))),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint education_end_not_before_start check (end_date is null or end_date >= start_date)
);
create index education_listing_idx on public.education ((end_date is null) desc, start_date desc, id);

create trigger education_touch before update on public.education
  for each row execute function app.touch_updated_at();
create trigger education_bump_version before update on public.education
  for each row execute function app.bump_version();
create trigger education_content_version
  after insert or update or delete or truncate on public.education
  for each statement execute function app.bump_content_version();

alter table public.education enable row level security;
revoke all on public.education from anon, authenticated;
grant select on public.education to anon, authenticated;
grant insert (institution, qualification, field, start_date, end_date, description, url),
  update (institution, qualification, field, start_date, end_date, description, url),
  delete on public.education to authenticated;

create policy "Visitors can read education"
  on public.education for select to anon using (true);
create policy "Signed-in accounts can read education"
  on public.education for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create education"
  on public.education for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update education"
  on public.education for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete education"
  on public.education for delete to authenticated using ((select app.is_admin()));

-- supabase/schemas/07_contact_messages.sql ------------------------------------

-- Messages from the public contact form. Any signed-in account reads the
-- inbox; admins mark read and delete.
--
-- Messages arrive only the way the contact form sends them
-- (docs/decisions/013-contact-messages-through-the-api.md). On Supabase the
-- Data API (PostgREST) serves the public schema to anyone holding the public
-- anon key, so client roles get no insert privilege and no insert policy: a
-- script could otherwise store messages directly, past the form's spam trap
-- and its rate limit. The API stores a message through
-- app.send_contact_message, which counts it against the form's limit and
-- inserts it as the function's owner; the app schema is not served by the
-- Data API, so only a database connection, the API's, can call it.

create table public.contact_messages (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  message text not null check (length(btrim(message)) between 1 and 5000),
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
create index contact_messages_created_idx on public.contact_messages (created_at desc);

alter table public.contact_messages enable row level security;
revoke all on public.contact_messages from anon, authenticated;
grant select, delete on public.contact_messages to authenticated;
grant update (is_read) on public.contact_messages to authenticated;

create policy "Signed-in accounts can read messages"
  on public.contact_messages for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can mark messages read"
  on public.contact_messages for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete messages"
  on public.contact_messages for delete to authenticated using ((select app.is_admin()));

-- The contact form's limit: 5 messages per client per 10 minutes, counted
-- before the message is stored (the caller stores it in the same transaction).
create or replace function app.contact_allowed(p_client text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_retry integer := app.rate_limit_take('contact', coalesce(p_client, ''), 5, 600);
begin
  perform app.rate_limit_purge();
  return v_retry;
end
$$;

-- Seconds until this client may send again, or 0 once the message is stored.
-- A token whose account is gone sends nothing.
create or replace function app.send_contact_message(
  p_client text, p_name text, p_email text, p_message text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_retry integer;
begin
  -- As the dropped policy said: a token whose account is gone sends nothing.
  if app.jwt_claims() ->> 'role' = 'authenticated' and not app.is_signed_in() then
    raise exception 'permission denied to send a message as a deleted account'
      using errcode = '42501';
  end if;
  v_retry := app.contact_allowed(p_client);
  if v_retry > 0 then
    return v_retry;
  end if;
  -- is_read keeps its default (false); the table's checks still apply.
  insert into public.contact_messages (name, email, message)
  values (p_name, p_email, p_message);
  return 0;
end
$$;

-- Restoring a backup (docs/PRODUCT.md §14) replaces the inbox when the archive
-- holds messages, keeping each message's time and read mark. For admins, and
-- for a connection that has not switched to a client role at all (the
-- command line, `npm run restore`), which owns the tables anyway.
create or replace function app.replace_contact_messages(p_messages jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- current_setting('role') is the role the caller switched to, unchanged by
  -- security definer: 'none' when the connection never switched.
  if not (app.is_admin() or current_setting('role') = 'none') then
    raise exception 'permission denied to replace the contact messages' using errcode = '42501';
  end if;
  if jsonb_typeof(p_messages) is distinct from 'array' then
    raise exception 'messages must be an array' using errcode = '22023';
  end if;
  delete from public.contact_messages;
  insert into public.contact_messages (name, email, message, is_read, created_at)
  select m.name, m.email, m.message, coalesce(m."isRead", false), coalesce(m."createdAt", now())
    from jsonb_to_recordset(p_messages) as m(name text, email text, message text, "isRead" boolean, "createdAt" timestamptz);
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke all on function app.contact_allowed(text), app.send_contact_message(text, text, text, text),
  app.replace_contact_messages(jsonb) from public;
grant execute on function app.contact_allowed(text) to anon, authenticated;
grant execute on function app.send_contact_message(text, text, text, text) to anon, authenticated;
grant execute on function app.replace_contact_messages(jsonb) to authenticated;

-- supabase/schemas/08_activity.sql --------------------------------------------

-- Activity history (docs/PRODUCT.md §12, docs/decisions/014-activity-history.md):
-- the database itself records every create, update and delete of projects,
-- technologies, certifications, configurations, accounts, contact messages,
-- experiences and education, whoever writes (this API, the Data API, the
-- dashboard, psql). Entries hold who, when, what and which fields changed;
-- never a password hash nor the text of a message. Signed-in accounts read
-- them; nobody writes, edits or deletes them but the triggers below, which run
-- as the table's owner. The newest 5,000 entries are kept, none older than
-- 180 days.

create table public.activity (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The acting account while it exists; its name stays in actor_name.
  actor_id integer references public.users (id) on delete set null,
  -- The account's username at the time, 'visitor' for an anonymous request,
  -- 'system' for anything without request claims (migrations, the CLI, psql).
  actor_name text not null,
  action text not null check (action in ('create', 'update', 'delete')),
  entity text not null check (entity in
    ('projects', 'technologies', 'certifications', 'configs', 'users', 'contact_messages',
     'experiences', 'education')),
  entity_id integer not null,
  summary text not null check (length(summary) <= 300),
  changed_fields text[] not null default '{}',
  -- Lets a later write in the same transaction add to this entry (a project's
  -- technologies are stored in another table); not part of the API.
  xact bigint not null default txid_current()
);
create index activity_at_idx on public.activity (at);
create index activity_entity_idx on public.activity (entity, entity_id);
-- actor_id's `on delete set null` would otherwise read the whole history to
-- find an account's entries, under the lock of that account's delete.
create index activity_actor_id_idx on public.activity (actor_id);

alter table public.activity enable row level security;
revoke all on public.activity from anon, authenticated;
grant select on public.activity to authenticated;

-- Entries about accounts follow the accounts' own visibility (§6): a read-only
-- account sees what happened to itself, not to other accounts.
create policy "Signed-in accounts can read the activity history"
  on public.activity for select to authenticated
  using (
    (select app.is_signed_in())
    and (entity <> 'users' or (select app.is_admin()) or entity_id = (select app.current_user_id()))
  );
-- No insert, update or delete policy, and no such grant: refused for every client role.

-- One line about a row: its name, never a body or a hash.
create or replace function app.activity_label(p_entity text, p_row jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_entity
    when 'projects' then 'project "' || (p_row ->> 'name') || '"'
    when 'technologies' then 'technology "' || (p_row ->> 'name') || '"'
    when 'certifications' then 'certification "' || (p_row ->> 'name') || '"'
    when 'configs' then 'configuration "' || (p_row ->> 'name') || '"'
    when 'users' then 'account "' || (p_row ->> 'username') || '"'
    when 'contact_messages' then 'message from "' || (p_row ->> 'name') || '"'
    when 'experiences' then 'experience "' || (p_row ->> 'role') || ' at ' || (p_row ->> 'organization') || '"'
    when 'education' then 'education "' || (p_row ->> 'qualification') || ', ' || (p_row ->> 'institution') || '"'
  end
$$;

-- Fields that say nothing about content: bookkeeping kept by other triggers.
create or replace function app.activity_changed_fields(p_old jsonb, p_new jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(
           case n.key when 'password_hash' then 'password' else n.key end
           order by n.key), '{}')
    from jsonb_each(p_new) n
   where n.key not in ('id', 'version', 'created_at', 'updated_at')
     and n.value is distinct from (p_old -> n.key)
$$;

-- 'Created project "Vitrine"': the one-line summary of an entry.
create or replace function app.activity_summary(p_verb text, p_entity text, p_row jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(regexp_replace(p_verb || app.activity_label(p_entity, p_row), '[[:cntrl:]]+', ' ', 'g'), 300)
$$;

-- Written once per statement: statement triggers with transition tables
-- record all the rows a statement changed in one insert, so the prune below
-- runs once per statement (a backup restore deletes and inserts thousands of
-- rows; docs/PERFORMANCE.md, "Restores and the activity history"). The rows
-- of one statement: new_rows for an insert, old_rows for a delete, both for an
-- update (paired by id, which no update changes: every recorded table's id is
-- generated always). An update that changed nothing in a row is no event for
-- that row.
create or replace function app.record_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor_id integer := app.current_user_id();
  v_actor text;
begin
  select u.username into v_actor from public.users u where u.id = v_actor_id;
  v_actor := coalesce(v_actor, case when app.jwt_claims() ->> 'role' = 'anon' then 'visitor' else 'system' end);
  if tg_op = 'INSERT' then
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary)
    select v_actor_id, v_actor, 'create', tg_table_name, (r.item ->> 'id')::integer,
           app.activity_summary('Created ', tg_table_name, r.item)
      from (select to_jsonb(n) as item from new_rows n) r;
  elsif tg_op = 'DELETE' then
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary)
    select v_actor_id, v_actor, 'delete', tg_table_name, (r.item ->> 'id')::integer,
           app.activity_summary('Deleted ', tg_table_name, r.item)
      from (select to_jsonb(o) as item from old_rows o) r;
  else
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
    select v_actor_id, v_actor, 'update', tg_table_name, (c.item ->> 'id')::integer,
           app.activity_summary('Updated ', tg_table_name, c.item), c.fields
      from (select to_jsonb(n) as item, app.activity_changed_fields(to_jsonb(o), to_jsonb(n)) as fields
              from new_rows n join old_rows o on o.id = n.id) c
     where cardinality(c.fields) > 0;
  end if;
  return null;
end
$$;

-- The newest 5,000 entries, none older than 180 days. The cap (the 5,000th
-- newest id) is found first, then each condition is a delete of its own:
-- joined by `or`, on PGlite the delete read the whole table. A statement that
-- recorded nothing (an update that changed no row) prunes nothing.
create or replace function app.prune_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_oldest_kept bigint;
begin
  if not exists (select 1 from added_rows) then
    return null;
  end if;
  select b.id into v_oldest_kept from public.activity b order by b.id desc offset 4999 limit 1;
  if v_oldest_kept is not null then
    delete from public.activity a where a.id < v_oldest_kept;
  end if;
  delete from public.activity a where a.at < now() - interval '180 days';
  return null;
end
$$;

revoke all on function app.activity_label(text, jsonb), app.activity_changed_fields(jsonb, jsonb),
  app.activity_summary(text, text, jsonb), app.record_activity(), app.prune_activity() from public;

create trigger activity_prune after insert on public.activity
  referencing new table as added_rows
  for each statement execute function app.prune_activity();

-- The recorded tables: one trigger per table and event, as Postgres gives
-- transition tables only to single-event triggers.
do $$
declare
  v_table text;
begin
  foreach v_table in array array['projects', 'technologies', 'certifications', 'configs', 'users',
                                 'contact_messages', 'experiences', 'education']
  loop
    execute format('create trigger %I after insert on public.%I referencing new table as new_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_insert', v_table);
    execute format('create trigger %I after update on public.%I referencing old table as old_rows new table as new_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_update', v_table);
    execute format('create trigger %I after delete on public.%I referencing old table as old_rows '
                   'for each statement execute function app.record_activity()', v_table || '_activity_delete', v_table);
  end loop;
end
$$;

-- Technologies of a project, a certification or an experience ------------------
--
-- They live in link tables, and a save replaces them all (delete, then
-- insert). Each link written or removed is noted in a private table, one row
-- per transaction and pair holding the sum of its changes; at commit a
-- deferred trigger keeps only the pairs that really changed and notes
-- 'technologies' on the item's entry of this transaction, or records an update
-- of the item when there is none. Links that go because their item or
-- technology was deleted are part of that delete, which is recorded itself.
-- Rows live only inside a transaction: the commit-time trigger deletes them.

create table app.link_changes (
  xact bigint not null default txid_current(),
  project_id integer not null,
  technology_id integer not null,
  delta integer not null,
  primary key (xact, project_id, technology_id)
);
alter table app.link_changes enable row level security;
revoke all on app.link_changes from public;

create or replace function app.note_link_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link record := case tg_op when 'DELETE' then old else new end;
begin
  if exists (select 1 from public.projects p where p.id = v_link.project_id)
     and exists (select 1 from public.technologies t where t.id = v_link.technology_id) then
    insert into app.link_changes as c (project_id, technology_id, delta)
    values (v_link.project_id, v_link.technology_id, case tg_op when 'DELETE' then -1 else 1 end)
    on conflict (xact, project_id, technology_id) do update set delta = c.delta + excluded.delta;
  end if;
  return null;
end
$$;

-- The first of these deferred calls in a transaction does the work for all.
create or replace function app.record_link_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_project record;
  v_entry record;
begin
  -- The first of these deferred calls in a transaction does the work for all.
  for v_project in
    select p.id, p.name from public.projects p
     where p.id in (select c.project_id from app.link_changes c where c.xact = txid_current()
                     group by c.project_id, c.technology_id having sum(c.delta) <> 0)
  loop
    select a.id, a.action, a.changed_fields into v_entry from public.activity a
     where a.entity = 'projects' and a.entity_id = v_project.id and a.xact = txid_current()
     order by a.id desc limit 1;
    if v_entry.id is null then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select app.current_user_id(),
             coalesce((select u.username from public.users u where u.id = app.current_user_id()), 'system'),
             'update', 'projects', v_project.id,
             left('Updated ' || app.activity_label('projects', jsonb_build_object('name', v_project.name)), 300),
             array['technologies'];
    elsif v_entry.action = 'update' and not ('technologies' = any(v_entry.changed_fields)) then
      update public.activity a set changed_fields = a.changed_fields || array['technologies']
       where a.id = v_entry.id;
    end if;
  end loop;
  delete from app.link_changes c where c.xact = txid_current();
  return null;
end
$$;

create table app.certification_link_changes (
  xact bigint not null default txid_current(),
  certification_id integer not null,
  technology_id integer not null,
  delta integer not null,
  primary key (xact, certification_id, technology_id)
);
alter table app.certification_link_changes enable row level security;
revoke all on app.certification_link_changes from public;

create or replace function app.note_certification_link_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link record := case tg_op when 'DELETE' then old else new end;
begin
  if exists (select 1 from public.certifications c where c.id = v_link.certification_id)
     and exists (select 1 from public.technologies t where t.id = v_link.technology_id) then
    insert into app.certification_link_changes as c (certification_id, technology_id, delta)
    values (v_link.certification_id, v_link.technology_id, case tg_op when 'DELETE' then -1 else 1 end)
    on conflict (xact, certification_id, technology_id) do update set delta = c.delta + excluded.delta;
  end if;
  return null;
end
$$;

create or replace function app.record_certification_link_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item record;
  v_entry record;
begin
  for v_item in
    select c.id, c.name from public.certifications c
     where c.id in (select l.certification_id from app.certification_link_changes l
                     where l.xact = txid_current()
                     group by l.certification_id, l.technology_id having sum(l.delta) <> 0)
  loop
    select a.id, a.action, a.changed_fields into v_entry from public.activity a
     where a.entity = 'certifications' and a.entity_id = v_item.id and a.xact = txid_current()
     order by a.id desc limit 1;
    if v_entry.id is null then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select app.current_user_id(),
             coalesce((select u.username from public.users u where u.id = app.current_user_id()), 'system'),
             'update', 'certifications', v_item.id,
             left('Updated ' || app.activity_label('certifications', jsonb_build_object('name', v_item.name)), 300),
             array['technologies'];
    elsif v_entry.action = 'update' and not ('technologies' = any(v_entry.changed_fields)) then
      update public.activity a set changed_fields = a.changed_fields || array['technologies']
       where a.id = v_entry.id;
    end if;
  end loop;
  delete from app.certification_link_changes l where l.xact = txid_current();
  return null;
end
$$;

create table app.experience_link_changes (
  xact bigint not null default txid_current(),
  experience_id integer not null,
  technology_id integer not null,
  delta integer not null,
  primary key (xact, experience_id, technology_id)
);
alter table app.experience_link_changes enable row level security;
revoke all on app.experience_link_changes from public;

create or replace function app.note_experience_link_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link record := case tg_op when 'DELETE' then old else new end;
begin
  -- A link that goes with its experience or technology is no change of the
  -- experience's technologies: the delete of the row itself is recorded.
  if exists (select 1 from public.experiences e where e.id = v_link.experience_id)
     and exists (select 1 from public.technologies t where t.id = v_link.technology_id) then
    insert into app.experience_link_changes as c (experience_id, technology_id, delta)
    values (v_link.experience_id, v_link.technology_id, case tg_op when 'DELETE' then -1 else 1 end)
    on conflict (xact, experience_id, technology_id) do update set delta = c.delta + excluded.delta;
  end if;
  return null;
end
$$;

create or replace function app.record_experience_link_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item record;
  v_entry record;
begin
  for v_item in
    select e.id, to_jsonb(e) as item from public.experiences e
     where e.id in (select l.experience_id from app.experience_link_changes l
                     where l.xact = txid_current()
                     group by l.experience_id, l.technology_id having sum(l.delta) <> 0)
  loop
    select a.id, a.action, a.changed_fields into v_entry from public.activity a
     where a.entity = 'experiences' and a.entity_id = v_item.id and a.xact = txid_current()
     order by a.id desc limit 1;
    if v_entry.id is null then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select app.current_user_id(),
             coalesce((select u.username from public.users u where u.id = app.current_user_id()), 'system'),
             'update', 'experiences', v_item.id,
             app.activity_summary('Updated ', 'experiences', v_item.item),
             array['technologies'];
    elsif v_entry.action = 'update' and not ('technologies' = any(v_entry.changed_fields)) then
      update public.activity a set changed_fields = a.changed_fields || array['technologies']
       where a.id = v_entry.id;
    end if;
  end loop;
  delete from app.experience_link_changes l where l.xact = txid_current();
  return null;
end
$$;

revoke all on function app.note_link_change(), app.record_link_changes(),
  app.note_certification_link_change(), app.record_certification_link_changes(),
  app.note_experience_link_change(), app.record_experience_link_changes() from public;

create trigger project_technologies_activity after insert or delete on public.project_technologies
  for each row execute function app.note_link_change();
create constraint trigger project_technologies_activity_at_commit
  after insert or delete on public.project_technologies
  deferrable initially deferred
  for each row execute function app.record_link_changes();
create trigger certification_technologies_activity after insert or delete on public.certification_technologies
  for each row execute function app.note_certification_link_change();
create constraint trigger certification_technologies_activity_at_commit
  after insert or delete on public.certification_technologies
  deferrable initially deferred
  for each row execute function app.record_certification_link_changes();
create trigger experience_technologies_activity after insert or delete on public.experience_technologies
  for each row execute function app.note_experience_link_change();
create constraint trigger experience_technologies_activity_at_commit
  after insert or delete on public.experience_technologies
  deferrable initially deferred
  for each row execute function app.record_experience_link_changes();

-- supabase/schemas/09_visit_statistics.sql ------------------------------------

-- Visit statistics (docs/PRODUCT.md §17, docs/decisions/027-visit-statistics.md).
--
-- The public pages send a beacon per page view and per outbound click
-- (POST /events). What is kept is chosen so that nobody can be recognised or
-- followed:
--
-- - No address and no user agent. A visitor is a sha256 of a salt, the
--   address, the user agent and the site, and the salt is new every day (UTC)
--   and deleted when the next one is made, so the same person gets another,
--   unrelated hash tomorrow and nobody, the owner included, can work back from
--   a hash to an address. The beacons' rate limit counts a salted hash of the
--   address too, never the address.
-- - The referrer only as its host; of the page's query only utm_source and
--   utm_campaign.
-- - Raw events live for a retention period (STATS_RETENTION_DAYS, default 30)
--   and are rolled up into one row per day and dimension, which is kept.
--
-- Client roles cannot write any of it: the API records an event through
-- app.record_visit, which applies a rate limit per address, and rolls up
-- through app.visit_rollup. Only signed-in accounts read the daily rows.

-- One salt per UTC day, readable by the owner of the schema alone.
create table app.visit_salts (
  day date primary key,
  salt bytea not null check (length(salt) = 32)
);
alter table app.visit_salts enable row level security;
revoke all on app.visit_salts from public, anon, authenticated;

create table app.visit_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The UTC day the event belongs to, the day of its salt.
  day date not null default (now() at time zone 'UTC')::date,
  kind text not null check (kind in ('view', 'click')),
  path text not null check (length(path) <= 300),
  project_id integer,
  target text check (target in ('live', 'source', 'linkedin', 'github', 'email')),
  referrer_host text check (length(referrer_host) <= 255),
  utm_source text check (length(utm_source) <= 100),
  utm_campaign text check (length(utm_campaign) <= 100),
  visitor bytea not null check (length(visitor) = 32),
  -- Counted in visit_daily by the last rollup; a row that was still being
  -- written while a rollup ran stays false and is counted by the next one.
  rolled boolean not null default false
);
create index visit_events_unrolled_idx on app.visit_events (day) where not rolled;
create index visit_events_day_idx on app.visit_events (day);
alter table app.visit_events enable row level security;
revoke all on app.visit_events from public, anon, authenticated;

-- The rollups: per UTC day, one row per dimension and value.
--   kind 'total'        key ''             events: views,   visitors: unique visitors
--   kind 'project'      key project id     events: views,   visitors: unique visitors
--   kind 'referrer'     key host           events: visits (views that came from it)
--   kind 'click'        key target         events: clicks
--   kind 'utm_source'   key utm_source     events: views
--   kind 'utm_campaign' key utm_campaign   events: views
create table public.visit_daily (
  day date not null,
  kind text not null check (kind in ('total', 'project', 'referrer', 'click', 'utm_source', 'utm_campaign')),
  key text not null check (length(key) <= 255),
  events integer not null check (events >= 0),
  visitors integer not null check (visitors >= 0),
  primary key (day, kind, key)
);
alter table public.visit_daily enable row level security;
revoke all on public.visit_daily from anon, authenticated;
grant select on public.visit_daily to authenticated;
create policy "Signed-in accounts can read visit statistics"
  on public.visit_daily for select to authenticated
  using ((select app.is_signed_in()));
-- No write policy and no write grant: app.visit_rollup writes it, and the
-- backup restore through app.replace_visit_daily.

-- Who rolls up, and when it last did: the row lock makes one caller do it.
-- Days before recount_from may have lost raw events (the retention deleted
-- them, or a restore did): they are never counted again from what is left,
-- only added to.
create table app.visit_rollup_state (
  id integer primary key default 1 check (id = 1),
  ran_at timestamptz not null default '-infinity',
  recount_from date not null default '-infinity'
);
insert into app.visit_rollup_state (id) values (1);
alter table app.visit_rollup_state enable row level security;
revoke all on app.visit_rollup_state from public, anon, authenticated;

-- Each event once in every dimension it has a value in (the comment on
-- public.visit_daily names them). Read by the rollup alone.
create view app.visit_event_dimensions as
select e.id, e.day, e.rolled, e.visitor, d.dimension, d.value
  from app.visit_events e
  cross join lateral (values
    ('total', case when e.kind = 'view' then '' end),
    ('project', case when e.kind = 'view' then e.project_id::text end),
    ('referrer', case when e.kind = 'view' then e.referrer_host end),
    ('click', case when e.kind = 'click' then e.target end),
    ('utm_source', case when e.kind = 'view' then e.utm_source end),
    ('utm_campaign', case when e.kind = 'view' then e.utm_campaign end)) d(dimension, value)
 where d.value is not null;
revoke all on app.visit_event_dimensions from public, anon, authenticated;

-- Rolls the events no rollup has counted into visit_daily, then deletes the
-- raw events of whole days older than the retention. Days from recount_from on
-- are counted again from their raw events, so a day is never counted twice;
-- earlier days only get their new events added, with a visitor counted again
-- only when no event of that day still there has the same hash. Does nothing
-- and answers false when another caller is at it or the last run is younger
-- than p_every: the API calls it from requests (there is no timer on an edge
-- function), so it must stay cheap when it is not due.
create or replace function app.visit_rollup(p_retention_days integer, p_every interval)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_recount_from date;
  -- The days counted again from their raw events.
  v_days date[];
  -- The events added to days before recount_from, and those days.
  v_added bigint[];
  v_added_days date[];
begin
  select s.recount_from into v_recount_from from app.visit_rollup_state s
    where s.id = 1 and s.ran_at <= clock_timestamp() - p_every
    for update skip locked;
  if not found then
    return false;
  end if;

  -- The events this run claims; whatever commits after this statement stays
  -- unrolled and is counted by the next run.
  with claimed as (
    update app.visit_events e set rolled = true where not e.rolled returning e.id, e.day
  )
  select coalesce(array_agg(distinct c.day) filter (where c.day >= v_recount_from), '{}'),
         coalesce(array_agg(c.id) filter (where c.day < v_recount_from), '{}'),
         coalesce(array_agg(distinct c.day) filter (where c.day < v_recount_from), '{}')
    into v_days, v_added, v_added_days
    from claimed c;

  -- Days some of whose raw events are gone: the new events are added to their
  -- rows. A visitor is counted again only when no event of that day counted
  -- by an earlier run, and still there, has the same hash. Rare (a late event,
  -- the rest of the day of a restore), so it costs nothing when not needed.
  if cardinality(v_added) > 0 then
    insert into public.visit_daily as d (day, kind, key, events, visitors)
    select f.day, f.dimension, f.value, count(*),
           count(distinct f.visitor) filter (where seen.visitor is null)
      from app.visit_event_dimensions f
      left join (select distinct s.day, s.dimension, s.value, s.visitor
                   from app.visit_event_dimensions s
                   left join unnest(v_added) a(id) on a.id = s.id
                  where s.rolled and s.day = any(v_added_days) and a.id is null) seen
        on seen.day = f.day and seen.dimension = f.dimension and seen.value = f.value
       and seen.visitor = f.visitor
     where f.id = any(v_added)
     group by f.day, f.dimension, f.value
    on conflict (day, kind, key) do update
      set events = d.events + excluded.events, visitors = d.visitors + excluded.visitors;
  end if;

  -- The other days are counted again from their raw events, so a day is never
  -- counted twice.
  delete from public.visit_daily d where d.day = any(v_days);
  insert into public.visit_daily (day, kind, key, events, visitors)
  select e.day, e.dimension, e.value, count(*), count(distinct e.visitor)
    from app.visit_event_dimensions e
   where e.day = any(v_days)
   group by e.day, e.dimension, e.value;

  -- Whole days only, and only counted ones; from now on those days only get
  -- additions.
  delete from app.visit_events e
    where e.rolled and e.day < v_today - greatest(p_retention_days, 0);
  update app.visit_rollup_state
     set ran_at = clock_timestamp(),
         recount_from = greatest(recount_from, v_today - greatest(p_retention_days, 0))
   where id = 1;
  return true;
end
$$;

-- GET /stats rolls up first, so the owner sees the visits of the last minute;
-- a deleted account or an ended session cannot make it work.
create or replace function app.visit_rollup_now(p_retention_days integer)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not app.is_signed_in() then
    raise exception 'permission denied to roll up visit statistics' using errcode = '42501';
  end if;
  return app.visit_rollup(p_retention_days, interval '0');
end
$$;

-- Records one page view or click. Answers the seconds this address must wait
-- (the event was not recorded), or 0. The address and user agent are only
-- hashed with today's salt, never stored. The API passes a project id only
-- when the caller can see that project (its query reads it under row-level
-- security): this function never reads projects, so it cannot tell a visitor
-- anything about an inactive one (13-visitor-privacy.test.sql).
create or replace function app.record_visit(
  p_client text, p_user_agent text, p_site text,
  p_kind text, p_path text, p_project_id integer, p_target text,
  p_referrer_host text, p_utm_source text, p_utm_campaign text,
  p_limit integer, p_retention_days integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_retry integer;
  v_salt bytea;
begin
  -- A lost event on a crash costs nothing; waiting for the disk on every
  -- visit would cost every visit (the bench's 1,000 a second on PostgreSQL).
  perform set_config('synchronous_commit', 'off', true);

  select s.salt into v_salt from app.visit_salts s where s.day = v_today;
  if v_salt is null then
    insert into app.visit_salts (day, salt)
      values (v_today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
      on conflict (day) do nothing;
    -- Yesterday's salt goes as soon as today's exists: from now on nobody can
    -- tell whether a visitor of today was also one of yesterday, nor whose
    -- address a rate limit's key of yesterday was.
    delete from app.visit_salts s where s.day < v_today;
    select s.salt into v_salt from app.visit_salts s where s.day = v_today;
  end if;

  v_retry := app.rate_limit_take('events',
    encode(sha256(v_salt || convert_to(coalesce(p_client, ''), 'UTF8')), 'hex'), p_limit, 60);
  perform app.rate_limit_purge();
  if v_retry > 0 then
    return v_retry;
  end if;

  insert into app.visit_events
    (day, kind, path, project_id, target, referrer_host, utm_source, utm_campaign, visitor)
  values (v_today, p_kind, left(p_path, 300), p_project_id,
    case when p_kind = 'click' then p_target end,
    left(p_referrer_host, 255), left(p_utm_source, 100), left(p_utm_campaign, 100),
    sha256(v_salt || convert_to(
      coalesce(p_client, '') || E'\n' || coalesce(p_user_agent, '') || E'\n' || coalesce(p_site, ''),
      'UTF8')));

  perform app.visit_rollup(p_retention_days, interval '10 minutes');
  return 0;
end
$$;

-- A backup restore replaces the statistics with the archive's (the caller
-- must be an admin; raw events are not part of a backup). The raw events go
-- too: they are the replaced statistics' own, and today's name the projects
-- by the ids they had before the restore; no day up to today is counted again
-- from raw events after it.
create or replace function app.replace_visit_daily(p_rows jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- As app.replace_contact_messages: an admin, or the command line's own connection.
  if not (app.is_admin() or current_setting('role') = 'none') then
    raise exception 'permission denied to restore visit statistics' using errcode = '42501';
  end if;
  -- The rollup's row first: a rollup under way finishes before anything here
  -- is touched, and none starts before this transaction ends (they skip a
  -- locked row). No day up to today is counted again from raw events: the
  -- archive's rows are all there is of them.
  update app.visit_rollup_state
     set recount_from = greatest(recount_from, (clock_timestamp() at time zone 'UTC')::date + 1)
   where id = 1;
  delete from app.visit_events where true;
  delete from public.visit_daily where true;
  insert into public.visit_daily (day, kind, key, events, visitors)
  select (r ->> 'day')::date, r ->> 'kind', r ->> 'key', (r ->> 'events')::integer, (r ->> 'visitors')::integer
    from jsonb_array_elements(coalesce(p_rows, '[]'::jsonb)) r;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke all on function app.visit_rollup(integer, interval), app.visit_rollup_now(integer),
  app.record_visit(text, text, text, text, text, integer, text, text, text, text, integer, integer),
  app.replace_visit_daily(jsonb) from public;
grant execute on function app.visit_rollup_now(integer) to authenticated;
grant execute on function app.record_visit(text, text, text, text, text, integer, text, text, text, text, integer, integer) to anon, authenticated;
grant execute on function app.replace_visit_daily(jsonb) to authenticated;

-- supabase/schemas/10_periodic_jobs.sql ---------------------------------------

-- Periodic work, once per period whoever asks (docs/decisions/035-periodic-work-claimed-in-the-database.md).
--
-- The hourly upkeep (the sweep of unused images and abandoned backup
-- archives, images/sweep.ts, and the new-year pass, app.turn_of_year) must
-- run once an hour per database, not once per process: on the edge function
-- every worker is a new process, and several `npm start` processes may share
-- one database. Each job has a row here with the time it last ran, and a run
-- is claimed by moving that time on with one statement that matches only when
-- the period has passed. Two callers at the same moment: the second one's
-- update waits for the first's row lock, then finds the row no longer
-- matching (READ COMMITTED checks the new row again), and gets nothing.
--
-- Not here, because they are claimed in the database already:
-- - the visit rollups: app.visit_rollup claims app.visit_rollup_state.ran_at
--   (for update skip locked, then ran_at moves on) from inside
--   app.record_visit, at most once every ten minutes;
-- - the deploy hook: app.claim_publish grants the call for a content version
--   once, after content has been quiet for the period, reading
--   app.content_version.changed_at.

create table app.periodic_jobs (
  name text primary key check (name ~ '^[a-z][a-z_]{0,39}$'),
  -- Claimed runs only: a run that failed halfway still counts, and the next
  -- period tries again (every job is safe to run again).
  last_run timestamptz not null default '-infinity'
);
alter table app.periodic_jobs enable row level security;
revoke all on app.periodic_jobs from public, anon, authenticated;

insert into app.periodic_jobs (name) values ('file_sweep'), ('new_year');

-- Answers true to exactly one caller per p_every for p_name, and moves its
-- last run to now(). A name without a row gets one, claimed by its first
-- caller. Run by the API's own connection (the owner), outside requests:
-- clients have no reason to call it, and one that could would put the
-- sweep off.
create or replace function app.claim_periodic(p_name text, p_every interval)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update app.periodic_jobs j set last_run = now()
   where j.name = p_name and j.last_run < now() - p_every;
  if found then
    return true;
  end if;
  insert into app.periodic_jobs (name, last_run) values (p_name, now())
    on conflict (name) do nothing;
  return found;
end
$$;
revoke all on function app.claim_periodic(text, interval) from public, anon, authenticated;

-- supabase/schemas/11_storage.sql ---------------------------------------------

-- Buckets on Supabase Storage. They exist only where the storage schema does
-- (Supabase); the embedded and self-hosted stacks keep files in folders.
-- supabase/config.toml declares the same buckets for `supabase start`. This
-- file may run again on a database that has it (it changes nothing then).
--
-- images: project images, public (docs/PRODUCT.md §9: JPEG, PNG, GIF, WEBP,
-- 5 MB each). The API writes with the service key, so only public reads need
-- a policy, which Storage's public flag gives.
do $$
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('images', 'images', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
    on conflict (id) do nothing;
  end if;
end
$$;

-- backups: archives an admin sends for a restore wait there until
-- POST /backup/restore has read and removed them
-- (docs/decisions/029-archives-through-storage.md). Not public, so it has no
-- public URL. The API reads and removes with the secret key and signs uploads
-- with it; Storage writes a signed upload as its own superuser. No client role
-- needs anything here, so a restrictive policy keeps anon and authenticated out
-- of it whatever permissive policy may be added to storage.objects later.
--
-- Only the owner of storage.objects (supabase_storage_admin), a role that
-- holds its rights, or a superuser may add a policy to it. Where the role
-- applying this file is none of them (Supabase's `postgres` on projects where
-- Storage's tables were handed to their own role), the policy is left out
-- with a warning saying what the owner has to add (docs/RELIABILITY.md,
-- "Supabase as it runs", and README's deploy notes), rather than stopping the
-- push. The bucket stays closed to clients without it: row level security is
-- on and no permissive policy of ours lets them in; the policy guards against
-- one added later.
do $$
declare
  v_owner name;
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('backups', 'backups', false, 52428800, array['application/zip'])
    on conflict (id) do update
      set public = false,
          file_size_limit = excluded.file_size_limit,
          allowed_mime_types = excluded.allowed_mime_types;
    select c.relowner::regrole::name into v_owner
      from pg_catalog.pg_class c
     where c.oid = pg_catalog.to_regclass('storage.objects');
    if v_owner is null or exists (
      select 1 from pg_policies
       where schemaname = 'storage' and tablename = 'objects'
         and policyname = 'backups are for the API alone'
    ) then
      null;
    elsif not pg_catalog.pg_has_role(current_user, v_owner, 'USAGE') then
      raise warning using
        message = format('The policy "backups are for the API alone" was not added: %I may not add policies to storage.objects, owned by %I', current_user, v_owner),
        hint = 'Have the table''s owner add it (Dashboard, Storage, Policies): create policy "backups are for the API alone" on storage.objects as restrictive for all to anon, authenticated using (bucket_id <> ''backups'') with check (bucket_id <> ''backups'');';
    else
      create policy "backups are for the API alone" on storage.objects
        as restrictive for all to anon, authenticated
        using (bucket_id <> 'backups')
        with check (bucket_id <> 'backups');
    end if;
  end if;
end
$$;

-- supabase/schemas/90_privileges.sql ------------------------------------------

-- Last, what holds for everything above.
--
-- Sequences: visitors read projects and certifications through row-level
-- security, which hides inactive ones; the identity sequences behind the ids
-- would not, as a sequence's last_value counts every row ever created.
-- Supabase's default privileges give anon and authenticated every sequence in
-- public (authenticated even UPDATE, so setval). No client role needs one:
-- identity columns take their next value without any privilege on the
-- sequence. So neither role gets any, now or for tables added later
-- (docs/PRODUCT.md §11).
do $$
declare
  v_sequence regclass;
begin
  for v_sequence in
    select c.oid::regclass
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = 'public'
  loop
    execute format('revoke all on sequence %s from anon, authenticated', v_sequence);
  end loop;
end
$$;

alter default privileges in schema public revoke all on sequences from anon;
alter default privileges in schema public revoke all on sequences from authenticated;

-- Functions: no function in app is executable by PUBLIC; each file grants
-- what a client role needs. A function added without its revoke is caught here.
revoke all on all functions in schema app from public;
