-- Passkeys: signing in with a WebAuthn credential instead of a password
-- (docs/decisions/041-passkeys.md, docs/PRODUCT.md §2.4; added by migration
-- 20261204001000_passkeys.sql).
--
-- The API checks the signatures (the database cannot: @simplewebauthn/server
-- does it); the database keeps what those checks need and decides who may
-- see what, that a challenge works once and not after five minutes, that a
-- signature counter only moves forward, and opens the session.
--
-- * app.passkeys: one row per credential: its id (base64url, as the browser
--   names it), the account, its COSE public key, the last signature counter,
--   the transports the browser reported, a name the owner gives it, when it
--   was added and last used. Row-level security shows an account only its
--   own rows; it may rename and remove them. Rows are added through
--   app.passkey_add(), which needs a registration challenge the API has
--   checked the authenticator's answer against.
-- * app.passkey_challenges: the random challenge each ceremony signs. One for
--   adding a passkey belongs to the account that asked for it; one for
--   signing in belongs to nobody (the credential says who signs in). A
--   challenge is taken once (for the credential that answered it), and then
--   spent, or left to expire: it never works twice.

create table app.passkeys (
  id text primary key check (id ~ '^[A-Za-z0-9_-]+$' and length(id) between 16 and 1400),
  user_id integer not null references public.users (id) on delete cascade,
  public_key bytea not null check (octet_length(public_key) between 16 and 2048),
  counter bigint not null default 0 check (counter >= 0),
  transports text[] not null default '{}' check (cardinality(transports) <= 8),
  name text not null check (length(name) between 1 and 64 and name = btrim(name)),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_user_id_idx on app.passkeys (user_id);
alter table app.passkeys enable row level security;

grant select, delete on app.passkeys to authenticated;
grant update (name) on app.passkeys to authenticated;
create policy "Accounts can read their own passkeys" on app.passkeys
  for select to authenticated using (user_id = (select app.current_user_id()));
create policy "Accounts can rename their own passkeys" on app.passkeys
  for update to authenticated
  using (user_id = (select app.current_user_id()))
  with check (user_id = (select app.current_user_id()));
create policy "Accounts can remove their own passkeys" on app.passkeys
  for delete to authenticated using (user_id = (select app.current_user_id()));

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

create table app.passkey_challenges (
  -- 32 random bytes from the API, base64url without padding.
  challenge text primary key check (challenge ~ '^[A-Za-z0-9_-]{43}$'),
  purpose text not null check (purpose in ('register', 'sign-in')),
  user_id integer references public.users (id) on delete cascade,
  -- The credential whose answer the API is checking; null until then.
  taken_for text,
  expires_at timestamptz not null,
  check ((purpose = 'register') = (user_id is not null))
);
create index passkey_challenges_expires_at_idx on app.passkey_challenges (expires_at);
alter table app.passkey_challenges enable row level security;
-- No policy and no grant: reached through the functions below only.

-- A new challenge for the caller's ceremony: 'register' for the signed-in
-- account, once this transaction has confirmed its password (a token alone
-- adds no passkey), replacing any the account asked for before: one
-- confirmation, one passkey. 'sign-in' for anyone. Asking is limited per
-- address (60 per 15 minutes: a login page asks once when it opens and once
-- per button press), and challenges that ran out are cleared as new ones come.
create function app.passkey_challenge_new(p_challenge text, p_purpose text, p_client text)
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

-- Takes the caller's registration challenge for the credential that answered
-- it, before the API checks the answer: true once, while it has not run out.
create function app.passkey_register_take(p_challenge text, p_credential_id text)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with taken as (
    update app.passkey_challenges c set taken_for = p_credential_id
    where c.challenge = p_challenge and c.purpose = 'register'
      and c.user_id = app.current_user_id() and c.taken_for is null and c.expires_at > now()
    returning 1)
  select exists (select 1 from taken)
$$;
revoke all on function app.passkey_register_take(text, text) from public;
grant execute on function app.passkey_register_take(text, text) to authenticated;

-- Keeps a passkey the API has verified against the challenge taken for it,
-- which is spent. 'ok'; 'expired' when no such taken challenge is the
-- caller's; 'duplicate' when the credential is already kept (for this
-- account or another); 'full' at 20 passkeys.
create function app.passkey_add(p_challenge text, p_id text, p_public_key bytea, p_counter bigint,
                                p_transports text[], p_name text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me integer := app.current_user_id();
begin
  delete from app.passkey_challenges c
  where c.challenge = p_challenge and c.purpose = 'register' and c.user_id = v_me
    and c.taken_for = p_id;
  if not found or v_me is null then
    return 'expired';
  end if;
  if (select count(*) from app.passkeys p where p.user_id = v_me) >= 20 then
    return 'full';
  end if;
  insert into app.passkeys (id, user_id, public_key, counter, transports, name)
  values (p_id, v_me, p_public_key, p_counter, coalesce(p_transports, '{}'), p_name)
  on conflict (id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  return 'ok';
end
$$;
revoke all on function app.passkey_add(text, text, bytea, bigint, text[], text) from public;
grant execute on function app.passkey_add(text, text, bytea, bigint, text[], text) to authenticated;

-- The first half of a passkey sign-in: counted like a password (30 tries per
-- address in 15 minutes; a sign-in that works gives its try back), the
-- challenge taken for the credential that answered, and what the API checks
-- the signature with. 'locked' with the seconds to wait; 'expired' when the
-- challenge is unknown, used or out of time; 'unknown' when no account has
-- that passkey (the challenge is used up all the same).
create function app.passkey_sign_in_take(p_challenge text, p_credential_id text, p_client text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_retry integer := app.rate_limit_take('passkey-sign-in', coalesce(p_client, ''), 30, 900);
  v_key app.passkeys;
begin
  if v_retry > 0 then
    perform app.rate_limit_purge();
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;
  update app.passkey_challenges c set taken_for = p_credential_id
  where c.challenge = p_challenge and c.purpose = 'sign-in' and c.taken_for is null
    and c.expires_at > now();
  if not found then
    return jsonb_build_object('status', 'expired');
  end if;
  select * into v_key from app.passkeys p where p.id = p_credential_id;
  if v_key.id is null then
    return jsonb_build_object('status', 'unknown');
  end if;
  return jsonb_build_object('status', 'ok', 'publicKey', encode(v_key.public_key, 'base64'),
                            'counter', v_key.counter, 'transports', to_jsonb(v_key.transports));
end
$$;
revoke all on function app.passkey_sign_in_take(text, text, text) from public;
grant execute on function app.passkey_sign_in_take(text, text, text) to anon;

-- The second half, once the API has verified the signature: the challenge is
-- spent, the counter moves to the one signed (refused unless it went up,
-- or the authenticator keeps none and both are 0: a cloned key shows as a
-- counter going back), the address becomes known as after a password, and
-- the same kind of session opens. No second step: the passkey is both
-- something owned and, with user verification, something known or been.
create function app.passkey_sign_in(p_challenge text, p_credential_id text, p_counter bigint,
                                    p_client text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id integer;
  v_user public.users;
  v_session uuid;
begin
  delete from app.passkey_challenges c
  where c.challenge = p_challenge and c.purpose = 'sign-in' and c.taken_for = p_credential_id;
  if not found then
    return jsonb_build_object('status', 'invalid');
  end if;
  update app.passkeys p set counter = p_counter, last_used_at = now()
  where p.id = p_credential_id
    and (p_counter > p.counter or (p_counter = 0 and p.counter = 0))
  returning p.user_id into v_user_id;
  if v_user_id is null then
    return jsonb_build_object('status', 'invalid');
  end if;
  perform app.rate_limit_give_back('passkey-sign-in', coalesce(p_client, ''));
  select * into v_user from public.users u where u.id = v_user_id;
  insert into app.rate_limits as r (bucket, key, hits, window_started_at, expires_at)
  values ('login-known', lower(v_user.username) || '|' || coalesce(p_client, ''), 1, now(),
          now() + interval '30 days')
  on conflict (bucket, key) do update
    set window_started_at = now(), expires_at = now() + interval '30 days';
  v_session := app.start_session(v_user.id);
  return jsonb_build_object('status', 'ok', 'sessionId', v_session, 'user',
    jsonb_build_object('id', v_user.id, 'username', v_user.username, 'role', v_user.role));
end
$$;
revoke all on function app.passkey_sign_in(text, text, bigint, text) from public;
grant execute on function app.passkey_sign_in(text, text, bigint, text) to anon;
