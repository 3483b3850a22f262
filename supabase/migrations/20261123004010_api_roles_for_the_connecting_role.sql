-- The API switches every request to anon or authenticated (SET LOCAL ROLE), so
-- the role it connects as must be allowed to. A superuser always is, and on
-- Supabase the connecting role (postgres) is already a member of both. On a
-- plain PostgreSQL whose database owner is not a superuser (a managed
-- service's admin user, a role made with CREATEROLE), every request failed
-- with `permission denied to set role "anon"`. The role running the migrations
-- is the one the local server and the edge function connect as, so it is
-- given the two roles here when it lacks them and may grant them: with
-- CREATEROLE up to PostgreSQL 15, with ADMIN OPTION from 16 (which a role's
-- creator holds). Otherwise a warning names the grant a superuser has to run,
-- and the local server refuses to start with the same words
-- (server/create-stack.ts).

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
