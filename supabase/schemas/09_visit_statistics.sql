-- Visit statistics (docs/PRODUCT.md §17, docs/decisions/027-visit-statistics.md).
--
-- The public pages send a beacon per page view and per outbound click
-- (POST /events). What is kept is chosen so that nobody can be recognised or
-- followed:
--
-- - No address and no user agent. A visitor is a sha256 of a salt, the
--   address, the user agent and the site, and the salt is new every day (UTC)
--   and deleted when the next one is made, so the same person gets another,
--   unrelated hash tomorrow and nobody, the owner included, can work back from
--   a hash to an address. The beacons' rate limit counts a salted hash of the
--   address too, never the address.
-- - The referrer only as its host; of the page's query only utm_source and
--   utm_campaign.
-- - Raw events live for a retention period (STATS_RETENTION_DAYS, default 30)
--   and are rolled up into one row per day and dimension, which is kept.
--
-- Client roles cannot write any of it: the API records an event through
-- app.record_visit, which applies a rate limit per address, and rolls up
-- through app.visit_rollup. Only signed-in accounts read the daily rows.

-- One salt per UTC day, readable by the owner of the schema alone.
create table app.visit_salts (
  day date primary key,
  salt bytea not null check (length(salt) = 32)
);
alter table app.visit_salts enable row level security;
revoke all on app.visit_salts from public, anon, authenticated;

create table app.visit_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The UTC day the event belongs to, the day of its salt.
  day date not null default (now() at time zone 'UTC')::date,
  kind text not null check (kind in ('view', 'click')),
  path text not null check (length(path) <= 300),
  project_id integer,
  target text check (target in ('live', 'source', 'linkedin', 'github', 'email')),
  referrer_host text check (length(referrer_host) <= 255),
  utm_source text check (length(utm_source) <= 100),
  utm_campaign text check (length(utm_campaign) <= 100),
  visitor bytea not null check (length(visitor) = 32),
  -- Counted in visit_daily by the last rollup; a row that was still being
  -- written while a rollup ran stays false and is counted by the next one.
  rolled boolean not null default false
);
create index visit_events_unrolled_idx on app.visit_events (day) where not rolled;
create index visit_events_day_idx on app.visit_events (day);
alter table app.visit_events enable row level security;
revoke all on app.visit_events from public, anon, authenticated;

-- The rollups: per UTC day, one row per dimension and value.
--   kind 'total'        key ''             events: views,   visitors: unique visitors
--   kind 'project'      key project id     events: views,   visitors: unique visitors
--   kind 'referrer'     key host           events: visits (views that came from it)
--   kind 'click'        key target         events: clicks
--   kind 'utm_source'   key utm_source     events: views
--   kind 'utm_campaign' key utm_campaign   events: views
create table public.visit_daily (
  day date not null,
  kind text not null check (kind in ('total', 'project', 'referrer', 'click', 'utm_source', 'utm_campaign')),
  key text not null check (length(key) <= 255),
  events integer not null check (events >= 0),
  visitors integer not null check (visitors >= 0),
  primary key (day, kind, key)
);
alter table public.visit_daily enable row level security;
revoke all on public.visit_daily from anon, authenticated;
grant select on public.visit_daily to authenticated;
create policy "Signed-in accounts can read visit statistics"
  on public.visit_daily for select to authenticated
  using ((select app.is_signed_in()));
-- No write policy and no write grant: app.visit_rollup writes it, and the
-- backup restore through app.replace_visit_daily.

-- Who rolls up, and when it last did: the row lock makes one caller do it.
-- Days before recount_from may have lost raw events (the retention deleted
-- them, or a restore did): they are never counted again from what is left,
-- only added to.
create table app.visit_rollup_state (
  id integer primary key default 1 check (id = 1),
  ran_at timestamptz not null default '-infinity',
  recount_from date not null default '-infinity'
);
insert into app.visit_rollup_state (id) values (1);
alter table app.visit_rollup_state enable row level security;
revoke all on app.visit_rollup_state from public, anon, authenticated;

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

-- Rolls the events no rollup has counted into visit_daily, then deletes the
-- raw events of whole days older than the retention. Days from recount_from on
-- are counted again from their raw events, so a day is never counted twice;
-- earlier days only get their new events added, with a visitor counted again
-- only when no event of that day still there has the same hash. Does nothing
-- and answers false when another caller is at it or the last run is younger
-- than p_every: the API calls it from requests (there is no timer on an edge
-- function), so it must stay cheap when it is not due.
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

-- GET /stats rolls up first, so the owner sees the visits of the last minute;
-- a deleted account or an ended session cannot make it work.
create or replace function app.visit_rollup_now(p_retention_days integer)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not app.is_signed_in() then
    raise exception 'permission denied to roll up visit statistics' using errcode = '42501';
  end if;
  return app.visit_rollup(p_retention_days, interval '0');
end
$$;

-- Today's salt, made by the day's first caller. Yesterday's salt goes as soon
-- as today's exists: from then on nobody can tell whether a visitor of today
-- was also one of yesterday, nor whose address a rate limit's key of
-- yesterday was. Share links' views use it too (14_share_links.sql).
create or replace function app.visit_salt_today()
returns bytea
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_salt bytea;
begin
  select s.salt into v_salt from app.visit_salts s where s.day = v_today;
  if v_salt is null then
    insert into app.visit_salts (day, salt)
      values (v_today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
      on conflict (day) do nothing;
    delete from app.visit_salts s where s.day < v_today;
    select s.salt into v_salt from app.visit_salts s where s.day = v_today;
  end if;
  return v_salt;
end
$$;

-- Records one page view or click. Answers the seconds this address must wait
-- (the event was not recorded), or 0. The address and user agent are only
-- hashed with today's salt, never stored. The API passes a project id only
-- when the caller can see that project (its query reads it under row-level
-- security): this function never reads projects, so it cannot tell a visitor
-- anything about an inactive one (13-visitor-privacy.test.sql).
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

  v_salt := app.visit_salt_today();

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

-- Records a batch of page views and clicks in one statement: what `npm start`
-- writes once a second (docs/decisions/043-batched-visit-events.md). Each
-- event under the rules of app.record_visit: the limit per address counted
-- under a hash of the address with the day's salt (n at once per address,
-- the part past the limit dropped), the same visitor hash and column limits.
-- p_events: an array of objects with the keys client, user_agent, site, kind,
-- path, project_id (already what a visitor may see: the API resolves it under
-- row-level security in the calling statement), target, referrer_host,
-- utm_source and utm_campaign. Answers how many events were stored.
create or replace function app.record_visits(
  p_events jsonb, p_limit integer, p_retention_days integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_window interval := interval '60 seconds';
  v_salt bytea;
  v_stored integer;
begin
  if p_events is null or jsonb_typeof(p_events) <> 'array' or jsonb_array_length(p_events) = 0 then
    return 0;
  end if;
  -- Unlike app.record_visit, the commit waits for the disk: it is one a
  -- second, and it is what makes "a kill -9 loses at most the last second"
  -- true (PGlite has no WAL writer to flush an asynchronous commit later).

  -- Today's salt: the day's first write makes it, and yesterday's goes then
  -- (as app.record_visit does). Once a second, so no need to look first.
  insert into app.visit_salts (day, salt)
    values (v_today, uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
    on conflict (day) do nothing;
  if found then
    delete from app.visit_salts s where s.day < v_today;
  end if;
  select s.salt into v_salt from app.visit_salts s where s.day = v_today;

  with batch as (
    select b.ord, b.e,
           encode(sha256(v_salt || convert_to(coalesce(b.e ->> 'client', ''), 'UTF8')), 'hex') as key
      from jsonb_array_elements(p_events) with ordinality b(e, ord)
     where b.e ->> 'kind' in ('view', 'click') and b.e ->> 'path' is not null
  ),
  asked as (
    select key, count(*)::integer as n from batch group by key
  ),
  -- app.rate_limit_take for n requests at once: the window's count grows by
  -- n, and the part of n past the limit is refused.
  counted as (
    insert into app.rate_limits as r (bucket, key, hits, window_started_at, expires_at)
    select 'events', a.key, a.n, now(), now() + v_window from asked a
    on conflict (bucket, key) do update
      set hits = case when r.window_started_at + v_window <= now() then excluded.hits
                      else least(r.hits, p_limit) + excluded.hits end,
          window_started_at = case when r.window_started_at + v_window <= now() then now()
                                   else r.window_started_at end,
          expires_at = case when r.window_started_at + v_window <= now() then now() + v_window
                            else r.window_started_at + v_window end
    returning r.key, r.hits
  ),
  allowed as (
    select c.key, a.n - greatest(0, c.hits - p_limit) as n
      from counted c join asked a on a.key = c.key
  ),
  ranked as (
    select b.ord, b.e, b.key, row_number() over (partition by b.key order by b.ord) as place
      from batch b
  ),
  stored as (
    insert into app.visit_events
      (day, kind, path, project_id, target, referrer_host, utm_source, utm_campaign, visitor)
    select v_today, r.e ->> 'kind', left(r.e ->> 'path', 300), (r.e ->> 'project_id')::integer,
           case when r.e ->> 'kind' = 'click'
                 and r.e ->> 'target' in ('live', 'source', 'linkedin', 'github', 'email')
                then r.e ->> 'target' end,
           left(r.e ->> 'referrer_host', 255), left(r.e ->> 'utm_source', 100),
           left(r.e ->> 'utm_campaign', 100),
           sha256(v_salt || convert_to(
             coalesce(r.e ->> 'client', '') || E'\n' || coalesce(r.e ->> 'user_agent', '') || E'\n' ||
             coalesce(r.e ->> 'site', ''), 'UTF8'))
      from ranked r join allowed a on a.key = r.key
     where r.place <= a.n
     -- In the order they came: the ids follow the visits.
     order by r.ord
    returning 1
  )
  select count(*)::integer into v_stored from stored;

  perform app.rate_limit_purge();
  perform app.visit_rollup(p_retention_days, interval '10 minutes');
  return v_stored;
end
$$;

-- A backup restore replaces the statistics with the archive's (the caller
-- must be an admin; raw events are not part of a backup). The raw events go
-- too: they are the replaced statistics' own, and today's name the projects
-- by the ids they had before the restore; no day up to today is counted again
-- from raw events after it.
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

revoke all on function app.visit_rollup(integer, interval), app.visit_rollup_now(integer),
  app.visit_salt_today(),
  app.record_visit(text, text, text, text, text, integer, text, text, text, text, integer, integer),
  app.record_visits(jsonb, integer, integer),
  app.replace_visit_daily(jsonb) from public;
grant execute on function app.visit_rollup_now(integer) to authenticated;
grant execute on function app.record_visit(text, text, text, text, text, integer, text, text, text, text, integer, integer) to anon, authenticated;
grant execute on function app.record_visits(jsonb, integer, integer) to anon, authenticated;
grant execute on function app.replace_visit_daily(jsonb) to authenticated;
