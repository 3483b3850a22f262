-- Visitors read projects (and certifications) through row-level security,
-- which hides inactive ones. The identity sequences behind the ids would not:
-- a sequence's last_value counts every row ever created, hidden ones too.
-- Supabase's default privileges give anon every sequence in public; anon never
-- inserts content and identity columns need no sequence privilege to insert,
-- so visitors get none, now or for tables added later (docs/PRODUCT.md §11).
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
    execute format('revoke all on sequence %s from anon', v_sequence);
  end loop;
end
$$;

alter default privileges in schema public revoke all on sequences from anon;
