-- Two reviews in one file (issues 23 and 22).
--
-- Visit statistics (migration ..._visit_statistics.sql, docs/PRODUCT.md §17,
-- docs/decisions/027-visit-statistics.md):
--
-- 1. No address in the rate limit. app.record_visit counted each address in
--    app.rate_limits under the address itself, so the last visitors'
--    addresses stayed in that table until purged. The key is now
--    sha256(the day's salt || the address), read after the salt: once the
--    salt is deleted, nobody can tell whose row it was. A new day's salt
--    starts a new minute's count; that is all a day boundary costs.
-- 2. Counts are never lost. The rollup counted every day that received
--    events again from that day's raw events, which is right only while all
--    of them are there. They are not for days past the retention (an event
--    stamped on such a day and committed after its raw events were deleted
--    wiped the day down to that one event; with STATS_RETENTION_DAYS=0 that
--    is any late event of yesterday) nor after a restore (the archive's daily
--    rows replaced the counts, but the raw events stayed, with the old
--    project ids, and the next rollup counted today again from them).
--    app.visit_rollup_state.recount_from now says from which day on the raw
--    events are complete: those days are counted again as before, earlier
--    days only get their new events added, with a visitor counted again only
--    when no event of that day still there has the same hash.
-- 3. A restore replaces the raw events too: app.replace_visit_daily deletes
--    them with the daily rows, and no day up to today is counted again from
--    raw events after it.
--
-- Activity history (docs/PRODUCT.md §12 and §18, docs/decisions/014): a save
-- that changes only an experience's technologies was recorded nowhere, since
-- experience_technologies had no activity trigger. It gets the one
-- certification_technologies has (migration ..._certification_technologies.sql).

-- Visit statistics -------------------------------------------------------------

-- Each event once in every dimension it has a value in (the comment on
-- public.visit_daily names them). Read by the rollup alone.
create view app.visit_event_dimensions as
select e.id, e.day, e.rolled, e.visitor, d.dimension, d.value
  from app.visit_events e
  cross join lateral (values
    ('total', case when e.kind = 'view' then '' end),
    ('project', case when e.kind = 'view' then e.project_id::text end),
    ('referrer', case when e.kind = 'view' then e.referrer_host end),
    ('click', case when e.kind = 'click' then e.target end),
    ('utm_source', case when e.kind = 'view' then e.utm_source end),
    ('utm_campaign', case when e.kind = 'view' then e.utm_campaign end)) d(dimension, value)
 where d.value is not null;
revoke all on app.visit_event_dimensions from public, anon, authenticated;

-- Days before this one may have lost raw events (the retention deleted them,
-- or a restore did): they are never counted again from what is left.
-- Existing databases: every day before the oldest raw event left has lost
-- its events, if it had any.
alter table app.visit_rollup_state add column recount_from date not null default '-infinity';
update app.visit_rollup_state
   set recount_from = coalesce((select min(e.day) from app.visit_events e), '-infinity');

create or replace function app.visit_rollup(p_retention_days integer, p_every interval)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_recount_from date;
  -- The days counted again from their raw events.
  v_days date[];
  -- The events added to days before recount_from, and those days.
  v_added bigint[];
  v_added_days date[];
begin
  select s.recount_from into v_recount_from from app.visit_rollup_state s
    where s.id = 1 and s.ran_at <= clock_timestamp() - p_every
    for update skip locked;
  if not found then
    return false;
  end if;

  -- The events this run claims; whatever commits after this statement stays
  -- unrolled and is counted by the next run.
  with claimed as (
    update app.visit_events e set rolled = true where not e.rolled returning e.id, e.day
  )
  select coalesce(array_agg(distinct c.day) filter (where c.day >= v_recount_from), '{}'),
         coalesce(array_agg(c.id) filter (where c.day < v_recount_from), '{}'),
         coalesce(array_agg(distinct c.day) filter (where c.day < v_recount_from), '{}')
    into v_days, v_added, v_added_days
    from claimed c;

  -- Days some of whose raw events are gone: the new events are added to their
  -- rows. A visitor is counted again only when no event of that day counted
  -- by an earlier run, and still there, has the same hash. Rare (a late event,
  -- the rest of the day of a restore), so it costs nothing when not needed.
  if cardinality(v_added) > 0 then
    insert into public.visit_daily as d (day, kind, key, events, visitors)
    select f.day, f.dimension, f.value, count(*),
           count(distinct f.visitor) filter (where seen.visitor is null)
      from app.visit_event_dimensions f
      left join (select distinct s.day, s.dimension, s.value, s.visitor
                   from app.visit_event_dimensions s
                   left join unnest(v_added) a(id) on a.id = s.id
                  where s.rolled and s.day = any(v_added_days) and a.id is null) seen
        on seen.day = f.day and seen.dimension = f.dimension and seen.value = f.value
       and seen.visitor = f.visitor
     where f.id = any(v_added)
     group by f.day, f.dimension, f.value
    on conflict (day, kind, key) do update
      set events = d.events + excluded.events, visitors = d.visitors + excluded.visitors;
  end if;

  -- The other days are counted again from their raw events, so a day is never
  -- counted twice.
  delete from public.visit_daily d where d.day = any(v_days);
  insert into public.visit_daily (day, kind, key, events, visitors)
  select e.day, e.dimension, e.value, count(*), count(distinct e.visitor)
    from app.visit_event_dimensions e
   where e.day = any(v_days)
   group by e.day, e.dimension, e.value;

  -- Whole days only, and only counted ones; from now on those days only get
  -- additions.
  delete from app.visit_events e
    where e.rolled and e.day < v_today - greatest(p_retention_days, 0);
  update app.visit_rollup_state
     set ran_at = clock_timestamp(),
         recount_from = greatest(recount_from, v_today - greatest(p_retention_days, 0))
   where id = 1;
  return true;
end
$$;
revoke all on function app.visit_rollup(integer, interval) from public;

-- As before, but the rate limit counts a salted hash of the address, not the
-- address: the salt is read (or made) first.
create or replace function app.record_visit(
  p_client text, p_user_agent text, p_site text,
  p_kind text, p_path text, p_project_id integer, p_target text,
  p_referrer_host text, p_utm_source text, p_utm_campaign text,
  p_limit integer, p_retention_days integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_retry integer;
  v_salt bytea;
begin
  -- A lost event on a crash costs nothing; waiting for the disk on every
  -- visit would cost every visit (the bench's 1,000 a second on PostgreSQL).
  perform set_config('synchronous_commit', 'off', true);

  select s.salt into v_salt from app.visit_salts s where s.day = v_today;
  if v_salt is null then
    insert into app.visit_salts (day, salt)
      values (v_today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
      on conflict (day) do nothing;
    -- Yesterday's salt goes as soon as today's exists: from now on nobody can
    -- tell whether a visitor of today was also one of yesterday, nor whose
    -- address a rate limit's key of yesterday was.
    delete from app.visit_salts s where s.day < v_today;
    select s.salt into v_salt from app.visit_salts s where s.day = v_today;
  end if;

  v_retry := app.rate_limit_take('events',
    encode(sha256(v_salt || convert_to(coalesce(p_client, ''), 'UTF8')), 'hex'), p_limit, 60);
  perform app.rate_limit_purge();
  if v_retry > 0 then
    return v_retry;
  end if;

  insert into app.visit_events
    (day, kind, path, project_id, target, referrer_host, utm_source, utm_campaign, visitor)
  values (v_today, p_kind, left(p_path, 300), p_project_id,
    case when p_kind = 'click' then p_target end,
    left(p_referrer_host, 255), left(p_utm_source, 100), left(p_utm_campaign, 100),
    sha256(v_salt || convert_to(
      coalesce(p_client, '') || E'\n' || coalesce(p_user_agent, '') || E'\n' || coalesce(p_site, ''),
      'UTF8')));

  perform app.visit_rollup(p_retention_days, interval '10 minutes');
  return 0;
end
$$;
revoke all on function app.record_visit(text, text, text, text, text, integer, text, text, text, text, integer, integer) from public;
grant execute on function app.record_visit(text, text, text, text, text, integer, text, text, text, text, integer, integer) to anon, authenticated;

-- A backup restore replaces the statistics with the archive's (the caller
-- must be an admin; raw events are not part of a backup). The raw events go
-- too: they are the replaced statistics' own, and today's name the projects
-- by the ids they had before the restore.
create or replace function app.replace_visit_daily(p_rows jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- As app.replace_contact_messages: an admin, or the command line's own connection.
  if not (app.is_admin() or current_setting('role') = 'none') then
    raise exception 'permission denied to restore visit statistics' using errcode = '42501';
  end if;
  -- The rollup's row first: a rollup under way finishes before anything here
  -- is touched, and none starts before this transaction ends (they skip a
  -- locked row). No day up to today is counted again from raw events: the
  -- archive's rows are all there is of them.
  update app.visit_rollup_state
     set recount_from = greatest(recount_from, (clock_timestamp() at time zone 'UTC')::date + 1)
   where id = 1;
  delete from app.visit_events where true;
  delete from public.visit_daily where true;
  insert into public.visit_daily (day, kind, key, events, visitors)
  select (r ->> 'day')::date, r ->> 'kind', r ->> 'key', (r ->> 'events')::integer, (r ->> 'visitors')::integer
    from jsonb_array_elements(coalesce(p_rows, '[]'::jsonb)) r;
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke all on function app.replace_visit_daily(jsonb) from public;
grant execute on function app.replace_visit_daily(jsonb) to authenticated;

-- Activity history: an experience's technologies ------------------------------

-- As for a certification's links: the pairs a transaction really changed add
-- 'technologies' to the experience's entry, or record an update of it when
-- there is none.
create table app.experience_link_changes (
  xact bigint not null default txid_current(),
  experience_id integer not null,
  technology_id integer not null,
  delta integer not null,
  primary key (xact, experience_id, technology_id)
);
alter table app.experience_link_changes enable row level security;
revoke all on app.experience_link_changes from public;

create or replace function app.note_experience_link_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_link record := case tg_op when 'DELETE' then old else new end;
begin
  -- A link that goes with its experience or technology is no change of the
  -- experience's technologies: the delete of the row itself is recorded.
  if exists (select 1 from public.experiences e where e.id = v_link.experience_id)
     and exists (select 1 from public.technologies t where t.id = v_link.technology_id) then
    insert into app.experience_link_changes as c (experience_id, technology_id, delta)
    values (v_link.experience_id, v_link.technology_id, case tg_op when 'DELETE' then -1 else 1 end)
    on conflict (xact, experience_id, technology_id) do update set delta = c.delta + excluded.delta;
  end if;
  return null;
end
$$;

create or replace function app.record_experience_link_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_item record;
  v_entry record;
begin
  for v_item in
    select e.id, to_jsonb(e) as item from public.experiences e
     where e.id in (select l.experience_id from app.experience_link_changes l
                     where l.xact = txid_current()
                     group by l.experience_id, l.technology_id having sum(l.delta) <> 0)
  loop
    select a.id, a.action, a.changed_fields into v_entry from public.activity a
     where a.entity = 'experiences' and a.entity_id = v_item.id and a.xact = txid_current()
     order by a.id desc limit 1;
    if v_entry.id is null then
      insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
      select app.current_user_id(),
             coalesce((select u.username from public.users u where u.id = app.current_user_id()), 'system'),
             'update', 'experiences', v_item.id,
             app.activity_summary('Updated ', 'experiences', v_item.item),
             array['technologies'];
    elsif v_entry.action = 'update' and not ('technologies' = any(v_entry.changed_fields)) then
      update public.activity a set changed_fields = a.changed_fields || array['technologies']
       where a.id = v_entry.id;
    end if;
  end loop;
  delete from app.experience_link_changes l where l.xact = txid_current();
  return null;
end
$$;
revoke all on function app.note_experience_link_change(), app.record_experience_link_changes()
  from public;

create trigger experience_technologies_activity after insert or delete on public.experience_technologies
  for each row execute function app.note_experience_link_change();
create constraint trigger experience_technologies_activity_at_commit
  after insert or delete on public.experience_technologies
  deferrable initially deferred
  for each row execute function app.record_experience_link_changes();
