-- Last, what holds for everything above.
--
-- Sequences: visitors read projects and certifications through row-level
-- security, which hides inactive ones; the identity sequences behind the ids
-- would not, as a sequence's last_value counts every row ever created.
-- Supabase's default privileges give anon and authenticated every sequence in
-- public (authenticated even UPDATE, so setval). No client role needs one:
-- identity columns take their next value without any privilege on the
-- sequence. So neither role gets any, now or for tables added later
-- (docs/PRODUCT.md §11).
do $$
declare
  v_sequence regclass;
begin
  for v_sequence in
    select c.oid::regclass
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = 'public'
  loop
    execute format('revoke all on sequence %s from anon, authenticated', v_sequence);
  end loop;
end
$$;

alter default privileges in schema public revoke all on sequences from anon;
alter default privileges in schema public revoke all on sequences from authenticated;

-- Functions: no function in app is executable by PUBLIC; each file grants
-- what a client role needs. A function added without its revoke is caught here.
revoke all on all functions in schema app from public;
