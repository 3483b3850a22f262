-- Messages from the public contact form. Any signed-in account reads the
-- inbox; admins mark read and delete.
--
-- Messages arrive only the way the contact form sends them
-- (docs/decisions/013-contact-messages-through-the-api.md). On Supabase the
-- Data API (PostgREST) serves the public schema to anyone holding the public
-- anon key, so client roles get no insert privilege and no insert policy: a
-- script could otherwise store messages directly, past the form's spam trap
-- and its rate limit. The API stores a message through
-- app.send_contact_message, which counts it against the form's limit and
-- inserts it as the function's owner; the app schema is not served by the
-- Data API, so only a database connection, the API's, can call it.

create table public.contact_messages (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  message text not null check (length(btrim(message)) between 1 and 5000),
  is_read boolean not null default false,
  created_at timestamptz not null default now()
);
create index contact_messages_created_idx on public.contact_messages (created_at desc);

alter table public.contact_messages enable row level security;
revoke all on public.contact_messages from anon, authenticated;
grant select, delete on public.contact_messages to authenticated;
grant update (is_read) on public.contact_messages to authenticated;

create policy "Signed-in accounts can read messages"
  on public.contact_messages for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can mark messages read"
  on public.contact_messages for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete messages"
  on public.contact_messages for delete to authenticated using ((select app.is_admin()));

-- The contact form's limit: 5 messages per client per 10 minutes, counted
-- before the message is stored (the caller stores it in the same transaction).
create or replace function app.contact_allowed(p_client text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_retry integer := app.rate_limit_take('contact', coalesce(p_client, ''), 5, 600);
begin
  perform app.rate_limit_purge();
  return v_retry;
end
$$;

-- Seconds until this client may send again, or 0 once the message is stored.
-- A token whose account is gone sends nothing.
create or replace function app.send_contact_message(
  p_client text, p_name text, p_email text, p_message text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

-- Restoring a backup (docs/PRODUCT.md §14) replaces the inbox when the archive
-- holds messages, keeping each message's time and read mark. For admins, and
-- for a connection that has not switched to a client role at all (the
-- command line, `npm run restore`), which owns the tables anyway.
create or replace function app.replace_contact_messages(p_messages jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

revoke all on function app.contact_allowed(text), app.send_contact_message(text, text, text, text),
  app.replace_contact_messages(jsonb) from public;
grant execute on function app.contact_allowed(text) to anon, authenticated;
grant execute on function app.send_contact_message(text, text, text, text) to anon, authenticated;
grant execute on function app.replace_contact_messages(jsonb) to authenticated;
