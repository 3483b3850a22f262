-- Rate limits that hold (docs/decisions/012-rate-limits.md).
--
-- 1. Count first. The old helpers read the count in one statement and added to
--    it in another, so requests arriving together all read the same count and
--    all went ahead (30 parallel wrong logins got 13 password checks). Each
--    limit is now one insert ... on conflict do update ... returning: the row
--    lock hands every request its own number, and the request decides from
--    that number alone, before any password is compared or message stored.
-- 2. Per username as well as per client. A client key is an address, and an
--    attacker has many; a username has one owner. Failures against a username
--    from anywhere earn a growing wait, capped at 15 minutes and forgotten an
--    hour after the last one, and an address that signed in to the account
--    recently is not slowed down by what others do to it.
-- 3. Rows go away. Every row knows when it may be forgotten (expires_at), and
--    each counting call removes a bounded batch of such rows.

alter table app.rate_limits
  add column expires_at timestamptz not null default now(),
  add column blocked_until timestamptz;
-- Rows of the old helpers: their longest window was 15 minutes.
update app.rate_limits set expires_at = window_started_at + interval '15 minutes';
create index rate_limits_expires_at_idx on app.rate_limits (expires_at);

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

-- The per-username limit. Ten attempts are free; from the eleventh on, each
-- counted attempt makes the next one wait twice as long as before (2 s, 4 s,
-- 8 s, ...), never more than 15 minutes. An attempt during the wait is refused
-- without being counted, so hammering does not lengthen it. The count is
-- forgotten an hour after the last counted attempt. Answers the seconds to
-- wait, 0 when this attempt may go ahead (and has been counted).
create or replace function app.login_backoff_take(p_username text)
returns integer
language plpgsql
volatile
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
  if v_row.blocked_until > now() then
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

-- Login. Three limits are counted before the password is compared:
--   'login'        this username from this client: 5 attempts per 15 minutes;
--   'login-client' this client, whatever the username: 30 attempts per 15 minutes;
--   'login-user'   this username from anywhere: app.login_backoff_take, skipped
--                  for a client that signed in to this username in the last 30
--                  days ('login-known'), so an attacker elsewhere cannot keep
--                  the owner out.
-- A success clears the pair's count and gives back what it took from the others.
-- Unknown users still pay for one bcrypt comparison, so timing does not tell
-- which usernames exist.
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
    perform app.rate_limit_purge();
    return jsonb_build_object('status', 'ok', 'user',
      jsonb_build_object('id', v_user.id, 'username', v_user.username, 'role', v_user.role));
  end if;

  perform app.rate_limit_purge();
  return jsonb_build_object('status', 'invalid');
end
$$;

-- The contact form: 5 messages per client per 10 minutes, counted before the
-- message is stored (the caller stores it in the same transaction).
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

-- rate_limit_retry_after, rate_limit_hit and rate_limit_clear (migration
-- 20261122000100) are no longer called; they stay, executable by nobody.
revoke all on all functions in schema app from public;
