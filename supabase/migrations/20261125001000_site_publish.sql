-- Publishing a prerendered site (docs/decisions/024-publishing-through-a-deploy-hook.md).
-- On Supabase the pages are files a static host serves, built by
-- `npm run build` from the API. After public content changes, the API calls
-- the host's deploy hook (DEPLOY_HOOK_URL), so the host builds again. This
-- table remembers which content version the host was last asked to build and
-- whether it accepted, so the back office can show "last published" and the
-- API never calls the hook twice for one version.
--
-- When the last change happened is kept beside the version itself: the API
-- waits until public content has been quiet for a while (one editor saving
-- five fields is one build), whichever worker or process made the changes.

alter table app.content_version
  add column changed_at timestamptz not null default now();

-- The two functions that move the version on now also stamp the time.
-- clock_timestamp(), not now(): a long transaction still counts from its write.
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
    set version = version + 1, changed_at = clock_timestamp()
    where id = 1 returning version into next;
  perform pg_notify('vitrine_content_version', next::text);
end
$$;
revoke all on function app.next_content_version() from public;

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
revoke all on function app.bump_content_version() from public;

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
  last_error text check (length(last_error) <= 300)
);
insert into public.site_publish (id) values (1);

alter table public.site_publish enable row level security;
revoke all on public.site_publish from anon, authenticated;
grant select on public.site_publish to authenticated;
create policy "Signed-in accounts can read when the site was published"
  on public.site_publish for select to authenticated
  using ((select app.is_signed_in()));
-- No write policy and no write grant: only the two functions below write it,
-- and only the API's own connection may call them.

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
revoke all on function app.claim_publish(interval, boolean) from public;

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
revoke all on function app.record_publish(bigint, text) from public;
