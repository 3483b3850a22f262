-- Roles, extensions and the private helper schema every later migration relies on.
-- On Supabase the roles and the extensions schema already exist; elsewhere
-- (plain Postgres, PGlite) they are created here so the same SQL applies everywhere.

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

-- Private schema: helpers and bookkeeping that no client role may touch directly.
create schema if not exists app;
revoke all on schema app from public;
grant usage on schema app to anon, authenticated;

grant usage on schema public to anon, authenticated;

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

-- Generic counter for rate limits (failed logins, contact messages). Lives in the
-- private schema and is only reached through security definer functions.
create table app.rate_limits (
  bucket text not null,
  key text not null,
  hits integer not null default 0,
  window_started_at timestamptz not null default now(),
  primary key (bucket, key)
);
alter table app.rate_limits enable row level security;

-- Seconds until the key may try again, or 0 when it is under its limit.
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

-- Counts one hit; a window that has run out starts again at this hit.
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

-- Functions are executable by PUBLIC when created, and a per-schema ALTER DEFAULT
-- PRIVILEGES cannot revoke that global default, so every migration that adds
-- functions to app ends with this revoke and grants only what clients need.
revoke all on all functions in schema app from public;
