-- Portfolio content: technologies, projects (+ their technologies),
-- certifications and site configurations. Visitors read what is active;
-- any signed-in account reads everything; only admins write.
-- Each table first revokes what Supabase's default privileges hand anon and
-- authenticated, so the explicit grants below are the whole story everywhere.

create or replace function app.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Links stored in content must be http(s); mailto is allowed where an e-mail is meant.
create or replace function app.is_web_url(p_url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_url is null or p_url ~* '^https?://[^\s]+$' or p_url ~ '^/[^/\s][^\s]*$'
$$;
revoke all on all functions in schema app from public;
grant execute on function app.is_web_url(text), app.touch_updated_at() to anon, authenticated;

-- technologies ---------------------------------------------------------------

create table public.technologies (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 100),
  icon text check (icon is null or (length(icon) <= 2048 and app.is_web_url(icon))),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index technologies_name_key on public.technologies (lower(name));
create trigger technologies_touch before update on public.technologies
  for each row execute function app.touch_updated_at();

alter table public.technologies enable row level security;
revoke all on public.technologies from anon, authenticated;
grant select on public.technologies to anon, authenticated;
grant insert (name, icon), update (name, icon), delete on public.technologies to authenticated;

create policy "Visitors can read technologies"
  on public.technologies for select to anon using (true);
create policy "Signed-in accounts can read technologies"
  on public.technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create technologies"
  on public.technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update technologies"
  on public.technologies for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete technologies"
  on public.technologies for delete to authenticated using ((select app.is_admin()));

-- projects -------------------------------------------------------------------

create table public.projects (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  description text not null check (length(btrim(description)) between 1 and 10000),
  start_year integer,
  end_year integer,
  live_url text check (live_url is null or (length(live_url) <= 2048 and app.is_web_url(live_url))),
  github_url text check (github_url is null or (length(github_url) <= 2048 and app.is_web_url(github_url))),
  is_active boolean not null default true,
  thumbnail text check (thumbnail is null or (length(thumbnail) <= 2048 and app.is_web_url(thumbnail))),
  images text[] not null default '{}' check (cardinality(images) <= 30),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_listing_idx on public.projects (is_active desc, coalesce(start_year, 0) desc, id);

-- Years depend on today's date, which a CHECK constraint must not read, so a
-- trigger enforces spec section 9: start 1990..this year, end 1990..this year + 10.
create or replace function app.check_project_years()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_year integer := extract(year from now())::integer;
begin
  if new.start_year is not null and (new.start_year < 1990 or new.start_year > v_year) then
    raise exception 'Start year must be between 1990 and %', v_year using errcode = '23514';
  end if;
  if new.end_year is not null and (new.end_year < 1990 or new.end_year > v_year + 10) then
    raise exception 'End year must be between 1990 and %', v_year + 10 using errcode = '23514';
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function app.check_project_years() from public;
grant execute on function app.check_project_years() to authenticated;
create trigger projects_check_years before insert or update on public.projects
  for each row execute function app.check_project_years();

alter table public.projects enable row level security;
revoke all on public.projects from anon, authenticated;
grant select on public.projects to anon, authenticated;
grant insert (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images),
  update (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images),
  delete on public.projects to authenticated;

create policy "Visitors can read active projects"
  on public.projects for select to anon using (is_active);
create policy "Signed-in accounts can read projects"
  on public.projects for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create projects"
  on public.projects for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update projects"
  on public.projects for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete projects"
  on public.projects for delete to authenticated using ((select app.is_admin()));

create table public.project_technologies (
  project_id integer not null references public.projects (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (project_id, technology_id)
);
create index project_technologies_technology_idx on public.project_technologies (technology_id);

alter table public.project_technologies enable row level security;
revoke all on public.project_technologies from anon, authenticated;
grant select on public.project_technologies to anon, authenticated;
grant insert, delete on public.project_technologies to authenticated;

create policy "Visitors can read links of active projects"
  on public.project_technologies for select to anon
  using (exists (select 1 from public.projects p where p.id = project_id and p.is_active));
create policy "Signed-in accounts can read project links"
  on public.project_technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link technologies to projects"
  on public.project_technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink technologies from projects"
  on public.project_technologies for delete to authenticated using ((select app.is_admin()));

-- certifications -------------------------------------------------------------

create table public.certifications (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  -- An image URL or a short emoji (the spec's default icon is '☁️').
  icon text not null check (length(btrim(icon)) between 1 and 2048
    and (app.is_web_url(icon) or (length(icon) <= 16 and icon !~ '[<>:"]'))),
  obtained_date date not null check (obtained_date >= date '1970-01-01'),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger certifications_touch before update on public.certifications
  for each row execute function app.touch_updated_at();

alter table public.certifications enable row level security;
revoke all on public.certifications from anon, authenticated;
grant select on public.certifications to anon, authenticated;
grant insert (name, icon, obtained_date, is_active), update (name, icon, obtained_date, is_active),
  delete on public.certifications to authenticated;

create policy "Visitors can read active certifications"
  on public.certifications for select to anon using (is_active);
create policy "Signed-in accounts can read certifications"
  on public.certifications for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create certifications"
  on public.certifications for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update certifications"
  on public.certifications for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete certifications"
  on public.certifications for delete to authenticated using ((select app.is_admin()));

-- configs --------------------------------------------------------------------

create table public.configs (
  id integer generated always as identity primary key,
  name text not null check (name ~ '^[A-Za-z][A-Za-z0-9_.-]{0,99}$'),
  value text not null default '' check (length(value) <= 10000),
  description text check (description is null or length(description) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index configs_name_key on public.configs (name);
create trigger configs_touch before update on public.configs
  for each row execute function app.touch_updated_at();

alter table public.configs enable row level security;
revoke all on public.configs from anon, authenticated;
grant select on public.configs to anon, authenticated;
grant insert (name, value, description), update (value, description), delete on public.configs to authenticated;

create policy "Visitors can read configurations"
  on public.configs for select to anon using (true);
create policy "Signed-in accounts can read configurations"
  on public.configs for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create configurations"
  on public.configs for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update configurations"
  on public.configs for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete configurations"
  on public.configs for delete to authenticated using ((select app.is_admin()));
