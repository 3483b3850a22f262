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
