-- Contact messages arrive only the way the contact form sends them
-- (docs/decisions/013-contact-messages-through-the-api.md). On Supabase the
-- Data API (PostgREST) serves the public schema to anyone holding the public
-- anon key, so the insert privilege of migration 20261122000400 let a script
-- store messages directly, past the form's spam trap and its rate limit.
--
-- Client roles lose that privilege. The API stores a message through
-- app.send_contact_message, which counts it against the limit the form has
-- always used (app.contact_allowed: bucket 'contact', keyed by client) and
-- inserts it as the function's owner. The app schema is not served by the Data
-- API (supabase/config.toml, [api] schemas), so only a database connection,
-- the API's, can call it.

revoke insert on public.contact_messages from anon, authenticated;

-- Nobody inserts as anon or authenticated any more: these policies would only
-- suggest otherwise.
drop policy "Visitors can send messages" on public.contact_messages;
drop policy "Signed-in accounts can send messages" on public.contact_messages;

-- Seconds until this client may send again, or 0 once the message is stored.
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

revoke all on function app.send_contact_message(text, text, text, text) from public;
grant execute on function app.send_contact_message(text, text, text, text) to anon, authenticated;
