-- Periodic work, once per period whoever asks (docs/decisions/035-periodic-work-claimed-in-the-database.md).
--
-- The hourly upkeep (the sweep of unused images and abandoned backup
-- archives, images/sweep.ts, and the new-year pass, migration
-- ..._content_version_new_year.sql) was timed in memory, per process. On the
-- edge function every worker is a new process: each one swept on its first
-- request, so a busy site swept as often as Supabase started workers, not
-- once an hour; with several `npm start` processes on one database, each one
-- swept on its own clock. Each job now has a row here with the time it last
-- ran, and a run is claimed by moving that time on with one statement that
-- matches only when the period has passed. Two callers at the same moment:
-- the second one's update waits for the first's row lock, then finds the row
-- no longer matching (READ COMMITTED checks the new row again), and gets
-- nothing.
--
-- Not here, because they are claimed in the database already:
-- - the visit rollups: app.visit_rollup claims app.visit_rollup_state.ran_at
--   (for update skip locked, then ran_at moves on) from inside
--   app.record_visit, at most once every ten minutes;
-- - the deploy hook: app.claim_publish (migration ..._site_publish.sql)
--   grants the call for a content version once, after content has been quiet
--   for the period, reading app.content_version.changed_at.

create table app.periodic_jobs (
  name text primary key check (name ~ '^[a-z][a-z_]{0,39}$'),
  -- Claimed runs only: a run that failed halfway still counts, and the next
  -- period tries again (every job is safe to run again).
  last_run timestamptz not null default '-infinity'
);
alter table app.periodic_jobs enable row level security;
revoke all on app.periodic_jobs from public, anon, authenticated;

insert into app.periodic_jobs (name) values ('file_sweep'), ('new_year');

-- Answers true to exactly one caller per p_every for p_name, and moves its
-- last run to now(). A name without a row gets one, claimed by its first
-- caller. Run by the API's own connection (the owner), outside requests:
-- clients have no reason to call it, and one that could would put the
-- sweep off.
create or replace function app.claim_periodic(p_name text, p_every interval)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update app.periodic_jobs j set last_run = now()
   where j.name = p_name and j.last_run < now() - p_every;
  if found then
    return true;
  end if;
  insert into app.periodic_jobs (name, last_run) values (p_name, now())
    on conflict (name) do nothing;
  return found;
end
$$;
revoke all on function app.claim_periodic(text, interval) from public, anon, authenticated;

-- The deploy hook's quiet period outlives an edge worker: DEPLOY_HOOK_QUIET_SECONDS
-- goes up to 600 s, and Supabase stops a worker after 150 s (400 s on paid
-- plans). A worker now waits only as long as its limit allows, and a publish
-- it could not wait for is finished by whichever request, in any worker or
-- process, finds it due (publish.ts). So that a signed-in write is what asks
-- for a build, as before, and not any change (a fresh install, an edit in
-- psql), the write records its request here.
alter table public.site_publish add column requested_version bigint not null default 0;

-- After a signed-in write: the current content version should be published.
create or replace function app.request_publish()
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.site_publish s
     set requested_version = c.version
    from app.content_version c
   where s.id = 1 and c.id = 1 and s.requested_version < c.version
$$;
revoke all on function app.request_publish() from public, anon, authenticated;

-- app.claim_publish without p_force, only when a request is waiting: a read
-- and nothing more when none is, so every request may ask.
create or replace function app.claim_due_publish(p_quiet interval)
returns table (version bigint, wait interval)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.site_publish s
                  where s.id = 1 and s.requested_version > s.attempted_version) then
    return query select null::bigint, null::interval;
    return;
  end if;
  return query select c.version, c.wait from app.claim_publish(p_quiet, false) c;
end
$$;
revoke all on function app.claim_due_publish(interval) from public, anon, authenticated;
