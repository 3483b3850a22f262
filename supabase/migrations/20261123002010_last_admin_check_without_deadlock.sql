-- The last-admin rule without a deadlock (docs/PRODUCT.md §11).
--
-- app.protect_admins (migration 20261122000200) locked every admin row with
-- SELECT ... FOR UPDATE. It runs as a row trigger, when the UPDATE or DELETE
-- already holds the lock on its own row: two admins demoting each other at once
-- each held one row and waited for the other's, and PostgreSQL broke the cycle
-- by failing one of them (40P01). The check now queues on one transaction-level
-- advisory lock instead. Whoever gets it second reads the admins again, sees
-- the first one's change once it commits, and is refused with the usual 409 if
-- no other admin would be left.
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
    -- Any constant works: it names "changes that may remove an admin".
    perform pg_advisory_xact_lock(2026112302010);
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

revoke all on all functions in schema app from public;
