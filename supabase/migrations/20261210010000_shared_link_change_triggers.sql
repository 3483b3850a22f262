-- shared_link_change_triggers: written by `npm run db:migration` (scripts/schema-migration.ts)
-- from what supabase/schemas declares and the migrations before this one do
-- not make. Change the topic files, not this file.

set check_function_bodies = off;

drop trigger project_technologies_activity_at_commit on public.project_technologies;
drop trigger project_technologies_activity on public.project_technologies;
drop trigger certification_technologies_activity_at_commit on public.certification_technologies;
drop trigger certification_technologies_activity on public.certification_technologies;
drop trigger experience_technologies_activity_at_commit on public.experience_technologies;
drop trigger experience_technologies_activity on public.experience_technologies;

drop table app.link_changes;
drop table app.certification_link_changes;
drop table app.experience_link_changes;

drop function app.note_certification_link_change();
drop function app.record_certification_link_changes();
drop function app.note_experience_link_change();
drop function app.record_experience_link_changes();

CREATE OR REPLACE FUNCTION app.note_link_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_link jsonb := to_jsonb(case tg_op when 'DELETE' then old else new end);
  v_technology_id integer := (v_link ->> 'technology_id')::integer;
begin
  if exists (select 1 from public.technologies t where t.id = v_technology_id) then
    insert into app.technology_link_changes as c (entity, item_id, technology_id, delta)
    values (tg_argv[0], (v_link ->> tg_argv[1])::integer, v_technology_id,
            case tg_op when 'DELETE' then -1 else 1 end)
    on conflict (xact, entity, item_id, technology_id) do update set delta = c.delta + excluded.delta;
    perform set_config('vitrine.link_changes_' || tg_argv[0], 'pending', true);
  end if;
  return null;
end
$function$;

CREATE OR REPLACE FUNCTION app.record_link_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entity text := tg_argv[0];
  v_item record;
  v_entry record;
begin
  if current_setting('vitrine.link_changes_' || v_entity, true) is distinct from 'pending' then
    return null;
  end if;
  for v_item in execute format(
    'select i.id, to_jsonb(i) as item from public.%I i
      where i.id in (select l.item_id from app.technology_link_changes l
                      where l.xact = txid_current() and l.entity = $1
                      group by l.item_id, l.technology_id having sum(l.delta) <> 0)', v_entity)
    using v_entity
  loop
    select a.id, a.action, a.changed_fields into v_entry from public.activity a
     where a.entity = v_entity and a.entity_id = v_item.id and a.xact = txid_current()
     order by a.id desc limit 1;
    if v_entry.id is null then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select app.current_user_id(),
             coalesce((select u.username from public.users u where u.id = app.current_user_id()), 'system'),
             'update', v_entity, v_item.id,
             app.activity_summary('Updated ', v_entity, v_item.item),
             array['technologies'];
    elsif v_entry.action = 'update' and not ('technologies' = any(v_entry.changed_fields)) then
      update public.activity a set changed_fields = a.changed_fields || array['technologies']
       where a.id = v_entry.id;
    end if;
  end loop;
  delete from app.technology_link_changes l where l.xact = txid_current() and l.entity = v_entity;
  perform set_config('vitrine.link_changes_' || v_entity, '', true);
  return null;
end
$function$;

create table app.technology_link_changes (
  xact bigint default txid_current() not null,
  entity text not null,
  item_id integer not null,
  technology_id integer not null,
  delta integer not null
);

alter table app.technology_link_changes add constraint technology_link_changes_pkey PRIMARY KEY (xact, entity, item_id, technology_id);

CREATE CONSTRAINT TRIGGER project_technologies_activity_at_commit AFTER INSERT OR DELETE ON public.project_technologies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app.record_link_changes('projects');
CREATE TRIGGER project_technologies_activity AFTER INSERT OR DELETE ON public.project_technologies FOR EACH ROW EXECUTE FUNCTION app.note_link_change('projects', 'project_id');
CREATE CONSTRAINT TRIGGER certification_technologies_activity_at_commit AFTER INSERT OR DELETE ON public.certification_technologies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app.record_link_changes('certifications');
CREATE TRIGGER certification_technologies_activity AFTER INSERT OR DELETE ON public.certification_technologies FOR EACH ROW EXECUTE FUNCTION app.note_link_change('certifications', 'certification_id');
CREATE CONSTRAINT TRIGGER experience_technologies_activity_at_commit AFTER INSERT OR DELETE ON public.experience_technologies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app.record_link_changes('experiences');
CREATE TRIGGER experience_technologies_activity AFTER INSERT OR DELETE ON public.experience_technologies FOR EACH ROW EXECUTE FUNCTION app.note_link_change('experiences', 'experience_id');

alter table app.technology_link_changes enable row level security;

revoke all on table app.technology_link_changes from public, anon, authenticated;

reset check_function_bodies;
