-- Periodic work, once per period whoever asks (docs/decisions/035-periodic-work-claimed-in-the-database.md).
--
-- The hourly upkeep (the sweep of unused images and abandoned backup
-- archives, images/sweep.ts, and the new-year pass, app.turn_of_year) must
-- run once an hour per database, not once per process: on the edge function
-- every worker is a new process, and several `npm start` processes may share
-- one database. Each job has a row here with the time it last ran, and a run
-- is claimed by moving that time on with one statement that matches only when
-- the period has passed. Two callers at the same moment: the second one's
-- update waits for the first's row lock, then finds the row no longer
-- matching (READ COMMITTED checks the new row again), and gets nothing.
--
-- Not here, because they are claimed in the database already:
-- - the visit rollups: app.visit_rollup claims app.visit_rollup_state.ran_at
--   (for update skip locked, then ran_at moves on) from inside
--   app.record_visit, at most once every ten minutes;
-- - the deploy hook: app.claim_publish grants the call for a content version
--   once, after content has been quiet for the period, reading
--   app.content_version.changed_at.

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
