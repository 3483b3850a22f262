-- The content version and publishing the site.
--
-- One number for "what a visitor can see" (docs/decisions/010-content-version-cache-and-paging.md):
-- it moves on with every committed write to public content, whoever makes it:
-- this API, another instance of it, the Supabase dashboard or psql. The API
-- keeps visitors' answers in memory while the number stays the same and uses
-- it as their ETag. Writes to inactive projects and certifications (and their
-- links) do not move it: visitors learn nothing of inactive work (docs/PRODUCT.md §11).
--
-- A row in a table, not a sequence: the update is part of the writing
-- transaction, so a reader sees the new number exactly when it sees the new
-- content, never before. Statement-level triggers (on each content table, in
-- 05_content.sql and 06_story.sql), so a statement touching 5,000 rows bumps
-- it once. Content writes queue on this row from their first write to their
-- commit; a portfolio has one editor.
--
-- The row also keeps when public content last changed (the deploy hook waits
-- for a quiet period) and the year it last moved in: a new year is a change of
-- public content, since a skill used in a current role or an ongoing project is
-- backed "to this year" (GET /technologies' evidence.lastYear, docs/PRODUCT.md §19).

create table app.content_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null default 1,
  changed_at timestamptz not null default now(),
  year integer
);
insert into app.content_version (id, version, year) values (1, 1, extract(year from current_date)::int);
alter table app.content_version enable row level security;
-- No grants to anon or authenticated: they read the number through
-- app.content_version() and only the triggers write it.
revoke all on app.content_version from public;

-- The current number. STABLE, so inside a statement it reads that statement's
-- snapshot: `select app.content_version(), <the content>` is one consistent pair.
create or replace function app.content_version()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select v.version from app.content_version v where v.id = 1
$$;

-- The one function that moves the number on: it stamps the time
-- (clock_timestamp(), so a long transaction still counts from its write) and
-- the year, and tells listeners (a NOTIFY is delivered at commit, and dropped
-- with the transaction if it rolls back).
create or replace function app.next_content_version()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  next bigint;
begin
  update app.content_version
    set version = version + 1, changed_at = clock_timestamp(),
        year = extract(year from current_date)::int
    where id = 1 returning version into next;
  perform pg_notify('vitrine_content_version', next::text);
end
$$;

-- The statement trigger of tables that are public whole.
create or replace function app.bump_content_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.next_content_version();
  return null;
end
$$;

-- The statement trigger of projects, certifications and their links: moves the
-- number only when a row visitors can see, or could see before the write, is
-- among the changed rows. Transition tables, one trigger per event (Postgres
-- allows transition tables only on single-event triggers).
create or replace function app.bump_content_version_if_visible()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visible boolean := false;
begin
  if tg_table_name = 'project_technologies' then
    -- A link is visible when its project is active (a deleted project's links
    -- go with it, and the project's own trigger has counted it if it was active).
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (
        select 1 from old_rows r join public.projects p on p.id = r.project_id where p.is_active
      ) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (
        select 1 from new_rows r join public.projects p on p.id = r.project_id where p.is_active
      ) into visible;
    end if;
  elsif tg_table_name = 'certification_technologies' then
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (
        select 1 from old_rows r join public.certifications c on c.id = r.certification_id where c.is_active
      ) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (
        select 1 from new_rows r join public.certifications c on c.id = r.certification_id where c.is_active
      ) into visible;
    end if;
  else
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (select 1 from old_rows r where r.is_active) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (select 1 from new_rows r where r.is_active) into visible;
    end if;
  end if;
  if visible then
    perform app.next_content_version();
  end if;
  return null;
end
$$;

-- Moves the version on when it was last moved in an earlier year; answers
-- whether it did. Called by the server's hourly upkeep (images/sweep.ts), run
-- by the server's own role (the owner), never by clients.
create or replace function app.turn_of_year()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The row lock orders two servers' upkeep: the second sees this year.
  perform 1 from app.content_version v
   where v.id = 1 and v.year is distinct from extract(year from current_date)::int
   for update;
  if not found then
    return false;
  end if;
  perform app.next_content_version();
  return true;
end
$$;

revoke all on function app.content_version(), app.next_content_version(), app.bump_content_version(),
  app.bump_content_version_if_visible() from public;
grant execute on function app.content_version() to anon, authenticated;
revoke all on function app.turn_of_year() from public, anon, authenticated;

-- Publishing --------------------------------------------------------------------
--
-- A prerendered site (docs/decisions/024-publishing-through-a-deploy-hook.md).
-- On Supabase the pages are files a static host serves, built by
-- `npm run build` from the API. After a signed-in write changes public
-- content, the API calls the host's deploy hook (DEPLOY_HOOK_URL), so the host
-- builds again. This row remembers which content version the host was last
-- asked to build and whether it accepted, so the back office can show "last
-- published" and the API never calls the hook twice for one version.
--
-- The API waits until public content has been quiet for a while (one editor
-- saving five fields is one build), whichever worker or process made the
-- changes. The quiet period can outlive an edge worker (DEPLOY_HOOK_QUIET_SECONDS
-- goes up to 600 s; Supabase stops a worker after 150 s), so a write records its
-- request here and whichever request, in any worker or process, finds it due
-- finishes it (publish.ts). A change that is no signed-in write (a fresh
-- install, an edit in psql) asks for no build.
create table public.site_publish (
  id integer primary key default 1 check (id = 1),
  -- The content version the host last accepted a build of (0: never).
  published_version bigint not null default 0,
  published_at timestamptz,
  -- The last call to the hook, whatever came of it.
  attempted_version bigint not null default 0,
  attempted_at timestamptz,
  -- Why the last call failed (the hook's status, or that it could not be
  -- reached); null after a success. Never the hook's address: it is a secret.
  last_error text check (length(last_error) <= 300),
  -- The content version the last signed-in write asked to publish.
  requested_version bigint not null default 0
);
insert into public.site_publish (id) values (1);

alter table public.site_publish enable row level security;
revoke all on public.site_publish from anon, authenticated;
grant select on public.site_publish to authenticated;
create policy "Signed-in accounts can read when the site was published"
  on public.site_publish for select to authenticated
  using ((select app.is_signed_in()));
-- No write policy and no write grant: only the functions below write it, and
-- only the API's own connection may call them.

-- Takes the right to call the hook for the current version. Without p_force it
-- is granted only when that version has not been tried yet and public content
-- has not changed for p_quiet; otherwise `wait` says how long to wait before
-- asking again (null: nothing to publish). The row lock makes one caller win
-- when several workers ask at once.
create or replace function app.claim_publish(p_quiet interval, p_force boolean default false)
returns table (version bigint, wait interval)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version bigint;
  v_changed timestamptz;
  v_tried bigint;
begin
  select s.attempted_version into v_tried from public.site_publish s where s.id = 1 for update;
  select c.version, c.changed_at into v_version, v_changed from app.content_version c where c.id = 1;
  if not p_force then
    if v_version <= v_tried then
      return query select null::bigint, null::interval;
      return;
    end if;
    if v_changed > clock_timestamp() - p_quiet then
      return query select null::bigint, v_changed + p_quiet - clock_timestamp();
      return;
    end if;
  end if;
  update public.site_publish
    set attempted_version = greatest(attempted_version, v_version), attempted_at = clock_timestamp()
    where id = 1;
  return query select v_version, null::interval;
end
$$;

-- What the hook answered for p_version.
create or replace function app.record_publish(p_version bigint, p_error text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.site_publish
    set published_version = case when p_error is null
          then greatest(published_version, p_version) else published_version end,
        published_at = case when p_error is null then clock_timestamp() else published_at end,
        last_error = left(p_error, 300)
    where id = 1
$$;

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

revoke all on function app.claim_publish(interval, boolean), app.record_publish(bigint, text)
  from public;
revoke all on function app.request_publish(), app.claim_due_publish(interval)
  from public, anon, authenticated;
