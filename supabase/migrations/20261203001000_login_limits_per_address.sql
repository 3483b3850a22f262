-- Nobody can keep the owner out of the back office from another address
-- (docs/decisions/033-client-address-behind-proxies.md).
--
-- Before: the per-username back-off refused every address once ten guesses
-- from anywhere had failed, so a handful of addresses could lock the owner
-- out from any new place; and an address that had signed in before was only
-- recognised after the username-and-address limit, so five failures from a
-- shared address (a proxy, an office) kept the owner out there too.
--
-- Now:
-- * An address that signed in to this account in the last 30 days
--   (login-known) is asked first. Its own failures are all that count against
--   it (login-known-miss, 10 per 15 minutes): failures from other addresses,
--   and the per-address limits they fill, never refuse it.
-- * Any other address keeps the limits per username and address (5 per 15
--   minutes) and per address (30 per 15 minutes). Its failures still count
--   towards the username's back-off, but the back-off only refuses an address
--   that has already failed for this username in the current window: the
--   first attempt from a new address is always checked, so the right password
--   from elsewhere is never refused because of someone else's guesses. A
--   spread-out attacker gets one guess per address per 15 minutes while the
--   back-off holds.
-- * A password longer than 72 bytes never matches: bcrypt reads only the
--   first 72, so a longer guess that starts with the password would open the
--   account. New passwords are refused past 72 bytes by the API.

drop function if exists app.login_backoff_take(text);

-- The username's back-off (decision 012): counts this failure-to-be and, when
-- p_enforce, refuses while a wait is running. Returns the seconds to wait, or 0.
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
revoke all on function app.login_backoff_take(text, boolean) from public;

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
      -- This attempt is counted in the pair's row already: more than one means
      -- this address has tried this username before in the window.
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
    -- The hash is always computed, so a long password costs the same time.
    v_match := v_user.password_hash = extensions.crypt(p_password, v_user.password_hash)
      and octet_length(p_password) <= 72;
  end if;
  if v_match then
    -- A success gives back what this attempt took.
    if v_known then
      delete from app.rate_limits where bucket = 'login-known-miss' and key = v_pair;
    else
      delete from app.rate_limits where bucket = 'login' and key = v_pair;
      perform app.rate_limit_give_back('login-client', v_client);
      perform app.rate_limit_give_back('login-user', v_name);
    end if;
    insert into app.rate_limits as r (bucket, key, hits, window_started_at, expires_at)
    values ('login-known', v_pair, 1, now(), now() + interval '30 days')
    on conflict (bucket, key) do update
      set window_started_at = now(), expires_at = now() + interval '30 days';
    v_session := app.start_session(v_user.id);
    perform app.rate_limit_purge();
    return jsonb_build_object('status', 'ok', 'sessionId', v_session, 'user',
      jsonb_build_object('id', v_user.id, 'username', v_user.username, 'role', v_user.role));
  end if;

  perform app.rate_limit_purge();
  return jsonb_build_object('status', 'invalid');
end
$$;
