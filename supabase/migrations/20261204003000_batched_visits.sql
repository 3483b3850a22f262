-- Visit events written in batches (docs/decisions/043-batched-visit-events.md).
--
-- `npm start` answers a beacon at once and keeps the event in memory; once a
-- second (or sooner, when many wait) it writes every waiting event with one
-- call of app.record_visits. On PGlite, which runs one statement at a time in
-- the server's own thread, a transaction per beacon held every other query
-- back during a spike; one statement a second does not.
--
-- Each event goes through the same rules as with app.record_visit: the rate
-- limit per address (counted under a hash of the address with the day's salt,
-- never the address), the stored visitor as the salted hash of address, user
-- agent and site, the same column limits, and the rollup at most every ten
-- minutes. The process already refused (429) what it could see was over the
-- limit; this is the check across processes sharing the database: events of
-- an address past its limit are dropped here, not stored.
--
-- p_events: a JSON array of objects with the keys client, user_agent, site,
-- kind ('view' or 'click'), path, project_id, target, referrer_host,
-- utm_source and utm_campaign. project_id must already be what the caller may
-- see (the API resolves it under row-level security in the calling
-- statement, as for app.record_visit). Answers how many events were stored.
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
revoke all on function app.record_visits(jsonb, integer, integer) from public;
grant execute on function app.record_visits(jsonb, integer, integer) to anon, authenticated;
