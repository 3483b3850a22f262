-- Adding or removing a way to sign in takes the current password
-- (docs/decisions/064-credentials-need-the-password.md): a passkey's
-- registration challenge and a two-step secret are handed out only in a
-- transaction that confirmed the caller's password, a passkey is removed only
-- in one, and turning two-step off with the password goes through
-- app.confirm_password, which counts a wrong one (supabase/schemas/02_accounts.sql,
-- 03_two_step_sign_in.sql, 12_passkeys.sql).

-- Whether this transaction has confirmed the caller's password
-- (app.confirm_password): what the writes that add or remove a way to sign
-- in (a passkey, two-step sign-in) ask before they run.
create function app.password_confirmed()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from app.reauthentications r
    where r.xact = txid_current() and r.user_id = app.current_user_id())
$$;
revoke all on function app.password_confirmed() from public;

-- A new challenge for the caller's ceremony: 'register' for the signed-in
-- account, once this transaction has confirmed its password (a token alone
-- adds no passkey), replacing any the account asked for before: one
-- confirmation, one passkey. 'sign-in' for anyone. Asking is limited per
-- address (60 per 15 minutes: a login page asks once when it opens and once
-- per button press), and challenges that ran out are cleared as new ones come.
create or replace function app.passkey_challenge_new(p_challenge text, p_purpose text, p_client text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me integer := app.current_user_id();
  v_retry integer;
begin
  if p_purpose = 'register' and v_me is null then
    return jsonb_build_object('status', 'unauthorized');
  end if;
  if p_purpose = 'register' and not app.password_confirmed() then
    raise exception 'Confirm with your current password to add a passkey.' using errcode = 'VT403';
  end if;
  v_retry := app.rate_limit_take('passkey-challenge', coalesce(p_client, ''), 60, 900);
  if v_retry > 0 then
    perform app.rate_limit_purge();
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;
  delete from app.passkey_challenges c
  using (
    select old.challenge from app.passkey_challenges old
    where old.expires_at <= now()
    order by old.expires_at
    limit 50
    for update skip locked
  ) gone
  where c.challenge = gone.challenge;
  if p_purpose = 'register' then
    delete from app.passkey_challenges c where c.purpose = 'register' and c.user_id = v_me;
  end if;
  insert into app.passkey_challenges (challenge, purpose, user_id, expires_at)
  values (p_challenge, p_purpose, case when p_purpose = 'register' then v_me end,
          now() + interval '5 minutes');
  return jsonb_build_object('status', 'ok');
end
$$;
revoke all on function app.passkey_challenge_new(text, text, text) from public;
grant execute on function app.passkey_challenge_new(text, text, text) to anon, authenticated;

-- Removing a passkey takes the password confirmed in the same transaction,
-- as adding one does: a token alone cannot take away the owner's way in.
-- Asks nothing of a removal made without a token (psql) or of the passkeys
-- of an account being deleted, whose deletion confirmed it already.
create function app.passkeys_require_reauthentication()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if app.current_user_id() is not null and not app.password_confirmed() then
    raise exception 'Confirm with your current password to remove a passkey.' using errcode = 'VT403';
  end if;
  return old;
end
$$;
revoke all on function app.passkeys_require_reauthentication() from public;
create trigger passkeys_reauthenticate
  before delete on app.passkeys
  for each row execute function app.passkeys_require_reauthentication();

-- Keeps a new sealed secret for the caller until a code confirms it, once
-- this transaction has confirmed the caller's password (a token alone turns
-- nothing on); each setup replaces the secret of the one before. False when
-- two-step is already on: it has to be turned off first.
create or replace function app.two_step_prepare(p_sealed text)
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

drop function app.two_step_disable(text, bigint, text);

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

revoke all on function app.two_step_disable(bigint, text) from public;
grant execute on function app.two_step_disable(bigint, text) to authenticated;
