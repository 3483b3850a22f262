-- Back-office accounts. Usernames are case-insensitive; hashes are bcrypt via
-- pgcrypto and never readable by a client role.

create table public.users (
  id integer generated always as identity primary key,
  username text not null check (length(btrim(username)) between 1 and 50),
  password_hash text not null,
  role text not null default 'admin' check (role in ('admin', 'user')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username_key on public.users (lower(username));

alter table public.users enable row level security;

-- Column grants keep password_hash out of every client read. Supabase's default
-- privileges grant ALL on new public tables to anon and authenticated, which
-- would make the column grants moot, so start from nothing.
revoke all on public.users from anon, authenticated;
grant select (id, username, role, created_at, updated_at) on public.users to authenticated;
grant insert (username, password_hash, role) on public.users to authenticated;
grant update (username, password_hash, role, updated_at) on public.users to authenticated;
grant delete on public.users to authenticated;

-- Who is asking: the token's sub, checked against the table on every call so a
-- deleted or demoted account loses access at once.
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
  where u.id = case when (app.jwt_claims() ->> 'sub') ~ '^[0-9]{1,9}$'
                    then (app.jwt_claims() ->> 'sub')::integer end
$$;

create or replace function app.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.users u
    where u.id = app.current_user_id() and u.role = 'admin'
  )
$$;

create or replace function app.is_signed_in()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select app.current_user_id() is not null
$$;

create or replace function app.hash_password(p_password text)
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select extensions.crypt(p_password, extensions.gen_salt('bf', 10))
$$;

grant execute on function app.jwt_claims(), app.current_user_id(), app.is_admin(), app.is_signed_in()
  to anon, authenticated;
grant execute on function app.hash_password(text) to authenticated;

create policy "Admins can read every account and users their own"
  on public.users for select to authenticated
  using ((select app.is_admin()) or id = (select app.current_user_id()));

create policy "Admins can create accounts"
  on public.users for insert to authenticated
  with check ((select app.is_admin()));

create policy "Admins can update accounts"
  on public.users for update to authenticated
  using ((select app.is_admin()))
  with check ((select app.is_admin()));

create policy "Admins can delete accounts"
  on public.users for delete to authenticated
  using ((select app.is_admin()));

-- The last admin can be neither deleted nor demoted, and nobody deletes their
-- own account. Runs as definer so it counts every admin, whatever RLS shows.
create or replace function app.protect_admins()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and old.id = app.current_user_id() then
    raise exception 'You cannot delete your own account' using errcode = 'VT409';
  end if;
  if old.role = 'admin' and (tg_op = 'DELETE' or new.role <> 'admin') then
    perform 1 from public.users where role = 'admin' for update;
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

create trigger users_protect_admins
  before update or delete on public.users
  for each row execute function app.protect_admins();

-- First-admin registration: works only while no account exists. The table lock
-- makes concurrent calls queue, so exactly one of them creates the admin.
create or replace function app.register_first_admin(p_username text, p_password text)
returns table (id integer, username text, role text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  lock table public.users in share row exclusive mode;
  if exists (select 1 from public.users) then
    raise exception 'Registration is closed' using errcode = 'VT409';
  end if;
  return query
    insert into public.users as u (username, password_hash, role)
    values (btrim(p_username), app.hash_password(p_password), 'admin')
    returning u.id, u.username, u.role;
end
$$;

-- Whether the register page is still useful (no account yet).
create or replace function app.registration_open()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (select 1 from public.users)
$$;

-- Login check with a database-backed limit on failures: 5 failed attempts per
-- username and client within 15 minutes lock that pair until the window ends.
-- Unknown users still pay for one bcrypt comparison, so timing does not tell
-- which usernames exist.
create or replace function app.attempt_login(p_username text, p_password text, p_client text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_key text := lower(btrim(coalesce(p_username, ''))) || '|' || coalesce(p_client, '');
  v_retry integer;
  v_user public.users;
begin
  v_retry := app.rate_limit_retry_after('login', v_key, 5, 900);
  if v_retry > 0 then
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;

  select * into v_user from public.users u where lower(u.username) = lower(btrim(p_username));
  if v_user.id is null then
    perform extensions.crypt(p_password, '$2a$10$CwTycUXWue0Thq9StjUM0uJ8oL5bvF9Q0m2Jm8Z2kXgO2jB5v7Y6e');
  elsif v_user.password_hash = extensions.crypt(p_password, v_user.password_hash) then
    perform app.rate_limit_clear('login', v_key);
    return jsonb_build_object('status', 'ok', 'user',
      jsonb_build_object('id', v_user.id, 'username', v_user.username, 'role', v_user.role));
  end if;

  perform app.rate_limit_hit('login', v_key, 900);
  return jsonb_build_object('status', 'invalid');
end
$$;

revoke all on all functions in schema app from public;
grant execute on function app.register_first_admin(text, text), app.registration_open(),
  app.attempt_login(text, text, text) to anon, authenticated;
