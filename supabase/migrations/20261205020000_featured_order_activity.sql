-- A change of the featured row's order (PUT /projects/featured-order, or one
-- project's place) is one readable entry of the activity history
-- ('Reordered the featured projects: "Delta", "Gamma"'), instead of an
-- "Updated project" entry per moved project naming the column
-- (docs/PRODUCT.md §12, §15; supabase/schemas/08_activity.sql).
create or replace function app.record_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor_id integer := app.current_user_id();
  v_actor text;
begin
  select u.username into v_actor from public.users u where u.id = v_actor_id;
  v_actor := coalesce(v_actor, case when app.jwt_claims() ->> 'role' = 'anon' then 'visitor' else 'system' end);
  if tg_op = 'INSERT' then
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary)
    select v_actor_id, v_actor, 'create', tg_table_name, (r.item ->> 'id')::integer,
           app.activity_summary('Created ', tg_table_name, r.item)
      from (select to_jsonb(n) as item from new_rows n) r;
  elsif tg_op = 'DELETE' then
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary)
    select v_actor_id, v_actor, 'delete', tg_table_name, (r.item ->> 'id')::integer,
           app.activity_summary('Deleted ', tg_table_name, r.item)
      from (select to_jsonb(o) as item from old_rows o) r;
  else
    insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
    select v_actor_id, v_actor, 'update', tg_table_name, (c.item ->> 'id')::integer,
           app.activity_summary('Updated ', tg_table_name, c.item), c.fields
      from (select to_jsonb(n) as item, app.activity_changed_fields(to_jsonb(o), to_jsonb(n)) as fields
              from new_rows n join old_rows o on o.id = n.id) c
     where cardinality(c.fields) > 0
       and not (tg_table_name = 'projects' and c.fields = array['featured_order']);
    -- The featured row's order (docs/PRODUCT.md §15): rows that changed their
    -- place alone are one entry for the statement, which says the new order
    -- ('Reordered the featured projects: "Delta", "Gamma"') and names its first project.
    if tg_table_name = 'projects' then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select v_actor_id, v_actor, 'update', 'projects', coalesce(f.first_id, m.first_id),
             left(regexp_replace(coalesce('Reordered the featured projects: ' || f.names,
                                          'Cleared the featured order'), '[[:cntrl:]]+', ' ', 'g'), 300),
             array['featured_order']
        from (select min(n.id) as first_id from new_rows n join old_rows o on o.id = n.id
               where app.activity_changed_fields(to_jsonb(o), to_jsonb(n)) = array['featured_order']) m,
             (select string_agg('"' || p.name || '"', ', ' order by p.featured_order, p.id) as names,
                     (array_agg(p.id order by p.featured_order, p.id))[1] as first_id
                from public.projects p where p.featured_order is not null) f
       where m.first_id is not null;
    end if;
  end if;
  return null;
end
$$;
