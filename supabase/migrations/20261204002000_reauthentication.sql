-- Re-authentication for the writes that hand out or take away access
-- (docs/decisions/042-reauthentication-and-common-passwords.md, docs/PRODUCT.md §6);
-- the same statements stand in supabase/schemas/02_accounts.sql.
--
-- A bearer token was enough to create an admin, change a role, set any
-- account's password or delete an account: a token taken once could become
-- an account of its own that outlived every revocation. Those writes now
-- need the caller's current password in the same transaction:
--
-- * app.confirm_password(current) checks it against the caller's own bcrypt
--   hash and, when it is right, marks this transaction as confirmed for the
--   caller. Wrong guesses are counted (5 per 15 minutes per account, and in
--   the username's sign-in backoff), so a stolen token cannot be used to
--   guess the password faster than the sign-in allows.
-- * A trigger on public.users refuses, with 403 (VT403), an insert of an
--   admin, a change of role, a change of any account's password and a
--   delete, made by a signed-in admin in a transaction not confirmed so.
--   Writes not made with a token (the first admin's registration, the
--   owner's maintenance) are not asked.
--
-- The mark is a row keyed by the transaction id, in a table no client role
-- can reach: nothing a request sends can forge it, and it is worth nothing
-- after its transaction ends.

create table app.reauthentications (
  xact bigint not null,
  user_id integer not null references public.users (id) on delete cascade,
  confirmed_at timestamptz not null default now(),
  primary key (xact, user_id)
);
create index reauthentications_confirmed_at_idx on app.reauthentications (confirmed_at);
alter table app.reauthentications enable row level security;
-- No policy and no grant.

-- 'ok' (and this transaction is confirmed for the caller), 'wrong', or
-- 'locked' with the seconds to wait. Counted before the password is
-- compared; a right one gives its count back.
create function app.confirm_password(p_current text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
revoke all on function app.confirm_password(text) from public;
grant execute on function app.confirm_password(text) to authenticated;

-- Refuses a write on public.users that needs the current password when this
-- transaction has not confirmed it, naming what needed it.
create function app.require_reauthentication()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
revoke all on function app.require_reauthentication() from public;

-- After users_protect_admins (triggers fire in name order): a write that
-- cannot happen anyway (one's own account, the last admin) answers its 409
-- without asking for a password.
create trigger users_reauthenticate
  before insert or update or delete on public.users
  for each row execute function app.require_reauthentication();
