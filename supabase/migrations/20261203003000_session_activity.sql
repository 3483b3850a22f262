-- Sessions end when unused, and their owner can see and end them
-- (docs/decisions/036-sessions-idle-and-listed.md).
--
-- A sign-in lasted 8 hours whatever happened, so a token left in a browser
-- on a shared computer stayed good all day, and nobody could see or end the
-- other sessions of their account. Now a session also ends after a period
-- without use (30 minutes unless the server says otherwise), remembers a
-- coarse description of the device it was opened on (never an address),
-- and the signed-in user can list their sessions and end any of them.

alter table app.sessions
  add column last_used_at timestamptz not null default now(),
  add column idle_timeout interval not null default interval '30 minutes',
  add column device text check (length(device) <= 100);

-- The signed-in user, as before, but only while the session is in use.
create or replace function app.current_user_id()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  -- CASE, not AND: only CASE guarantees the cast never sees a malformed sub.
  select u.id
  from public.users u
  join app.sessions s on s.user_id = u.id
  where u.id = case when (app.jwt_claims() ->> 'sub') ~ '^[0-9]{1,9}$'
                    then (app.jwt_claims() ->> 'sub')::integer end
    and s.id = app.current_session_id()
    and s.expires_at > now()
    and s.last_used_at + s.idle_timeout > now()
$$;

-- Whether this session's last use is old enough to be written again: the
-- API writes it at most once a minute per session, not on every request.
create function app.session_touch_due()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.last_used_at < now() - interval '60 seconds'
                   from app.sessions s where s.id = app.current_session_id()), false)
$$;
revoke all on function app.session_touch_due() from public;
grant execute on function app.session_touch_due() to authenticated;

-- Notes a use of the caller's session, and the idle period the server runs
-- with (5 minutes to 8 hours). A session that has already ended stays ended.
create function app.touch_session(p_idle_seconds integer)
returns void
language sql
security definer
set search_path = ''
as $$
  update app.sessions s
  set last_used_at = now(),
      idle_timeout = make_interval(secs => least(greatest(p_idle_seconds, 300), 28800))
  where s.id = app.current_session_id()
    and s.user_id = app.current_user_id()
$$;
revoke all on function app.touch_session(integer) from public;
grant execute on function app.touch_session(integer) to authenticated;

-- What a sign-in was made with ("Firefox on Linux"), set once, just after
-- it opened; the session's id is known only to the sign-in that made it.
create function app.describe_session(p_session uuid, p_device text)
returns void
language sql
security definer
set search_path = ''
as $$
  update app.sessions s set device = left(p_device, 100)
  where s.id = p_session and s.device is null and s.created_at > now() - interval '1 minute'
$$;
revoke all on function app.describe_session(uuid, text) from public;
grant execute on function app.describe_session(uuid, text) to anon, authenticated;

-- The caller's sessions that are still open, newest use first.
create function app.my_sessions()
returns table (id uuid, created_at timestamptz, last_used_at timestamptz, device text,
               current boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, s.created_at, s.last_used_at, s.device, s.id = app.current_session_id()
  from app.sessions s
  where s.user_id = app.current_user_id()
    and s.expires_at > now()
    and s.last_used_at + s.idle_timeout > now()
  order by s.last_used_at desc, s.created_at desc
$$;
revoke all on function app.my_sessions() from public;
grant execute on function app.my_sessions() to authenticated;

-- Ends one of the caller's own sessions; false when there is no such session.
create function app.end_my_session(p_id uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with ended as (
    delete from app.sessions s
    where s.id = p_id and s.user_id = app.current_user_id()
    returning 1
  )
  select exists (select 1 from ended)
$$;
revoke all on function app.end_my_session(uuid) from public;
grant execute on function app.end_my_session(uuid) to authenticated;

-- Ends every session of the caller but this one; answers how many.
create function app.end_my_other_sessions()
returns integer
language sql
security definer
set search_path = ''
as $$
  with ended as (
    delete from app.sessions s
    where s.user_id = app.current_user_id() and s.id <> app.current_session_id()
    returning 1
  )
  select count(*)::integer from ended
$$;
revoke all on function app.end_my_other_sessions() from public;
grant execute on function app.end_my_other_sessions() to authenticated;
