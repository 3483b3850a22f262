-- Keys the activity tables lacked (migration ..._activity.sql).
--
-- public.activity.actor_id references public.users with `on delete set null`:
-- without an index, deleting an account reads the whole history to find its
-- entries, under the lock of that delete.
create index activity_actor_id_idx on public.activity (actor_id);

-- app.link_changes had no primary key. Its rows name a transaction, a project
-- and a technology, and a save that removes and adds the same link wrote two
-- rows for that pair. One row per pair now holds the sum of its changes, which
-- is all the commit-time trigger reads (sum(delta) per pair), and the key's
-- first column serves its `where xact = txid_current()` look-ups.
--
-- Rows live only inside a transaction (that trigger deletes them at commit),
-- so none are expected here; any left behind are folded into one per pair
-- first, so the key can be added whatever the table holds.
with removed as (
  delete from app.link_changes returning xact, project_id, technology_id, delta
)
insert into app.link_changes (xact, project_id, technology_id, delta)
select r.xact, r.project_id, r.technology_id, sum(r.delta)::integer
  from removed r
 group by r.xact, r.project_id, r.technology_id;

alter table app.link_changes
  add constraint link_changes_pkey primary key (xact, project_id, technology_id);

-- Same rule as before, adding to the pair's row when the transaction already has one.
create or replace function app.note_link_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link record := case tg_op when 'DELETE' then old else new end;
begin
  if exists (select 1 from public.projects p where p.id = v_link.project_id)
     and exists (select 1 from public.technologies t where t.id = v_link.technology_id) then
    insert into app.link_changes as c (project_id, technology_id, delta)
    values (v_link.project_id, v_link.technology_id, case tg_op when 'DELETE' then -1 else 1 end)
    on conflict (xact, project_id, technology_id) do update set delta = c.delta + excluded.delta;
  end if;
  return null;
end
$$;
