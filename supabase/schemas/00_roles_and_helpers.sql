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
