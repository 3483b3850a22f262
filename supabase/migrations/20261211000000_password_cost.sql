-- password_cost: written by `npm run db:migration` (scripts/schema-migration.ts)
-- from what supabase/schemas declares and the migrations before this one do
-- not make. Change the topic files, not this file.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.password_cost()
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((select h.cost from app.password_hashing h), 10)
$function$;

CREATE OR REPLACE FUNCTION app.hash_password(p_password text)
 RETURNS text
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select extensions.crypt(p_password, extensions.gen_salt('bf', app.password_cost()))
$function$;

CREATE OR REPLACE FUNCTION app.attempt_login(p_username text, p_password text, p_client text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;

create table app.password_hashing (
  only_row boolean default true not null,
  cost integer default 10 not null
);

alter table app.password_hashing add constraint password_hashing_pkey PRIMARY KEY (only_row);

alter table app.password_hashing add constraint password_hashing_only_row_check CHECK (only_row);
alter table app.password_hashing add constraint password_hashing_cost_check CHECK (((cost >= 4) AND (cost <= 16)));

-- Added by hand, as the generator writes definitions only: the one row.
insert into app.password_hashing default values on conflict do nothing;

revoke all on table app.password_hashing from public, anon, authenticated;
revoke all on function app.password_cost() from public, anon, authenticated;

reset check_function_bodies;
