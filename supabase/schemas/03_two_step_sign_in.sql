-- Two-step sign-in: a code from an authenticator app after the password
-- (docs/decisions/039-two-step-sign-in.md, docs/PRODUCT.md §2.4 and §2.12).
-- An account may turn on a second step: a TOTP code (RFC 6238, 30-second
-- steps) or one of ten one-time recovery codes.
--
-- What is kept, all in the private schema with no grant, reached only through
-- the security definer functions below:
-- * app.two_step: the account's TOTP secret, sealed by the API (AES-GCM with
--   a key derived from its token secret) so that a dump of the database alone
--   does not give it away; the last time step a code was accepted for, so
--   that a code works once; a secret being set up, until a code confirms it.
-- * app.two_step_recovery: sha256 of each unused recovery code (random, 50
--   bits: a slow hash would add nothing), deleted when used.
-- * app.two_step_challenges: a password step that passed for an account with
--   two-step on (app.attempt_login, 02_accounts.sql). Its random id is all the
--   second step needs; it lasts five minutes and five wrong codes.
-- The database cannot read the secret, so the API checks the code and then
-- tells the database which time step it was for; the database refuses a
-- step that is not newer than the last one accepted.

create table app.two_step (
  user_id integer primary key references public.users (id) on delete cascade,
  -- The sealed secret in use; null until a code confirms the pending one.
  secret text check (length(secret) <= 200),
  pending_secret text check (length(pending_secret) <= 200),
  last_step bigint,
  enabled_at timestamptz
);
alter table app.two_step enable row level security;

create table app.two_step_recovery (
  user_id integer not null references public.users (id) on delete cascade,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  primary key (user_id, code_hash)
);
alter table app.two_step_recovery enable row level security;

create table app.two_step_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id integer not null references public.users (id) on delete cascade,
  client text not null,
  misses integer not null default 0,
  expires_at timestamptz not null
);
create index two_step_challenges_expires_at_idx on app.two_step_challenges (expires_at);
alter table app.two_step_challenges enable row level security;
-- No policy and no grant on the three tables.

-- Counts a code about to be checked against the account's limit (10 per 15
-- minutes; a right code gives its count back) and answers what the API needs
-- to check it. 'locked' with the seconds to wait, or 'ok' with the sealed
-- secret and the last step accepted.
create function app.two_step_code_take(p_user_id integer, p_secret text, p_last_step bigint)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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

-- The second step of a sign-in, part one: the challenge's account, its
-- sealed secret and last step, with this attempt counted. 'expired' when the
-- challenge is unknown, has run out or has used its five codes.
create function app.two_step_challenge_take(p_challenge uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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

-- Accepts a code the API checked (p_step, the time step it was for) or a
-- recovery code (p_recovery_hash). True when it was the right one and not
-- used before; the step is then remembered so the same code cannot be
-- replayed, and a recovery code is gone.
create function app.two_step_accept(p_user_id integer, p_step bigint, p_recovery_hash text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
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

-- The second step of a sign-in, part two: with the right code the challenge
-- is used up, the address becomes known (as a password-only sign-in makes
-- it) and a session opens. 'invalid' otherwise; the code stays counted.
create function app.two_step_sign_in(p_challenge uuid, p_step bigint, p_recovery_hash text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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

-- Whether the caller's account has two-step on, and how many recovery codes are left.
create function app.my_two_step()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'enabled', exists (select 1 from app.two_step t
                       where t.user_id = app.current_user_id() and t.secret is not null),
    'recoveryCodesLeft', (select count(*) from app.two_step_recovery r
                          where r.user_id = app.current_user_id()))
$$;

-- Keeps a new sealed secret for the caller until a code confirms it, once
-- this transaction has confirmed the caller's password (a token alone turns
-- nothing on); each setup replaces the secret of the one before. False when
-- two-step is already on: it has to be turned off first.
create function app.two_step_prepare(p_sealed text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me integer := app.current_user_id();
begin
  if v_me is null then
    return false;
  end if;
  if not app.password_confirmed() then
    raise exception 'Confirm with your current password to turn on two-step sign-in.'
      using errcode = 'VT403';
  end if;
  insert into app.two_step as t (user_id, pending_secret) values (v_me, p_sealed)
  on conflict (user_id) do update set pending_secret = excluded.pending_secret
  where t.secret is null;
  return found;
end
$$;

-- A code from the caller, about to be checked: counted as in the sign-in,
-- and answered with the secret it is checked against, the one in use when
-- two-step is on, else the one being set up ('none' when there is neither).
create function app.my_two_step_code_take()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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

-- Turns two-step on with the secret being set up, once the API has checked a
-- code from it (p_step), and keeps the recovery codes' hashes in place of any
-- earlier ones. False when there is nothing to confirm.
create function app.two_step_enable(p_step bigint, p_recovery_hashes text[])
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
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

-- Turns two-step off for the caller, who proves it with the account's
-- password (confirmed earlier in this transaction by app.confirm_password,
-- which counts a wrong one), or a code checked by the API (p_step) or a
-- recovery code, counted first by app.my_two_step_code_take(). False when
-- it is not on or the proof fails.
create function app.two_step_disable(p_step bigint, p_recovery_hash text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me integer := app.current_user_id();
begin
  if not exists (select 1 from app.two_step t where t.user_id = v_me and t.secret is not null) then
    return false;
  end if;
  if not (app.password_confirmed() or coalesce(app.two_step_accept(v_me, p_step, p_recovery_hash), false)) then
    return false;
  end if;
  delete from app.two_step t where t.user_id = v_me;
  delete from app.two_step_recovery r where r.user_id = v_me;
  delete from app.two_step_challenges c where c.user_id = v_me;
  return true;
end
$$;

revoke all on function app.two_step_code_take(integer, text, bigint),
  app.two_step_challenge_take(uuid), app.two_step_accept(integer, bigint, text),
  app.two_step_sign_in(uuid, bigint, text), app.my_two_step(), app.two_step_prepare(text),
  app.my_two_step_code_take(), app.two_step_enable(bigint, text[]),
  app.two_step_disable(bigint, text) from public;
grant execute on function app.two_step_challenge_take(uuid), app.two_step_sign_in(uuid, bigint, text)
  to anon;
grant execute on function app.my_two_step(), app.two_step_prepare(text), app.my_two_step_code_take(),
  app.two_step_enable(bigint, text[]), app.two_step_disable(bigint, text) to authenticated;
