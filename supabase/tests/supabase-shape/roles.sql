-- The roles of a Supabase project, once per cluster, run by the cluster's
-- superuser (supabase_admin, as on Supabase). What matters for Vitrine:
-- `postgres`, the role migrations and the API connect as, is no superuser: it
-- may bypass row level security, create roles, and switch to anon,
-- authenticated and service_role, and owns the project's database. Storage's
-- tables belong to supabase_storage_admin, of which postgres is no member.
-- Passwords are test-only: the cluster listens on loopback alone.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin;
  end if;
end
$$;

alter role postgres login nosuperuser createdb createrole replication bypassrls inherit
  password 'postgres';
alter role anon nologin noinherit;
alter role authenticated nologin noinherit;
alter role service_role nologin noinherit bypassrls;
alter role authenticator login noinherit password 'postgres';
alter role supabase_storage_admin login noinherit createrole password 'postgres';

grant anon, authenticated, service_role to postgres;
grant anon, authenticated, service_role to authenticator;

-- Supabase gives these timeouts to the API roles; they apply when a session
-- logs in as them (PostgREST), not after SET ROLE, which is what Vitrine does.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role postgres set search_path = "$user", public, extensions;
alter role supabase_storage_admin set search_path = storage;
