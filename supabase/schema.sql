-- The schema the migrations in supabase/migrations build, dumped by pg_dump
-- (server/schema-dump.ts). Read it; never apply it or edit it by hand: change
-- the schema with a new migration, then run `npm run db:schema`.
--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: app; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA app;

--
-- Name: public; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA public;

--
-- Name: SCHEMA public; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA public IS 'standard public schema';

--
-- Name: activity_changed_fields(jsonb, jsonb); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.activity_changed_fields(p_old jsonb, p_new jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(
           case n.key when 'password_hash' then 'password' else n.key end
           order by n.key), '{}')
    from jsonb_each(p_new) n
   where n.key not in ('id', 'version', 'created_at', 'updated_at')
     and n.value is distinct from (p_old -> n.key)
$$;

--
-- Name: activity_label(text, jsonb); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.activity_label(p_entity text, p_row jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

--
-- Name: activity_summary(text, text, jsonb); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.activity_summary(p_verb text, p_entity text, p_row jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select left(regexp_replace(p_verb || app.activity_label(p_entity, p_row), '[[:cntrl:]]+', ' ', 'g'), 300)
$$;

--
-- Name: are_unambiguous_links(text[]); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.are_unambiguous_links(p_urls text[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select coalesce(bool_and(app.is_unambiguous_link(u)), true) from unnest(p_urls) as u
$$;

--
-- Name: are_valid_image_details(jsonb); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.are_valid_image_details(p_details jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

--
-- Name: attempt_login(text, text, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.attempt_login(p_username text, p_password text, p_client text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: bump_content_version(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.bump_content_version() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app.next_content_version();
  return null;
end
$$;

--
-- Name: bump_content_version_if_visible(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.bump_content_version_if_visible() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: bump_version(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.bump_version() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.version := old.version + 1;
  return new;
end
$$;

--
-- Name: check_project_years(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.check_project_years() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

--
-- Name: claim_due_publish(interval); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.claim_due_publish(p_quiet interval) RETURNS TABLE(version bigint, wait interval)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.site_publish s
                  where s.id = 1 and s.requested_version > s.attempted_version) then
    return query select null::bigint, null::interval;
    return;
  end if;
  return query select c.version, c.wait from app.claim_publish(p_quiet, false) c;
end
$$;

--
-- Name: claim_periodic(text, interval); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.claim_periodic(p_name text, p_every interval) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: claim_publish(interval, boolean); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.claim_publish(p_quiet interval, p_force boolean DEFAULT false) RETURNS TABLE(version bigint, wait interval)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: confirm_password(text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.confirm_password(p_current text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: contact_allowed(text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.contact_allowed(p_client text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_retry integer := app.rate_limit_take('contact', coalesce(p_client, ''), 5, 600);
begin
  perform app.rate_limit_purge();
  return v_retry;
end
$$;

--
-- Name: content_version(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.content_version() RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select v.version from app.content_version v where v.id = 1
$$;

--
-- Name: current_session_id(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.current_session_id() RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select case
    when (app.jwt_claims() ->> 'sid') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (app.jwt_claims() ->> 'sid')::uuid
  end
$_$;

--
-- Name: current_user_id(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.current_user_id() RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  -- CASE, not AND: only CASE guarantees the cast never sees a malformed sub.
  select u.id
  from public.users u
  join app.sessions s on s.user_id = u.id
  where u.id = case when (app.jwt_claims() ->> 'sub') ~ '^[0-9]{1,9}$'
                    then (app.jwt_claims() ->> 'sub')::integer end
    and s.id = app.current_session_id()
    and s.expires_at > now()
    and s.last_used_at + s.idle_timeout > now()
$_$;

--
-- Name: describe_session(uuid, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.describe_session(p_session uuid, p_device text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update app.sessions s set device = left(p_device, 100)
  where s.id = p_session and s.device is null and s.created_at > now() - interval '1 minute'
$$;

--
-- Name: end_my_other_sessions(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.end_my_other_sessions() RETURNS integer
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with ended as (
    delete from app.sessions s
    where s.user_id = app.current_user_id() and s.id <> app.current_session_id()
    returning 1
  )
  select count(*)::integer from ended
$$;

--
-- Name: end_my_session(uuid); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.end_my_session(p_id uuid) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with ended as (
    delete from app.sessions s
    where s.id = p_id and s.user_id = app.current_user_id()
    returning 1
  )
  select exists (select 1 from ended)
$$;

--
-- Name: end_session(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.end_session() RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  with ended as (
    delete from app.sessions
    where id = app.current_session_id()
      and user_id = case when (app.jwt_claims() ->> 'sub') ~ '^[0-9]{1,9}$'
                         then (app.jwt_claims() ->> 'sub')::integer end
    returning 1
  )
  select exists (select 1 from ended)
$_$;

--
-- Name: end_sessions_on_password_change(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.end_sessions_on_password_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from app.sessions
  where user_id = new.id
    and id is distinct from app.current_session_id();
  return null;
end
$$;

--
-- Name: hash_password(text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.hash_password(p_password text) RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select extensions.crypt(p_password, extensions.gen_salt('bf', 10))
$$;

--
-- Name: is_admin(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.is_admin() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.users u
    where u.id = app.current_user_id() and u.role = 'admin'
  )
$$;

--
-- Name: is_signed_in(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.is_signed_in() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select app.current_user_id() is not null
$$;

--
-- Name: is_unambiguous_link(text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.is_unambiguous_link(p_url text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_url is null or (
    p_url !~ '[[:space:][:cntrl:]\\]'
    and (p_url ~* '^https?://[^/]' or (p_url ~ '^/[^/]' and strpos(p_url, '//') = 0))
  )
$$;

--
-- Name: is_web_url(text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.is_web_url(p_url text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select p_url is null or p_url ~* '^https?://[^\s]+$' or p_url ~ '^/[^/\s][^\s]*$'
$_$;

--
-- Name: jwt_claims(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.jwt_claims() RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;

--
-- Name: keep_project_image_details(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.keep_project_image_details() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.image_details := app.project_image_details(
    new.name, new.thumbnail, new.images, coalesce(new.image_details, '{}'::jsonb));
  return new;
end
$$;

--
-- Name: login_backoff_take(text, boolean); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.login_backoff_take(p_username text, p_enforce boolean) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: my_sessions(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.my_sessions() RETURNS TABLE(id uuid, created_at timestamp with time zone, last_used_at timestamp with time zone, device text, current boolean)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.id, s.created_at, s.last_used_at, s.device, s.id = app.current_session_id()
  from app.sessions s
  where s.user_id = app.current_user_id()
    and s.expires_at > now()
    and s.last_used_at + s.idle_timeout > now()
  order by s.last_used_at desc, s.created_at desc
$$;

--
-- Name: my_two_step(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.my_two_step() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'enabled', exists (select 1 from app.two_step t
                       where t.user_id = app.current_user_id() and t.secret is not null),
    'recoveryCodesLeft', (select count(*) from app.two_step_recovery r
                          where r.user_id = app.current_user_id()))
$$;

--
-- Name: my_two_step_code_take(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.my_two_step_code_take() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: next_content_version(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.next_content_version() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: note_certification_link_change(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.note_certification_link_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: note_experience_link_change(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.note_experience_link_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: note_link_change(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.note_link_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: project_image_details(text, text, text[], jsonb); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.project_image_details(p_name text, p_thumbnail text, p_images text[], p_given jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

--
-- Name: project_year_bounds(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.project_year_bounds(OUT min_year integer, OUT max_start_year integer, OUT max_end_year integer) RETURNS record
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select 1990, extract(year from now())::integer, extract(year from now())::integer + 10
$$;

--
-- Name: protect_admins(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.protect_admins() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: prune_activity(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.prune_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: rate_limit_clear(text, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.rate_limit_clear(p_bucket text, p_key text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from app.rate_limits where bucket = p_bucket and key = p_key
$$;

--
-- Name: rate_limit_give_back(text, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.rate_limit_give_back(p_bucket text, p_key text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update app.rate_limits set hits = greatest(hits - 1, 0)
  where bucket = p_bucket and key = p_key
$$;

--
-- Name: rate_limit_hit(text, text, integer); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  insert into app.rate_limits as r (bucket, key, hits, window_started_at)
  values (p_bucket, p_key, 1, now())
  on conflict (bucket, key) do update
    set hits = case when r.window_started_at + make_interval(secs => p_window_seconds) <= now() then 1 else r.hits + 1 end,
        window_started_at = case when r.window_started_at + make_interval(secs => p_window_seconds) <= now() then now() else r.window_started_at end
$$;

--
-- Name: rate_limit_purge(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.rate_limit_purge() RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: rate_limit_retry_after(text, text, integer, integer); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.rate_limit_retry_after(p_bucket text, p_key text, p_max integer, p_window_seconds integer) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((
    select greatest(1, ceil(extract(epoch from (r.window_started_at + make_interval(secs => p_window_seconds) - now())))::integer)
    from app.rate_limits r
    where r.bucket = p_bucket and r.key = p_key and r.hits >= p_max
      and r.window_started_at + make_interval(secs => p_window_seconds) > now()
  ), 0)
$$;

--
-- Name: rate_limit_take(text, text, integer, integer); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.rate_limit_take(p_bucket text, p_key text, p_max integer, p_window_seconds integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: record_activity(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.record_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: record_certification_link_changes(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.record_certification_link_changes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: record_experience_link_changes(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.record_experience_link_changes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: record_link_changes(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.record_link_changes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: record_publish(bigint, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.record_publish(p_version bigint, p_error text) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.site_publish
    set published_version = case when p_error is null
          then greatest(published_version, p_version) else published_version end,
        published_at = case when p_error is null then clock_timestamp() else published_at end,
        last_error = left(p_error, 300)
    where id = 1
$$;

--
-- Name: record_visit(text, text, text, text, text, integer, text, text, text, text, integer, integer); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.record_visit(p_client text, p_user_agent text, p_site text, p_kind text, p_path text, p_project_id integer, p_target text, p_referrer_host text, p_utm_source text, p_utm_campaign text, p_limit integer, p_retention_days integer) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: register_first_admin(text, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.register_first_admin(p_username text, p_password text) RETURNS TABLE(id integer, username text, role text, session_id uuid)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: registration_open(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.registration_open() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select not exists (select 1 from public.users)
$$;

--
-- Name: replace_contact_messages(jsonb); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.replace_contact_messages(p_messages jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: replace_visit_daily(jsonb); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.replace_visit_daily(p_rows jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: request_publish(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.request_publish() RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.site_publish s
     set requested_version = c.version
    from app.content_version c
   where s.id = 1 and c.id = 1 and s.requested_version < c.version
$$;

--
-- Name: require_reauthentication(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.require_reauthentication() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: send_contact_message(text, text, text, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.send_contact_message(p_client text, p_name text, p_email text, p_message text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: session_touch_due(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.session_touch_due() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((select s.last_used_at < now() - interval '60 seconds'
                   from app.sessions s where s.id = app.current_session_id()), false)
$$;

--
-- Name: start_session(integer); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.start_session(p_user_id integer) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: touch_session(integer); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.touch_session(p_idle_seconds integer) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update app.sessions s
  set last_used_at = now(),
      idle_timeout = make_interval(secs => least(greatest(p_idle_seconds, 300), 28800))
  where s.id = app.current_session_id()
    and s.user_id = app.current_user_id()
$$;

--
-- Name: touch_updated_at(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.touch_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.updated_at := now();
  return new;
end
$$;

--
-- Name: turn_of_year(); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.turn_of_year() RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: two_step_accept(integer, bigint, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.two_step_accept(p_user_id integer, p_step bigint, p_recovery_hash text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: two_step_challenge_take(uuid); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.two_step_challenge_take(p_challenge uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: two_step_code_take(integer, text, bigint); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.two_step_code_take(p_user_id integer, p_secret text, p_last_step bigint) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: two_step_disable(text, bigint, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.two_step_disable(p_password text, p_step bigint, p_recovery_hash text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: two_step_enable(bigint, text[]); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.two_step_enable(p_step bigint, p_recovery_hashes text[]) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: two_step_prepare(text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.two_step_prepare(p_sealed text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: two_step_sign_in(uuid, bigint, text); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.two_step_sign_in(p_challenge uuid, p_step bigint, p_recovery_hash text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: visit_rollup(integer, interval); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.visit_rollup(p_retention_days integer, p_every interval) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: visit_rollup_now(integer); Type: FUNCTION; Schema: app; Owner: -
--

CREATE FUNCTION app.visit_rollup_now(p_retention_days integer) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app.is_signed_in() then
    raise exception 'permission denied to roll up visit statistics' using errcode = '42501';
  end if;
  return app.visit_rollup(p_retention_days, interval '0');
end
$$;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: certification_link_changes; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.certification_link_changes (
    xact bigint DEFAULT txid_current() NOT NULL,
    certification_id integer NOT NULL,
    technology_id integer NOT NULL,
    delta integer NOT NULL
);

--
-- Name: content_version; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.content_version (
    id integer DEFAULT 1 NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    year integer,
    CONSTRAINT content_version_id_check CHECK ((id = 1))
);

--
-- Name: experience_link_changes; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.experience_link_changes (
    xact bigint DEFAULT txid_current() NOT NULL,
    experience_id integer NOT NULL,
    technology_id integer NOT NULL,
    delta integer NOT NULL
);

--
-- Name: link_changes; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.link_changes (
    xact bigint DEFAULT txid_current() NOT NULL,
    project_id integer NOT NULL,
    technology_id integer NOT NULL,
    delta integer NOT NULL
);

--
-- Name: periodic_jobs; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.periodic_jobs (
    name text NOT NULL,
    last_run timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
    CONSTRAINT periodic_jobs_name_check CHECK ((name ~ '^[a-z][a-z_]{0,39}$'::text))
);

--
-- Name: rate_limits; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.rate_limits (
    bucket text NOT NULL,
    key text NOT NULL,
    hits integer DEFAULT 0 NOT NULL,
    window_started_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone DEFAULT now() NOT NULL,
    blocked_until timestamp with time zone
);

--
-- Name: reauthentications; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.reauthentications (
    xact bigint NOT NULL,
    user_id integer NOT NULL,
    confirmed_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: schema_migrations; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.schema_migrations (
    version text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: seed_runs; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.seed_runs (
    id integer DEFAULT 1 NOT NULL,
    seeded_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT seed_runs_id_check CHECK ((id = 1))
);

--
-- Name: sessions; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    last_used_at timestamp with time zone DEFAULT now() NOT NULL,
    idle_timeout interval DEFAULT '00:30:00'::interval NOT NULL,
    device text,
    CONSTRAINT sessions_device_check CHECK ((length(device) <= 100))
);

--
-- Name: two_step; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.two_step (
    user_id integer NOT NULL,
    secret text,
    pending_secret text,
    last_step bigint,
    enabled_at timestamp with time zone,
    CONSTRAINT two_step_pending_secret_check CHECK ((length(pending_secret) <= 200)),
    CONSTRAINT two_step_secret_check CHECK ((length(secret) <= 200))
);

--
-- Name: two_step_challenges; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.two_step_challenges (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id integer NOT NULL,
    client text NOT NULL,
    misses integer DEFAULT 0 NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

--
-- Name: two_step_recovery; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.two_step_recovery (
    user_id integer NOT NULL,
    code_hash text NOT NULL,
    CONSTRAINT two_step_recovery_code_hash_check CHECK ((code_hash ~ '^[0-9a-f]{64}$'::text))
);

--
-- Name: visit_events; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.visit_events (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    day date DEFAULT ((now() AT TIME ZONE 'UTC'::text))::date NOT NULL,
    kind text NOT NULL,
    path text NOT NULL,
    project_id integer,
    target text,
    referrer_host text,
    utm_source text,
    utm_campaign text,
    visitor bytea NOT NULL,
    rolled boolean DEFAULT false NOT NULL,
    CONSTRAINT visit_events_kind_check CHECK ((kind = ANY (ARRAY['view'::text, 'click'::text]))),
    CONSTRAINT visit_events_path_check CHECK ((length(path) <= 300)),
    CONSTRAINT visit_events_referrer_host_check CHECK ((length(referrer_host) <= 255)),
    CONSTRAINT visit_events_target_check CHECK ((target = ANY (ARRAY['live'::text, 'source'::text, 'linkedin'::text, 'github'::text, 'email'::text]))),
    CONSTRAINT visit_events_utm_campaign_check CHECK ((length(utm_campaign) <= 100)),
    CONSTRAINT visit_events_utm_source_check CHECK ((length(utm_source) <= 100)),
    CONSTRAINT visit_events_visitor_check CHECK ((length(visitor) = 32))
);

--
-- Name: visit_event_dimensions; Type: VIEW; Schema: app; Owner: -
--

CREATE VIEW app.visit_event_dimensions AS
 SELECT e.id,
    e.day,
    e.rolled,
    e.visitor,
    d.dimension,
    d.value
   FROM (app.visit_events e
     CROSS JOIN LATERAL ( VALUES ('total'::text,
                CASE
                    WHEN (e.kind = 'view'::text) THEN ''::text
                    ELSE NULL::text
                END), ('project'::text,
                CASE
                    WHEN (e.kind = 'view'::text) THEN (e.project_id)::text
                    ELSE NULL::text
                END), ('referrer'::text,
                CASE
                    WHEN (e.kind = 'view'::text) THEN e.referrer_host
                    ELSE NULL::text
                END), ('click'::text,
                CASE
                    WHEN (e.kind = 'click'::text) THEN e.target
                    ELSE NULL::text
                END), ('utm_source'::text,
                CASE
                    WHEN (e.kind = 'view'::text) THEN e.utm_source
                    ELSE NULL::text
                END), ('utm_campaign'::text,
                CASE
                    WHEN (e.kind = 'view'::text) THEN e.utm_campaign
                    ELSE NULL::text
                END)) d(dimension, value))
  WHERE (d.value IS NOT NULL);

--
-- Name: visit_events_id_seq; Type: SEQUENCE; Schema: app; Owner: -
--

ALTER TABLE app.visit_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app.visit_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: visit_rollup_state; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.visit_rollup_state (
    id integer DEFAULT 1 NOT NULL,
    ran_at timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
    recount_from date DEFAULT '-infinity'::date NOT NULL,
    CONSTRAINT visit_rollup_state_id_check CHECK ((id = 1))
);

--
-- Name: visit_salts; Type: TABLE; Schema: app; Owner: -
--

CREATE TABLE app.visit_salts (
    day date NOT NULL,
    salt bytea NOT NULL,
    CONSTRAINT visit_salts_salt_check CHECK ((length(salt) = 32))
);

--
-- Name: activity; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.activity (
    id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    actor_id integer,
    actor_name text NOT NULL,
    action text NOT NULL,
    entity text NOT NULL,
    entity_id integer NOT NULL,
    summary text NOT NULL,
    changed_fields text[] DEFAULT '{}'::text[] NOT NULL,
    xact bigint DEFAULT txid_current() NOT NULL,
    CONSTRAINT activity_action_check CHECK ((action = ANY (ARRAY['create'::text, 'update'::text, 'delete'::text]))),
    CONSTRAINT activity_entity_check CHECK ((entity = ANY (ARRAY['projects'::text, 'technologies'::text, 'certifications'::text, 'configs'::text, 'users'::text, 'contact_messages'::text, 'experiences'::text, 'education'::text]))),
    CONSTRAINT activity_summary_check CHECK ((length(summary) <= 300))
);

--
-- Name: activity_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.activity ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.activity_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: certification_technologies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.certification_technologies (
    certification_id integer NOT NULL,
    technology_id integer NOT NULL
);

--
-- Name: certifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.certifications (
    id integer NOT NULL,
    name text NOT NULL,
    icon text NOT NULL,
    obtained_date date NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    CONSTRAINT certifications_icon_check CHECK ((((length(btrim(icon)) >= 1) AND (length(btrim(icon)) <= 2048)) AND (app.is_web_url(icon) OR ((length(icon) <= 16) AND (icon !~ '[<>:"]'::text))))),
    CONSTRAINT certifications_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 200))),
    CONSTRAINT certifications_obtained_date_check CHECK ((obtained_date >= '1970-01-01'::date))
);

--
-- Name: certifications_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.certifications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.certifications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: configs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.configs (
    id integer NOT NULL,
    name text NOT NULL,
    value text DEFAULT ''::text NOT NULL,
    description text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    CONSTRAINT configs_description_check CHECK (((description IS NULL) OR (length(description) <= 500))),
    CONSTRAINT configs_name_check CHECK ((name ~ '^[A-Za-z][A-Za-z0-9_.-]{0,99}$'::text)),
    CONSTRAINT configs_value_check CHECK ((length(value) <= 10000))
);

--
-- Name: configs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.configs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.configs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: contact_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contact_messages (
    id integer NOT NULL,
    name text NOT NULL,
    email text NOT NULL,
    message text NOT NULL,
    is_read boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT contact_messages_email_check CHECK (((length(email) <= 254) AND (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    CONSTRAINT contact_messages_message_check CHECK (((length(btrim(message)) >= 1) AND (length(btrim(message)) <= 5000))),
    CONSTRAINT contact_messages_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100)))
);

--
-- Name: contact_messages_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.contact_messages ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.contact_messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: education; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.education (
    id integer NOT NULL,
    institution text NOT NULL,
    qualification text NOT NULL,
    field text DEFAULT ''::text NOT NULL,
    start_date date NOT NULL,
    end_date date,
    description text DEFAULT ''::text NOT NULL,
    url text,
    version integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT education_description_check CHECK ((length(description) <= 10000)),
    CONSTRAINT education_end_date_check CHECK (((end_date IS NULL) OR (EXTRACT(day FROM end_date) = (1)::numeric))),
    CONSTRAINT education_end_not_before_start CHECK (((end_date IS NULL) OR (end_date >= start_date))),
    CONSTRAINT education_field_check CHECK ((length(field) <= 200)),
    CONSTRAINT education_institution_check CHECK (((length(btrim(institution)) >= 1) AND (length(btrim(institution)) <= 200))),
    CONSTRAINT education_qualification_check CHECK (((length(btrim(qualification)) >= 1) AND (length(btrim(qualification)) <= 200))),
    CONSTRAINT education_start_date_check CHECK (((start_date >= '1950-01-01'::date) AND (EXTRACT(day FROM start_date) = (1)::numeric))),
    CONSTRAINT education_url_check CHECK (((url IS NULL) OR ((length(url) <= 2048) AND app.is_web_url(url))))
);

--
-- Name: education_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.education ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.education_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: experience_technologies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.experience_technologies (
    experience_id integer NOT NULL,
    technology_id integer NOT NULL
);

--
-- Name: experiences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.experiences (
    id integer NOT NULL,
    organization text NOT NULL,
    role text NOT NULL,
    location text DEFAULT ''::text NOT NULL,
    start_date date NOT NULL,
    end_date date,
    description text DEFAULT ''::text NOT NULL,
    url text,
    version integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT experiences_description_check CHECK ((length(description) <= 10000)),
    CONSTRAINT experiences_end_date_check CHECK (((end_date IS NULL) OR (EXTRACT(day FROM end_date) = (1)::numeric))),
    CONSTRAINT experiences_end_not_before_start CHECK (((end_date IS NULL) OR (end_date >= start_date))),
    CONSTRAINT experiences_location_check CHECK ((length(location) <= 200)),
    CONSTRAINT experiences_organization_check CHECK (((length(btrim(organization)) >= 1) AND (length(btrim(organization)) <= 200))),
    CONSTRAINT experiences_role_check CHECK (((length(btrim(role)) >= 1) AND (length(btrim(role)) <= 200))),
    CONSTRAINT experiences_start_date_check CHECK (((start_date >= '1950-01-01'::date) AND (EXTRACT(day FROM start_date) = (1)::numeric))),
    CONSTRAINT experiences_url_check CHECK (((url IS NULL) OR ((length(url) <= 2048) AND app.is_web_url(url))))
);

--
-- Name: experiences_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.experiences ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.experiences_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: project_technologies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.project_technologies (
    project_id integer NOT NULL,
    technology_id integer NOT NULL
);

--
-- Name: projects; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.projects (
    id integer NOT NULL,
    name text NOT NULL,
    description text NOT NULL,
    start_year integer,
    end_year integer,
    live_url text,
    github_url text,
    is_active boolean DEFAULT true NOT NULL,
    thumbnail text,
    images text[] DEFAULT '{}'::text[] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    image_details jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT projects_description_check CHECK (((length(btrim(description)) >= 1) AND (length(btrim(description)) <= 10000))),
    CONSTRAINT projects_end_year_not_before_start CHECK (((end_year IS NULL) OR (start_year IS NULL) OR (end_year >= start_year))),
    CONSTRAINT projects_github_url_check CHECK (((github_url IS NULL) OR ((length(github_url) <= 2048) AND app.is_web_url(github_url)))),
    CONSTRAINT projects_image_details_are_valid CHECK (app.are_valid_image_details(image_details)),
    CONSTRAINT projects_images_check CHECK ((cardinality(images) <= 30)),
    CONSTRAINT projects_live_url_check CHECK (((live_url IS NULL) OR ((length(live_url) <= 2048) AND app.is_web_url(live_url)))),
    CONSTRAINT projects_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 200))),
    CONSTRAINT projects_thumbnail_check CHECK (((thumbnail IS NULL) OR ((length(thumbnail) <= 2048) AND app.is_web_url(thumbnail))))
);

--
-- Name: projects_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.projects ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.projects_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: site_publish; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.site_publish (
    id integer DEFAULT 1 NOT NULL,
    published_version bigint DEFAULT 0 NOT NULL,
    published_at timestamp with time zone,
    attempted_version bigint DEFAULT 0 NOT NULL,
    attempted_at timestamp with time zone,
    last_error text,
    requested_version bigint DEFAULT 0 NOT NULL,
    CONSTRAINT site_publish_id_check CHECK ((id = 1)),
    CONSTRAINT site_publish_last_error_check CHECK ((length(last_error) <= 300))
);

--
-- Name: technologies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.technologies (
    id integer NOT NULL,
    name text NOT NULL,
    icon text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    CONSTRAINT technologies_icon_check CHECK (((icon IS NULL) OR ((length(icon) <= 2048) AND app.is_web_url(icon)))),
    CONSTRAINT technologies_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100)))
);

--
-- Name: technologies_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.technologies ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.technologies_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id integer NOT NULL,
    username text NOT NULL,
    password_hash text NOT NULL,
    role text DEFAULT 'admin'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    CONSTRAINT users_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'user'::text]))),
    CONSTRAINT users_username_check CHECK (((length(btrim(username)) >= 1) AND (length(btrim(username)) <= 50)))
);

--
-- Name: users_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.users ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: visit_daily; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.visit_daily (
    day date NOT NULL,
    kind text NOT NULL,
    key text NOT NULL,
    events integer NOT NULL,
    visitors integer NOT NULL,
    CONSTRAINT visit_daily_events_check CHECK ((events >= 0)),
    CONSTRAINT visit_daily_key_check CHECK ((length(key) <= 255)),
    CONSTRAINT visit_daily_kind_check CHECK ((kind = ANY (ARRAY['total'::text, 'project'::text, 'referrer'::text, 'click'::text, 'utm_source'::text, 'utm_campaign'::text]))),
    CONSTRAINT visit_daily_visitors_check CHECK ((visitors >= 0))
);

--
-- Name: certification_link_changes certification_link_changes_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.certification_link_changes
    ADD CONSTRAINT certification_link_changes_pkey PRIMARY KEY (xact, certification_id, technology_id);

--
-- Name: content_version content_version_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.content_version
    ADD CONSTRAINT content_version_pkey PRIMARY KEY (id);

--
-- Name: experience_link_changes experience_link_changes_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.experience_link_changes
    ADD CONSTRAINT experience_link_changes_pkey PRIMARY KEY (xact, experience_id, technology_id);

--
-- Name: link_changes link_changes_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.link_changes
    ADD CONSTRAINT link_changes_pkey PRIMARY KEY (xact, project_id, technology_id);

--
-- Name: periodic_jobs periodic_jobs_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.periodic_jobs
    ADD CONSTRAINT periodic_jobs_pkey PRIMARY KEY (name);

--
-- Name: rate_limits rate_limits_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (bucket, key);

--
-- Name: reauthentications reauthentications_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.reauthentications
    ADD CONSTRAINT reauthentications_pkey PRIMARY KEY (xact, user_id);

--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

--
-- Name: seed_runs seed_runs_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.seed_runs
    ADD CONSTRAINT seed_runs_pkey PRIMARY KEY (id);

--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

--
-- Name: two_step_challenges two_step_challenges_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.two_step_challenges
    ADD CONSTRAINT two_step_challenges_pkey PRIMARY KEY (id);

--
-- Name: two_step two_step_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.two_step
    ADD CONSTRAINT two_step_pkey PRIMARY KEY (user_id);

--
-- Name: two_step_recovery two_step_recovery_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.two_step_recovery
    ADD CONSTRAINT two_step_recovery_pkey PRIMARY KEY (user_id, code_hash);

--
-- Name: visit_events visit_events_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.visit_events
    ADD CONSTRAINT visit_events_pkey PRIMARY KEY (id);

--
-- Name: visit_rollup_state visit_rollup_state_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.visit_rollup_state
    ADD CONSTRAINT visit_rollup_state_pkey PRIMARY KEY (id);

--
-- Name: visit_salts visit_salts_pkey; Type: CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.visit_salts
    ADD CONSTRAINT visit_salts_pkey PRIMARY KEY (day);

--
-- Name: activity activity_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity
    ADD CONSTRAINT activity_pkey PRIMARY KEY (id);

--
-- Name: certification_technologies certification_technologies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certification_technologies
    ADD CONSTRAINT certification_technologies_pkey PRIMARY KEY (certification_id, technology_id);

--
-- Name: certifications certifications_icon_is_unambiguous; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.certifications
    ADD CONSTRAINT certifications_icon_is_unambiguous CHECK ((app.is_unambiguous_link(icon) OR ((length(icon) <= 16) AND (icon !~ '[<>:"/\\]'::text)))) NOT VALID;

--
-- Name: certifications certifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certifications
    ADD CONSTRAINT certifications_pkey PRIMARY KEY (id);

--
-- Name: configs configs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.configs
    ADD CONSTRAINT configs_pkey PRIMARY KEY (id);

--
-- Name: contact_messages contact_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_pkey PRIMARY KEY (id);

--
-- Name: education education_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.education
    ADD CONSTRAINT education_pkey PRIMARY KEY (id);

--
-- Name: experience_technologies experience_technologies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.experience_technologies
    ADD CONSTRAINT experience_technologies_pkey PRIMARY KEY (experience_id, technology_id);

--
-- Name: experiences experiences_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.experiences
    ADD CONSTRAINT experiences_pkey PRIMARY KEY (id);

--
-- Name: project_technologies project_technologies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_technologies
    ADD CONSTRAINT project_technologies_pkey PRIMARY KEY (project_id, technology_id);

--
-- Name: projects projects_github_url_is_unambiguous; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.projects
    ADD CONSTRAINT projects_github_url_is_unambiguous CHECK (app.is_unambiguous_link(github_url)) NOT VALID;

--
-- Name: projects projects_images_are_unambiguous; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.projects
    ADD CONSTRAINT projects_images_are_unambiguous CHECK (app.are_unambiguous_links(images)) NOT VALID;

--
-- Name: projects projects_live_url_is_unambiguous; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.projects
    ADD CONSTRAINT projects_live_url_is_unambiguous CHECK (app.is_unambiguous_link(live_url)) NOT VALID;

--
-- Name: projects projects_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (id);

--
-- Name: projects projects_thumbnail_is_unambiguous; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.projects
    ADD CONSTRAINT projects_thumbnail_is_unambiguous CHECK (app.is_unambiguous_link(thumbnail)) NOT VALID;

--
-- Name: site_publish site_publish_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.site_publish
    ADD CONSTRAINT site_publish_pkey PRIMARY KEY (id);

--
-- Name: technologies technologies_icon_is_unambiguous; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.technologies
    ADD CONSTRAINT technologies_icon_is_unambiguous CHECK (app.is_unambiguous_link(icon)) NOT VALID;

--
-- Name: technologies technologies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.technologies
    ADD CONSTRAINT technologies_pkey PRIMARY KEY (id);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: visit_daily visit_daily_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.visit_daily
    ADD CONSTRAINT visit_daily_pkey PRIMARY KEY (day, kind, key);

--
-- Name: rate_limits_expires_at_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX rate_limits_expires_at_idx ON app.rate_limits USING btree (expires_at);

--
-- Name: reauthentications_confirmed_at_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX reauthentications_confirmed_at_idx ON app.reauthentications USING btree (confirmed_at);

--
-- Name: sessions_expires_at_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX sessions_expires_at_idx ON app.sessions USING btree (expires_at);

--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX sessions_user_id_idx ON app.sessions USING btree (user_id);

--
-- Name: two_step_challenges_expires_at_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX two_step_challenges_expires_at_idx ON app.two_step_challenges USING btree (expires_at);

--
-- Name: visit_events_day_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX visit_events_day_idx ON app.visit_events USING btree (day);

--
-- Name: visit_events_unrolled_idx; Type: INDEX; Schema: app; Owner: -
--

CREATE INDEX visit_events_unrolled_idx ON app.visit_events USING btree (day) WHERE (NOT rolled);

--
-- Name: activity_actor_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_actor_id_idx ON public.activity USING btree (actor_id);

--
-- Name: activity_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_at_idx ON public.activity USING btree (at);

--
-- Name: activity_entity_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX activity_entity_idx ON public.activity USING btree (entity, entity_id);

--
-- Name: certification_technologies_technology_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX certification_technologies_technology_idx ON public.certification_technologies USING btree (technology_id);

--
-- Name: configs_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX configs_name_key ON public.configs USING btree (lower(name));

--
-- Name: contact_messages_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_created_idx ON public.contact_messages USING btree (created_at DESC);

--
-- Name: education_listing_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX education_listing_idx ON public.education USING btree (((end_date IS NULL)) DESC, start_date DESC, id);

--
-- Name: experience_technologies_technology_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX experience_technologies_technology_idx ON public.experience_technologies USING btree (technology_id);

--
-- Name: experiences_listing_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX experiences_listing_idx ON public.experiences USING btree (((end_date IS NULL)) DESC, start_date DESC, id);

--
-- Name: project_technologies_technology_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX project_technologies_technology_idx ON public.project_technologies USING btree (technology_id);

--
-- Name: projects_listing_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX projects_listing_idx ON public.projects USING btree (is_active DESC, COALESCE(start_year, 0) DESC, id);

--
-- Name: technologies_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX technologies_name_key ON public.technologies USING btree (lower(name));

--
-- Name: users_username_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_username_key ON public.users USING btree (lower(username));

--
-- Name: activity activity_prune; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER activity_prune AFTER INSERT ON public.activity REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION app.prune_activity();

--
-- Name: certification_technologies certification_technologies_activity; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certification_technologies_activity AFTER INSERT OR DELETE ON public.certification_technologies FOR EACH ROW EXECUTE FUNCTION app.note_certification_link_change();

--
-- Name: certification_technologies certification_technologies_activity_at_commit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE CONSTRAINT TRIGGER certification_technologies_activity_at_commit AFTER INSERT OR DELETE ON public.certification_technologies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app.record_certification_link_changes();

--
-- Name: certification_technologies certification_technologies_content_version_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certification_technologies_content_version_delete AFTER DELETE ON public.certification_technologies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: certification_technologies certification_technologies_content_version_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certification_technologies_content_version_insert AFTER INSERT ON public.certification_technologies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: certification_technologies certification_technologies_content_version_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certification_technologies_content_version_truncate AFTER TRUNCATE ON public.certification_technologies FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: certification_technologies certification_technologies_content_version_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certification_technologies_content_version_update AFTER UPDATE ON public.certification_technologies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: certifications certifications_activity_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_activity_delete AFTER DELETE ON public.certifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: certifications certifications_activity_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_activity_insert AFTER INSERT ON public.certifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: certifications certifications_activity_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_activity_update AFTER UPDATE ON public.certifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: certifications certifications_bump_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_bump_version BEFORE UPDATE ON public.certifications FOR EACH ROW EXECUTE FUNCTION app.bump_version();

--
-- Name: certifications certifications_content_version_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_content_version_delete AFTER DELETE ON public.certifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: certifications certifications_content_version_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_content_version_insert AFTER INSERT ON public.certifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: certifications certifications_content_version_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_content_version_truncate AFTER TRUNCATE ON public.certifications FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: certifications certifications_content_version_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_content_version_update AFTER UPDATE ON public.certifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: certifications certifications_touch; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER certifications_touch BEFORE UPDATE ON public.certifications FOR EACH ROW EXECUTE FUNCTION app.touch_updated_at();

--
-- Name: configs configs_activity_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER configs_activity_delete AFTER DELETE ON public.configs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: configs configs_activity_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER configs_activity_insert AFTER INSERT ON public.configs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: configs configs_activity_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER configs_activity_update AFTER UPDATE ON public.configs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: configs configs_bump_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER configs_bump_version BEFORE UPDATE ON public.configs FOR EACH ROW EXECUTE FUNCTION app.bump_version();

--
-- Name: configs configs_content_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER configs_content_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.configs FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: configs configs_touch; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER configs_touch BEFORE UPDATE ON public.configs FOR EACH ROW EXECUTE FUNCTION app.touch_updated_at();

--
-- Name: contact_messages contact_messages_activity_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_activity_delete AFTER DELETE ON public.contact_messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: contact_messages contact_messages_activity_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_activity_insert AFTER INSERT ON public.contact_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: contact_messages contact_messages_activity_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER contact_messages_activity_update AFTER UPDATE ON public.contact_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: education education_activity_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER education_activity_delete AFTER DELETE ON public.education REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: education education_activity_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER education_activity_insert AFTER INSERT ON public.education REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: education education_activity_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER education_activity_update AFTER UPDATE ON public.education REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: education education_bump_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER education_bump_version BEFORE UPDATE ON public.education FOR EACH ROW EXECUTE FUNCTION app.bump_version();

--
-- Name: education education_content_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER education_content_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.education FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: education education_touch; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER education_touch BEFORE UPDATE ON public.education FOR EACH ROW EXECUTE FUNCTION app.touch_updated_at();

--
-- Name: experience_technologies experience_technologies_activity; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER experience_technologies_activity AFTER INSERT OR DELETE ON public.experience_technologies FOR EACH ROW EXECUTE FUNCTION app.note_experience_link_change();

--
-- Name: experience_technologies experience_technologies_activity_at_commit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE CONSTRAINT TRIGGER experience_technologies_activity_at_commit AFTER INSERT OR DELETE ON public.experience_technologies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app.record_experience_link_changes();

--
-- Name: experience_technologies experience_technologies_content_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER experience_technologies_content_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.experience_technologies FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: experiences experiences_activity_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER experiences_activity_delete AFTER DELETE ON public.experiences REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: experiences experiences_activity_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER experiences_activity_insert AFTER INSERT ON public.experiences REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: experiences experiences_activity_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER experiences_activity_update AFTER UPDATE ON public.experiences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: experiences experiences_bump_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER experiences_bump_version BEFORE UPDATE ON public.experiences FOR EACH ROW EXECUTE FUNCTION app.bump_version();

--
-- Name: experiences experiences_content_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER experiences_content_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.experiences FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: experiences experiences_touch; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER experiences_touch BEFORE UPDATE ON public.experiences FOR EACH ROW EXECUTE FUNCTION app.touch_updated_at();

--
-- Name: project_technologies project_technologies_activity; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER project_technologies_activity AFTER INSERT OR DELETE ON public.project_technologies FOR EACH ROW EXECUTE FUNCTION app.note_link_change();

--
-- Name: project_technologies project_technologies_activity_at_commit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE CONSTRAINT TRIGGER project_technologies_activity_at_commit AFTER INSERT OR DELETE ON public.project_technologies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app.record_link_changes();

--
-- Name: project_technologies project_technologies_content_version_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER project_technologies_content_version_delete AFTER DELETE ON public.project_technologies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: project_technologies project_technologies_content_version_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER project_technologies_content_version_insert AFTER INSERT ON public.project_technologies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: project_technologies project_technologies_content_version_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER project_technologies_content_version_truncate AFTER TRUNCATE ON public.project_technologies FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: project_technologies project_technologies_content_version_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER project_technologies_content_version_update AFTER UPDATE ON public.project_technologies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: projects projects_activity_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_activity_delete AFTER DELETE ON public.projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: projects projects_activity_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_activity_insert AFTER INSERT ON public.projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: projects projects_activity_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_activity_update AFTER UPDATE ON public.projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: projects projects_bump_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_bump_version BEFORE UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION app.bump_version();

--
-- Name: projects projects_check_years; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_check_years BEFORE INSERT OR UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION app.check_project_years();

--
-- Name: projects projects_content_version_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_content_version_delete AFTER DELETE ON public.projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: projects projects_content_version_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_content_version_insert AFTER INSERT ON public.projects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: projects projects_content_version_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_content_version_truncate AFTER TRUNCATE ON public.projects FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: projects projects_content_version_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_content_version_update AFTER UPDATE ON public.projects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version_if_visible();

--
-- Name: projects projects_keep_image_details; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_keep_image_details BEFORE INSERT OR UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION app.keep_project_image_details();

--
-- Name: projects projects_touch_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER projects_touch_updated_at BEFORE UPDATE ON public.projects FOR EACH ROW EXECUTE FUNCTION app.touch_updated_at();

--
-- Name: technologies technologies_activity_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER technologies_activity_delete AFTER DELETE ON public.technologies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: technologies technologies_activity_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER technologies_activity_insert AFTER INSERT ON public.technologies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: technologies technologies_activity_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER technologies_activity_update AFTER UPDATE ON public.technologies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: technologies technologies_bump_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER technologies_bump_version BEFORE UPDATE ON public.technologies FOR EACH ROW EXECUTE FUNCTION app.bump_version();

--
-- Name: technologies technologies_content_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER technologies_content_version AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.technologies FOR EACH STATEMENT EXECUTE FUNCTION app.bump_content_version();

--
-- Name: technologies technologies_touch; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER technologies_touch BEFORE UPDATE ON public.technologies FOR EACH ROW EXECUTE FUNCTION app.touch_updated_at();

--
-- Name: users users_activity_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_activity_delete AFTER DELETE ON public.users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: users users_activity_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_activity_insert AFTER INSERT ON public.users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: users users_activity_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_activity_update AFTER UPDATE ON public.users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.record_activity();

--
-- Name: users users_bump_version; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_bump_version BEFORE UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION app.bump_version();

--
-- Name: users users_end_sessions_on_password_change; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_end_sessions_on_password_change AFTER UPDATE OF password_hash ON public.users FOR EACH ROW WHEN ((old.password_hash IS DISTINCT FROM new.password_hash)) EXECUTE FUNCTION app.end_sessions_on_password_change();

--
-- Name: users users_protect_admins; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_protect_admins BEFORE DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION app.protect_admins();

--
-- Name: users users_reauthenticate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_reauthenticate BEFORE INSERT OR DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION app.require_reauthentication();

--
-- Name: reauthentications reauthentications_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.reauthentications
    ADD CONSTRAINT reauthentications_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: two_step_challenges two_step_challenges_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.two_step_challenges
    ADD CONSTRAINT two_step_challenges_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: two_step_recovery two_step_recovery_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.two_step_recovery
    ADD CONSTRAINT two_step_recovery_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: two_step two_step_user_id_fkey; Type: FK CONSTRAINT; Schema: app; Owner: -
--

ALTER TABLE ONLY app.two_step
    ADD CONSTRAINT two_step_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: activity activity_actor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.activity
    ADD CONSTRAINT activity_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: certification_technologies certification_technologies_certification_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certification_technologies
    ADD CONSTRAINT certification_technologies_certification_id_fkey FOREIGN KEY (certification_id) REFERENCES public.certifications(id) ON DELETE CASCADE;

--
-- Name: certification_technologies certification_technologies_technology_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.certification_technologies
    ADD CONSTRAINT certification_technologies_technology_id_fkey FOREIGN KEY (technology_id) REFERENCES public.technologies(id) ON DELETE CASCADE;

--
-- Name: experience_technologies experience_technologies_experience_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.experience_technologies
    ADD CONSTRAINT experience_technologies_experience_id_fkey FOREIGN KEY (experience_id) REFERENCES public.experiences(id) ON DELETE CASCADE;

--
-- Name: experience_technologies experience_technologies_technology_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.experience_technologies
    ADD CONSTRAINT experience_technologies_technology_id_fkey FOREIGN KEY (technology_id) REFERENCES public.technologies(id) ON DELETE CASCADE;

--
-- Name: project_technologies project_technologies_project_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_technologies
    ADD CONSTRAINT project_technologies_project_id_fkey FOREIGN KEY (project_id) REFERENCES public.projects(id) ON DELETE CASCADE;

--
-- Name: project_technologies project_technologies_technology_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.project_technologies
    ADD CONSTRAINT project_technologies_technology_id_fkey FOREIGN KEY (technology_id) REFERENCES public.technologies(id) ON DELETE CASCADE;

--
-- Name: certification_link_changes; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.certification_link_changes ENABLE ROW LEVEL SECURITY;

--
-- Name: content_version; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.content_version ENABLE ROW LEVEL SECURITY;

--
-- Name: experience_link_changes; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.experience_link_changes ENABLE ROW LEVEL SECURITY;

--
-- Name: link_changes; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.link_changes ENABLE ROW LEVEL SECURITY;

--
-- Name: periodic_jobs; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.periodic_jobs ENABLE ROW LEVEL SECURITY;

--
-- Name: rate_limits; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.rate_limits ENABLE ROW LEVEL SECURITY;

--
-- Name: reauthentications; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.reauthentications ENABLE ROW LEVEL SECURITY;

--
-- Name: sessions; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.sessions ENABLE ROW LEVEL SECURITY;

--
-- Name: two_step; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.two_step ENABLE ROW LEVEL SECURITY;

--
-- Name: two_step_challenges; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.two_step_challenges ENABLE ROW LEVEL SECURITY;

--
-- Name: two_step_recovery; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.two_step_recovery ENABLE ROW LEVEL SECURITY;

--
-- Name: visit_events; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.visit_events ENABLE ROW LEVEL SECURITY;

--
-- Name: visit_rollup_state; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.visit_rollup_state ENABLE ROW LEVEL SECURITY;

--
-- Name: visit_salts; Type: ROW SECURITY; Schema: app; Owner: -
--

ALTER TABLE app.visit_salts ENABLE ROW LEVEL SECURITY;

--
-- Name: users Admins can create accounts; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can create accounts" ON public.users FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: certifications Admins can create certifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can create certifications" ON public.certifications FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: configs Admins can create configurations; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can create configurations" ON public.configs FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: education Admins can create education; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can create education" ON public.education FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: experiences Admins can create experiences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can create experiences" ON public.experiences FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: projects Admins can create projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can create projects" ON public.projects FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: technologies Admins can create technologies; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can create technologies" ON public.technologies FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: users Admins can delete accounts; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can delete accounts" ON public.users FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: certifications Admins can delete certifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can delete certifications" ON public.certifications FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: configs Admins can delete configurations; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can delete configurations" ON public.configs FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: education Admins can delete education; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can delete education" ON public.education FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: experiences Admins can delete experiences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can delete experiences" ON public.experiences FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: contact_messages Admins can delete messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can delete messages" ON public.contact_messages FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: projects Admins can delete projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can delete projects" ON public.projects FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: technologies Admins can delete technologies; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can delete technologies" ON public.technologies FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: certification_technologies Admins can link technologies to certifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can link technologies to certifications" ON public.certification_technologies FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: experience_technologies Admins can link technologies to experiences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can link technologies to experiences" ON public.experience_technologies FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: project_technologies Admins can link technologies to projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can link technologies to projects" ON public.project_technologies FOR INSERT TO authenticated WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: contact_messages Admins can mark messages read; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can mark messages read" ON public.contact_messages FOR UPDATE TO authenticated USING (( SELECT app.is_admin() AS is_admin)) WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: users Admins can read every account and users their own; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can read every account and users their own" ON public.users FOR SELECT TO authenticated USING ((( SELECT app.is_admin() AS is_admin) OR (id = ( SELECT app.current_user_id() AS current_user_id))));

--
-- Name: certification_technologies Admins can unlink technologies from certifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can unlink technologies from certifications" ON public.certification_technologies FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: experience_technologies Admins can unlink technologies from experiences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can unlink technologies from experiences" ON public.experience_technologies FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: project_technologies Admins can unlink technologies from projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can unlink technologies from projects" ON public.project_technologies FOR DELETE TO authenticated USING (( SELECT app.is_admin() AS is_admin));

--
-- Name: users Admins can update accounts; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can update accounts" ON public.users FOR UPDATE TO authenticated USING (( SELECT app.is_admin() AS is_admin)) WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: certifications Admins can update certifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can update certifications" ON public.certifications FOR UPDATE TO authenticated USING (( SELECT app.is_admin() AS is_admin)) WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: configs Admins can update configurations; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can update configurations" ON public.configs FOR UPDATE TO authenticated USING (( SELECT app.is_admin() AS is_admin)) WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: education Admins can update education; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can update education" ON public.education FOR UPDATE TO authenticated USING (( SELECT app.is_admin() AS is_admin)) WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: experiences Admins can update experiences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can update experiences" ON public.experiences FOR UPDATE TO authenticated USING (( SELECT app.is_admin() AS is_admin)) WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: projects Admins can update projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can update projects" ON public.projects FOR UPDATE TO authenticated USING (( SELECT app.is_admin() AS is_admin)) WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: technologies Admins can update technologies; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Admins can update technologies" ON public.technologies FOR UPDATE TO authenticated USING (( SELECT app.is_admin() AS is_admin)) WITH CHECK (( SELECT app.is_admin() AS is_admin));

--
-- Name: certification_technologies Signed-in accounts can read certification links; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read certification links" ON public.certification_technologies FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: certifications Signed-in accounts can read certifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read certifications" ON public.certifications FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: configs Signed-in accounts can read configurations; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read configurations" ON public.configs FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: education Signed-in accounts can read education; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read education" ON public.education FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: experience_technologies Signed-in accounts can read experience links; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read experience links" ON public.experience_technologies FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: experiences Signed-in accounts can read experiences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read experiences" ON public.experiences FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: contact_messages Signed-in accounts can read messages; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read messages" ON public.contact_messages FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: project_technologies Signed-in accounts can read project links; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read project links" ON public.project_technologies FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: projects Signed-in accounts can read projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read projects" ON public.projects FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: technologies Signed-in accounts can read technologies; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read technologies" ON public.technologies FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: activity Signed-in accounts can read the activity history; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read the activity history" ON public.activity FOR SELECT TO authenticated USING ((( SELECT app.is_signed_in() AS is_signed_in) AND ((entity <> 'users'::text) OR ( SELECT app.is_admin() AS is_admin) OR (entity_id = ( SELECT app.current_user_id() AS current_user_id)))));

--
-- Name: visit_daily Signed-in accounts can read visit statistics; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read visit statistics" ON public.visit_daily FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: site_publish Signed-in accounts can read when the site was published; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Signed-in accounts can read when the site was published" ON public.site_publish FOR SELECT TO authenticated USING (( SELECT app.is_signed_in() AS is_signed_in));

--
-- Name: certifications Visitors can read active certifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read active certifications" ON public.certifications FOR SELECT TO anon USING (is_active);

--
-- Name: projects Visitors can read active projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read active projects" ON public.projects FOR SELECT TO anon USING (is_active);

--
-- Name: configs Visitors can read configurations; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read configurations" ON public.configs FOR SELECT TO anon USING (true);

--
-- Name: education Visitors can read education; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read education" ON public.education FOR SELECT TO anon USING (true);

--
-- Name: experience_technologies Visitors can read experience links; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read experience links" ON public.experience_technologies FOR SELECT TO anon USING (true);

--
-- Name: experiences Visitors can read experiences; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read experiences" ON public.experiences FOR SELECT TO anon USING (true);

--
-- Name: certification_technologies Visitors can read links of active certifications; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read links of active certifications" ON public.certification_technologies FOR SELECT TO anon USING ((EXISTS ( SELECT 1
   FROM public.certifications c
  WHERE ((c.id = certification_technologies.certification_id) AND c.is_active))));

--
-- Name: project_technologies Visitors can read links of active projects; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read links of active projects" ON public.project_technologies FOR SELECT TO anon USING ((EXISTS ( SELECT 1
   FROM public.projects p
  WHERE ((p.id = project_technologies.project_id) AND p.is_active))));

--
-- Name: technologies Visitors can read technologies; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can read technologies" ON public.technologies FOR SELECT TO anon USING (true);

--
-- Name: activity; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.activity ENABLE ROW LEVEL SECURITY;

--
-- Name: certification_technologies; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.certification_technologies ENABLE ROW LEVEL SECURITY;

--
-- Name: certifications; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.certifications ENABLE ROW LEVEL SECURITY;

--
-- Name: configs; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.configs ENABLE ROW LEVEL SECURITY;

--
-- Name: contact_messages; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.contact_messages ENABLE ROW LEVEL SECURITY;

--
-- Name: education; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.education ENABLE ROW LEVEL SECURITY;

--
-- Name: experience_technologies; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.experience_technologies ENABLE ROW LEVEL SECURITY;

--
-- Name: experiences; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.experiences ENABLE ROW LEVEL SECURITY;

--
-- Name: project_technologies; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.project_technologies ENABLE ROW LEVEL SECURITY;

--
-- Name: projects; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.projects ENABLE ROW LEVEL SECURITY;

--
-- Name: site_publish; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.site_publish ENABLE ROW LEVEL SECURITY;

--
-- Name: technologies; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.technologies ENABLE ROW LEVEL SECURITY;

--
-- Name: users; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.users ENABLE ROW LEVEL SECURITY;

--
-- Name: visit_daily; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.visit_daily ENABLE ROW LEVEL SECURITY;

--
-- Name: SCHEMA app; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA app TO anon;
GRANT USAGE ON SCHEMA app TO authenticated;

--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;

--
-- Name: FUNCTION activity_changed_fields(p_old jsonb, p_new jsonb); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.activity_changed_fields(p_old jsonb, p_new jsonb) FROM PUBLIC;

--
-- Name: FUNCTION activity_label(p_entity text, p_row jsonb); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.activity_label(p_entity text, p_row jsonb) FROM PUBLIC;

--
-- Name: FUNCTION activity_summary(p_verb text, p_entity text, p_row jsonb); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.activity_summary(p_verb text, p_entity text, p_row jsonb) FROM PUBLIC;

--
-- Name: FUNCTION are_unambiguous_links(p_urls text[]); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.are_unambiguous_links(p_urls text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION app.are_unambiguous_links(p_urls text[]) TO anon;
GRANT ALL ON FUNCTION app.are_unambiguous_links(p_urls text[]) TO authenticated;

--
-- Name: FUNCTION are_valid_image_details(p_details jsonb); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.are_valid_image_details(p_details jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION app.are_valid_image_details(p_details jsonb) TO anon;
GRANT ALL ON FUNCTION app.are_valid_image_details(p_details jsonb) TO authenticated;

--
-- Name: FUNCTION attempt_login(p_username text, p_password text, p_client text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.attempt_login(p_username text, p_password text, p_client text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.attempt_login(p_username text, p_password text, p_client text) TO anon;
GRANT ALL ON FUNCTION app.attempt_login(p_username text, p_password text, p_client text) TO authenticated;

--
-- Name: FUNCTION bump_content_version(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.bump_content_version() FROM PUBLIC;

--
-- Name: FUNCTION bump_content_version_if_visible(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.bump_content_version_if_visible() FROM PUBLIC;

--
-- Name: FUNCTION bump_version(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.bump_version() FROM PUBLIC;

--
-- Name: FUNCTION check_project_years(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.check_project_years() FROM PUBLIC;
GRANT ALL ON FUNCTION app.check_project_years() TO authenticated;

--
-- Name: FUNCTION claim_due_publish(p_quiet interval); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.claim_due_publish(p_quiet interval) FROM PUBLIC;

--
-- Name: FUNCTION claim_periodic(p_name text, p_every interval); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.claim_periodic(p_name text, p_every interval) FROM PUBLIC;

--
-- Name: FUNCTION claim_publish(p_quiet interval, p_force boolean); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.claim_publish(p_quiet interval, p_force boolean) FROM PUBLIC;

--
-- Name: FUNCTION confirm_password(p_current text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.confirm_password(p_current text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.confirm_password(p_current text) TO authenticated;

--
-- Name: FUNCTION contact_allowed(p_client text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.contact_allowed(p_client text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.contact_allowed(p_client text) TO anon;
GRANT ALL ON FUNCTION app.contact_allowed(p_client text) TO authenticated;

--
-- Name: FUNCTION content_version(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.content_version() FROM PUBLIC;
GRANT ALL ON FUNCTION app.content_version() TO anon;
GRANT ALL ON FUNCTION app.content_version() TO authenticated;

--
-- Name: FUNCTION current_session_id(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.current_session_id() FROM PUBLIC;
GRANT ALL ON FUNCTION app.current_session_id() TO anon;
GRANT ALL ON FUNCTION app.current_session_id() TO authenticated;

--
-- Name: FUNCTION current_user_id(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.current_user_id() FROM PUBLIC;
GRANT ALL ON FUNCTION app.current_user_id() TO anon;
GRANT ALL ON FUNCTION app.current_user_id() TO authenticated;

--
-- Name: FUNCTION describe_session(p_session uuid, p_device text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.describe_session(p_session uuid, p_device text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.describe_session(p_session uuid, p_device text) TO anon;
GRANT ALL ON FUNCTION app.describe_session(p_session uuid, p_device text) TO authenticated;

--
-- Name: FUNCTION end_my_other_sessions(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.end_my_other_sessions() FROM PUBLIC;
GRANT ALL ON FUNCTION app.end_my_other_sessions() TO authenticated;

--
-- Name: FUNCTION end_my_session(p_id uuid); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.end_my_session(p_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION app.end_my_session(p_id uuid) TO authenticated;

--
-- Name: FUNCTION end_session(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.end_session() FROM PUBLIC;
GRANT ALL ON FUNCTION app.end_session() TO authenticated;

--
-- Name: FUNCTION end_sessions_on_password_change(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.end_sessions_on_password_change() FROM PUBLIC;

--
-- Name: FUNCTION hash_password(p_password text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.hash_password(p_password text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.hash_password(p_password text) TO authenticated;

--
-- Name: FUNCTION is_admin(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.is_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION app.is_admin() TO anon;
GRANT ALL ON FUNCTION app.is_admin() TO authenticated;

--
-- Name: FUNCTION is_signed_in(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.is_signed_in() FROM PUBLIC;
GRANT ALL ON FUNCTION app.is_signed_in() TO anon;
GRANT ALL ON FUNCTION app.is_signed_in() TO authenticated;

--
-- Name: FUNCTION is_unambiguous_link(p_url text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.is_unambiguous_link(p_url text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.is_unambiguous_link(p_url text) TO anon;
GRANT ALL ON FUNCTION app.is_unambiguous_link(p_url text) TO authenticated;

--
-- Name: FUNCTION is_web_url(p_url text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.is_web_url(p_url text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.is_web_url(p_url text) TO anon;
GRANT ALL ON FUNCTION app.is_web_url(p_url text) TO authenticated;

--
-- Name: FUNCTION jwt_claims(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.jwt_claims() FROM PUBLIC;
GRANT ALL ON FUNCTION app.jwt_claims() TO anon;
GRANT ALL ON FUNCTION app.jwt_claims() TO authenticated;

--
-- Name: FUNCTION keep_project_image_details(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.keep_project_image_details() FROM PUBLIC;
GRANT ALL ON FUNCTION app.keep_project_image_details() TO authenticated;

--
-- Name: FUNCTION login_backoff_take(p_username text, p_enforce boolean); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.login_backoff_take(p_username text, p_enforce boolean) FROM PUBLIC;

--
-- Name: FUNCTION my_sessions(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.my_sessions() FROM PUBLIC;
GRANT ALL ON FUNCTION app.my_sessions() TO authenticated;

--
-- Name: FUNCTION my_two_step(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.my_two_step() FROM PUBLIC;
GRANT ALL ON FUNCTION app.my_two_step() TO authenticated;

--
-- Name: FUNCTION my_two_step_code_take(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.my_two_step_code_take() FROM PUBLIC;
GRANT ALL ON FUNCTION app.my_two_step_code_take() TO authenticated;

--
-- Name: FUNCTION next_content_version(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.next_content_version() FROM PUBLIC;

--
-- Name: FUNCTION note_certification_link_change(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.note_certification_link_change() FROM PUBLIC;

--
-- Name: FUNCTION note_experience_link_change(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.note_experience_link_change() FROM PUBLIC;

--
-- Name: FUNCTION note_link_change(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.note_link_change() FROM PUBLIC;

--
-- Name: FUNCTION project_image_details(p_name text, p_thumbnail text, p_images text[], p_given jsonb); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.project_image_details(p_name text, p_thumbnail text, p_images text[], p_given jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION app.project_image_details(p_name text, p_thumbnail text, p_images text[], p_given jsonb) TO anon;
GRANT ALL ON FUNCTION app.project_image_details(p_name text, p_thumbnail text, p_images text[], p_given jsonb) TO authenticated;

--
-- Name: FUNCTION project_year_bounds(OUT min_year integer, OUT max_start_year integer, OUT max_end_year integer); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.project_year_bounds(OUT min_year integer, OUT max_start_year integer, OUT max_end_year integer) FROM PUBLIC;
GRANT ALL ON FUNCTION app.project_year_bounds(OUT min_year integer, OUT max_start_year integer, OUT max_end_year integer) TO anon;
GRANT ALL ON FUNCTION app.project_year_bounds(OUT min_year integer, OUT max_start_year integer, OUT max_end_year integer) TO authenticated;

--
-- Name: FUNCTION protect_admins(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.protect_admins() FROM PUBLIC;

--
-- Name: FUNCTION prune_activity(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.prune_activity() FROM PUBLIC;

--
-- Name: FUNCTION rate_limit_clear(p_bucket text, p_key text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.rate_limit_clear(p_bucket text, p_key text) FROM PUBLIC;

--
-- Name: FUNCTION rate_limit_give_back(p_bucket text, p_key text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.rate_limit_give_back(p_bucket text, p_key text) FROM PUBLIC;

--
-- Name: FUNCTION rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer) FROM PUBLIC;

--
-- Name: FUNCTION rate_limit_purge(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.rate_limit_purge() FROM PUBLIC;

--
-- Name: FUNCTION rate_limit_retry_after(p_bucket text, p_key text, p_max integer, p_window_seconds integer); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.rate_limit_retry_after(p_bucket text, p_key text, p_max integer, p_window_seconds integer) FROM PUBLIC;

--
-- Name: FUNCTION rate_limit_take(p_bucket text, p_key text, p_max integer, p_window_seconds integer); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.rate_limit_take(p_bucket text, p_key text, p_max integer, p_window_seconds integer) FROM PUBLIC;

--
-- Name: FUNCTION record_activity(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.record_activity() FROM PUBLIC;

--
-- Name: FUNCTION record_certification_link_changes(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.record_certification_link_changes() FROM PUBLIC;

--
-- Name: FUNCTION record_experience_link_changes(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.record_experience_link_changes() FROM PUBLIC;

--
-- Name: FUNCTION record_link_changes(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.record_link_changes() FROM PUBLIC;

--
-- Name: FUNCTION record_publish(p_version bigint, p_error text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.record_publish(p_version bigint, p_error text) FROM PUBLIC;

--
-- Name: FUNCTION record_visit(p_client text, p_user_agent text, p_site text, p_kind text, p_path text, p_project_id integer, p_target text, p_referrer_host text, p_utm_source text, p_utm_campaign text, p_limit integer, p_retention_days integer); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.record_visit(p_client text, p_user_agent text, p_site text, p_kind text, p_path text, p_project_id integer, p_target text, p_referrer_host text, p_utm_source text, p_utm_campaign text, p_limit integer, p_retention_days integer) FROM PUBLIC;
GRANT ALL ON FUNCTION app.record_visit(p_client text, p_user_agent text, p_site text, p_kind text, p_path text, p_project_id integer, p_target text, p_referrer_host text, p_utm_source text, p_utm_campaign text, p_limit integer, p_retention_days integer) TO anon;
GRANT ALL ON FUNCTION app.record_visit(p_client text, p_user_agent text, p_site text, p_kind text, p_path text, p_project_id integer, p_target text, p_referrer_host text, p_utm_source text, p_utm_campaign text, p_limit integer, p_retention_days integer) TO authenticated;

--
-- Name: FUNCTION register_first_admin(p_username text, p_password text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.register_first_admin(p_username text, p_password text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.register_first_admin(p_username text, p_password text) TO anon;
GRANT ALL ON FUNCTION app.register_first_admin(p_username text, p_password text) TO authenticated;

--
-- Name: FUNCTION registration_open(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.registration_open() FROM PUBLIC;
GRANT ALL ON FUNCTION app.registration_open() TO anon;
GRANT ALL ON FUNCTION app.registration_open() TO authenticated;

--
-- Name: FUNCTION replace_contact_messages(p_messages jsonb); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.replace_contact_messages(p_messages jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION app.replace_contact_messages(p_messages jsonb) TO authenticated;

--
-- Name: FUNCTION replace_visit_daily(p_rows jsonb); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.replace_visit_daily(p_rows jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION app.replace_visit_daily(p_rows jsonb) TO authenticated;

--
-- Name: FUNCTION request_publish(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.request_publish() FROM PUBLIC;

--
-- Name: FUNCTION require_reauthentication(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.require_reauthentication() FROM PUBLIC;

--
-- Name: FUNCTION send_contact_message(p_client text, p_name text, p_email text, p_message text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.send_contact_message(p_client text, p_name text, p_email text, p_message text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.send_contact_message(p_client text, p_name text, p_email text, p_message text) TO anon;
GRANT ALL ON FUNCTION app.send_contact_message(p_client text, p_name text, p_email text, p_message text) TO authenticated;

--
-- Name: FUNCTION session_touch_due(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.session_touch_due() FROM PUBLIC;
GRANT ALL ON FUNCTION app.session_touch_due() TO authenticated;

--
-- Name: FUNCTION start_session(p_user_id integer); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.start_session(p_user_id integer) FROM PUBLIC;

--
-- Name: FUNCTION touch_session(p_idle_seconds integer); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.touch_session(p_idle_seconds integer) FROM PUBLIC;
GRANT ALL ON FUNCTION app.touch_session(p_idle_seconds integer) TO authenticated;

--
-- Name: FUNCTION touch_updated_at(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.touch_updated_at() FROM PUBLIC;
GRANT ALL ON FUNCTION app.touch_updated_at() TO anon;
GRANT ALL ON FUNCTION app.touch_updated_at() TO authenticated;

--
-- Name: FUNCTION turn_of_year(); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.turn_of_year() FROM PUBLIC;

--
-- Name: FUNCTION two_step_accept(p_user_id integer, p_step bigint, p_recovery_hash text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.two_step_accept(p_user_id integer, p_step bigint, p_recovery_hash text) FROM PUBLIC;

--
-- Name: FUNCTION two_step_challenge_take(p_challenge uuid); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.two_step_challenge_take(p_challenge uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION app.two_step_challenge_take(p_challenge uuid) TO anon;

--
-- Name: FUNCTION two_step_code_take(p_user_id integer, p_secret text, p_last_step bigint); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.two_step_code_take(p_user_id integer, p_secret text, p_last_step bigint) FROM PUBLIC;

--
-- Name: FUNCTION two_step_disable(p_password text, p_step bigint, p_recovery_hash text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.two_step_disable(p_password text, p_step bigint, p_recovery_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.two_step_disable(p_password text, p_step bigint, p_recovery_hash text) TO authenticated;

--
-- Name: FUNCTION two_step_enable(p_step bigint, p_recovery_hashes text[]); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.two_step_enable(p_step bigint, p_recovery_hashes text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION app.two_step_enable(p_step bigint, p_recovery_hashes text[]) TO authenticated;

--
-- Name: FUNCTION two_step_prepare(p_sealed text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.two_step_prepare(p_sealed text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.two_step_prepare(p_sealed text) TO authenticated;

--
-- Name: FUNCTION two_step_sign_in(p_challenge uuid, p_step bigint, p_recovery_hash text); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.two_step_sign_in(p_challenge uuid, p_step bigint, p_recovery_hash text) FROM PUBLIC;
GRANT ALL ON FUNCTION app.two_step_sign_in(p_challenge uuid, p_step bigint, p_recovery_hash text) TO anon;

--
-- Name: FUNCTION visit_rollup(p_retention_days integer, p_every interval); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.visit_rollup(p_retention_days integer, p_every interval) FROM PUBLIC;

--
-- Name: FUNCTION visit_rollup_now(p_retention_days integer); Type: ACL; Schema: app; Owner: -
--

REVOKE ALL ON FUNCTION app.visit_rollup_now(p_retention_days integer) FROM PUBLIC;
GRANT ALL ON FUNCTION app.visit_rollup_now(p_retention_days integer) TO authenticated;

--
-- Name: TABLE activity; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.activity TO authenticated;

--
-- Name: TABLE certification_technologies; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.certification_technologies TO anon;
GRANT SELECT,INSERT,DELETE ON TABLE public.certification_technologies TO authenticated;

--
-- Name: TABLE certifications; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.certifications TO anon;
GRANT SELECT,DELETE ON TABLE public.certifications TO authenticated;

--
-- Name: COLUMN certifications.name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE public.certifications TO authenticated;

--
-- Name: COLUMN certifications.icon; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(icon),UPDATE(icon) ON TABLE public.certifications TO authenticated;

--
-- Name: COLUMN certifications.obtained_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(obtained_date),UPDATE(obtained_date) ON TABLE public.certifications TO authenticated;

--
-- Name: COLUMN certifications.is_active; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(is_active),UPDATE(is_active) ON TABLE public.certifications TO authenticated;

--
-- Name: TABLE configs; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.configs TO anon;
GRANT SELECT,DELETE ON TABLE public.configs TO authenticated;

--
-- Name: COLUMN configs.name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(name) ON TABLE public.configs TO authenticated;

--
-- Name: COLUMN configs.value; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(value),UPDATE(value) ON TABLE public.configs TO authenticated;

--
-- Name: COLUMN configs.description; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(description),UPDATE(description) ON TABLE public.configs TO authenticated;

--
-- Name: TABLE contact_messages; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.contact_messages TO authenticated;

--
-- Name: COLUMN contact_messages.is_read; Type: ACL; Schema: public; Owner: -
--

GRANT UPDATE(is_read) ON TABLE public.contact_messages TO authenticated;

--
-- Name: TABLE education; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.education TO anon;
GRANT SELECT,DELETE ON TABLE public.education TO authenticated;

--
-- Name: COLUMN education.institution; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(institution),UPDATE(institution) ON TABLE public.education TO authenticated;

--
-- Name: COLUMN education.qualification; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(qualification),UPDATE(qualification) ON TABLE public.education TO authenticated;

--
-- Name: COLUMN education.field; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(field),UPDATE(field) ON TABLE public.education TO authenticated;

--
-- Name: COLUMN education.start_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(start_date),UPDATE(start_date) ON TABLE public.education TO authenticated;

--
-- Name: COLUMN education.end_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(end_date),UPDATE(end_date) ON TABLE public.education TO authenticated;

--
-- Name: COLUMN education.description; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(description),UPDATE(description) ON TABLE public.education TO authenticated;

--
-- Name: COLUMN education.url; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(url),UPDATE(url) ON TABLE public.education TO authenticated;

--
-- Name: TABLE experience_technologies; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.experience_technologies TO anon;
GRANT SELECT,INSERT,DELETE ON TABLE public.experience_technologies TO authenticated;

--
-- Name: TABLE experiences; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.experiences TO anon;
GRANT SELECT,DELETE ON TABLE public.experiences TO authenticated;

--
-- Name: COLUMN experiences.organization; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(organization),UPDATE(organization) ON TABLE public.experiences TO authenticated;

--
-- Name: COLUMN experiences.role; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(role),UPDATE(role) ON TABLE public.experiences TO authenticated;

--
-- Name: COLUMN experiences.location; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(location),UPDATE(location) ON TABLE public.experiences TO authenticated;

--
-- Name: COLUMN experiences.start_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(start_date),UPDATE(start_date) ON TABLE public.experiences TO authenticated;

--
-- Name: COLUMN experiences.end_date; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(end_date),UPDATE(end_date) ON TABLE public.experiences TO authenticated;

--
-- Name: COLUMN experiences.description; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(description),UPDATE(description) ON TABLE public.experiences TO authenticated;

--
-- Name: COLUMN experiences.url; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(url),UPDATE(url) ON TABLE public.experiences TO authenticated;

--
-- Name: TABLE project_technologies; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.project_technologies TO anon;
GRANT SELECT,INSERT,DELETE ON TABLE public.project_technologies TO authenticated;

--
-- Name: TABLE projects; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.projects TO anon;
GRANT SELECT,DELETE ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.description; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(description),UPDATE(description) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.start_year; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(start_year),UPDATE(start_year) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.end_year; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(end_year),UPDATE(end_year) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.live_url; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(live_url),UPDATE(live_url) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.github_url; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(github_url),UPDATE(github_url) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.is_active; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(is_active),UPDATE(is_active) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.thumbnail; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(thumbnail),UPDATE(thumbnail) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.images; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(images),UPDATE(images) ON TABLE public.projects TO authenticated;

--
-- Name: COLUMN projects.image_details; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(image_details),UPDATE(image_details) ON TABLE public.projects TO authenticated;

--
-- Name: TABLE site_publish; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.site_publish TO authenticated;

--
-- Name: TABLE technologies; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.technologies TO anon;
GRANT SELECT,DELETE ON TABLE public.technologies TO authenticated;

--
-- Name: COLUMN technologies.name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(name),UPDATE(name) ON TABLE public.technologies TO authenticated;

--
-- Name: COLUMN technologies.icon; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(icon),UPDATE(icon) ON TABLE public.technologies TO authenticated;

--
-- Name: TABLE users; Type: ACL; Schema: public; Owner: -
--

GRANT DELETE ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.id; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(id) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.username; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(username),INSERT(username),UPDATE(username) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.password_hash; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(password_hash),UPDATE(password_hash) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.role; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(role),INSERT(role),UPDATE(role) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.created_at; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(created_at) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.updated_at; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(updated_at),UPDATE(updated_at) ON TABLE public.users TO authenticated;

--
-- Name: COLUMN users.version; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(version) ON TABLE public.users TO authenticated;

--
-- Name: TABLE visit_daily; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.visit_daily TO authenticated;

--
-- PostgreSQL database dump complete
--
