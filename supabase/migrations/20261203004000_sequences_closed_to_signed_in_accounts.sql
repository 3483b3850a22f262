-- Signed-in accounts get no privilege on the sequences behind the ids either,
-- as visitors already do not (20261123003010_visitor_sequences.sql). Supabase's
-- default privileges give authenticated SELECT, USAGE and UPDATE on every
-- sequence in public, so there an account could read how many rows were ever
-- created or move a sequence with setval; on a plain PostgreSQL it has none.
-- The API never needs them: identity columns take their next value without
-- any privilege on the sequence, so inserts as authenticated go on working.
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
    execute format('revoke all on sequence %s from authenticated', v_sequence);
  end loop;
end
$$;

alter default privileges in schema public revoke all on sequences from authenticated;
