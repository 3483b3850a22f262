-- Messages from the public contact form. Visitors may send, never read; any
-- signed-in account reads the inbox; admins mark read and delete.

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
grant insert (name, email, message) on public.contact_messages to anon, authenticated;
grant select, delete on public.contact_messages to authenticated;
grant update (is_read) on public.contact_messages to authenticated;

create policy "Visitors can send messages"
  on public.contact_messages for insert to anon with check (is_read = false);
create policy "Signed-in accounts can send messages"
  on public.contact_messages for insert to authenticated
  with check ((select app.is_signed_in()) and is_read = false);
create policy "Signed-in accounts can read messages"
  on public.contact_messages for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can mark messages read"
  on public.contact_messages for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete messages"
  on public.contact_messages for delete to authenticated using ((select app.is_admin()));

-- The contact form's limit: 5 messages per client per 10 minutes.
create or replace function app.contact_allowed(p_client text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_retry integer := app.rate_limit_retry_after('contact', coalesce(p_client, ''), 5, 600);
begin
  if v_retry = 0 then
    perform app.rate_limit_hit('contact', coalesce(p_client, ''), 600);
  end if;
  return v_retry;
end
$$;
revoke all on function app.contact_allowed(text) from public;
grant execute on function app.contact_allowed(text) to anon, authenticated;
