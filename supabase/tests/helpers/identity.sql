-- Test helpers, included by every supabase/tests/database/*.test.sql with
-- `\ir ../helpers/identity.sql` right after `begin;`. They live in pg_temp, so
-- they vanish with the test's transaction and never reach a real schema.
--
-- Each switch does what the API does for a request (docs/ARCHITECTURE.md): set the JWT
-- claims for this transaction, then `set local role anon|authenticated`.
-- Nothing here is security definer: the assertion that follows runs with
-- exactly the rights of the role it names.

-- Back to the role that runs the suite (the migrations' owner), with no claims.
create function pg_temp.as_superuser() returns void
language plpgsql as $$
begin
  execute 'reset role';
  perform set_config('request.jwt.claims', '', true);
end
$$;

-- A visitor: role anon, as the API switches to without a token.
create function pg_temp.as_visitor() returns void
language plpgsql as $$
begin
  perform pg_temp.as_superuser();
  perform set_config('request.jwt.claims', '{"role":"anon"}', true);
  execute 'set local role anon';
end
$$;

-- A token whose sub is exactly p_sub, whatever the users table says. When
-- p_sub names an account, the token carries a fresh session of it (sid), as a
-- sign-in's token does (supabase/schemas/02_accounts.sql).
create function pg_temp.as_sub(p_sub text) returns void
language plpgsql as $$
declare
  v_session uuid;
begin
  perform pg_temp.as_superuser();
  if p_sub ~ '^[0-9]{1,9}$' and exists (select 1 from public.users where id = p_sub::integer) then
    insert into app.sessions (user_id, expires_at) values (p_sub::integer, now() + interval '8 hours')
    returning id into v_session;
  end if;
  perform set_config('request.jwt.claims',
    jsonb_strip_nulls(jsonb_build_object('sub', p_sub, 'role', 'authenticated', 'sid', v_session))::text, true);
  execute 'set local role authenticated';
end
$$;

-- A signed-in account, found by its username.
create function pg_temp.as_account(p_username text) returns void
language plpgsql as $$
declare
  v_id integer;
begin
  perform pg_temp.as_superuser();
  select u.id into v_id from public.users u where lower(u.username) = lower(p_username);
  if v_id is null then
    raise exception 'test fixture: no account named %', p_username;
  end if;
  perform pg_temp.as_sub(v_id::text);
end
$$;

-- A still-valid token of an account that has since been deleted.
create function pg_temp.as_ghost() returns void
language plpgsql as $$
declare
  v_id integer;
begin
  perform pg_temp.as_superuser();
  insert into public.users (username, password_hash, role)
  values ('pgtap-ghost-' || md5(random()::text), 'not-a-hash', 'user')
  returning id into v_id;
  delete from public.users where id = v_id;
  perform pg_temp.as_sub(v_id::text);
end
$$;

-- How many rows a statement touched, run with the current role's rights.
-- Row-level security turns refused updates and deletes into 0 rows, not errors.
create function pg_temp.affected(p_sql text) returns integer
language plpgsql as $$
declare
  v_count integer;
begin
  execute p_sql;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

-- Every account removed. The table's own triggers are off only while
-- clearing, so the last-admin rule does not stop it; foreign keys still act.
-- Disabling them takes the table's owner, the role that ran the migrations,
-- where session_replication_role would take a superuser, which Supabase's
-- postgres is not.
create function pg_temp.clear_accounts() returns void
language plpgsql as $$
begin
  perform pg_temp.as_superuser();
  alter table public.users disable trigger user;
  delete from public.users;
  alter table public.users enable trigger user;
end
$$;

-- The standard cast of accounts, replacing whatever the seed created: two
-- admins (ada, grace) and a read-only account (rita).
create function pg_temp.reset_accounts() returns void
language plpgsql as $$
begin
  perform pg_temp.clear_accounts();
  delete from app.rate_limits;
  insert into public.users (username, password_hash, role) values
    ('ada', 'not-a-hash', 'admin'),
    ('grace', 'not-a-hash', 'admin'),
    ('rita', 'not-a-hash', 'user');
end
$$;


-- Marks the test's transaction as confirmed with the current password for
-- the named account, as app.confirm_password does after a right one
-- (supabase/schemas/02_accounts.sql). A test file is one transaction, so the
-- mark holds to its end.
create function pg_temp.confirm_for(p_username text) returns void
language plpgsql as $$
begin
  perform pg_temp.as_superuser();
  insert into app.reauthentications (xact, user_id)
  select txid_current(), u.id from public.users u where lower(u.username) = lower(p_username)
  on conflict do nothing;
end
$$;
