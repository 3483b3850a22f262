-- Restoring a backup (docs/PRODUCT.md §14) replaces the inbox when the archive
-- holds messages. Client roles may not insert messages any more (they arrive
-- only through app.send_contact_message), so an admin's restore goes through
-- this function, which keeps each message's time and read mark. It is for
-- admins, and for a connection that has not switched to a client role at all
-- (the command line, `npm run restore`), which owns the tables anyway.

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

revoke all on function app.replace_contact_messages(jsonb) from public;
grant execute on function app.replace_contact_messages(jsonb) to authenticated;
