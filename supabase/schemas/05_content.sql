-- Portfolio content: technologies, projects (and their technologies),
-- certifications (and the technologies they certify) and site configurations.
-- Visitors read what is active; any signed-in account reads everything; only
-- admins write. Each table first revokes what Supabase's default privileges
-- hand anon and authenticated, so the explicit grants below are the whole
-- story everywhere. Every table carries a row version (00_roles_and_helpers.sql),
-- moves the content version (04_content_version_and_publish.sql) and is
-- recorded in the activity history (08_activity.sql).
--
-- Link rules: the checks that use app.is_unambiguous_link are NOT VALID, as
-- they have been since the rule was tightened, so a dump that holds an older
-- row still restores (pg_dump adds them after the data); every insert and
-- update is checked, and the page's safeHref refuses to render such a link.

-- Translations (docs/decisions/047-languages-and-translations.md): a row's
-- texts in other languages than the default, as an object of language tag ->
-- object of field -> text. Which fields a table translates is its constraint's
-- list; the languages themselves are 13_languages.sql's, and a row keeps the
-- texts of a language the owner removed (adding it again brings them back).
create or replace function app.are_valid_translations(p_translations jsonb, p_fields text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_translations) = 'object'
     and not exists (
       select 1
         from jsonb_each(p_translations) as l(tag, texts)
        where l.tag !~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$'
           or jsonb_typeof(l.texts) is distinct from 'object'
           or exists (
                select 1 from jsonb_each(l.texts) as f(field, text)
                 where not (f.field = any (p_fields))
                    or jsonb_typeof(f.text) is distinct from 'string'
                    or length(f.text #>> '{}') > 10000))
$$;

revoke all on function app.are_valid_translations(jsonb, text[]) from public;
grant execute on function app.are_valid_translations(jsonb, text[]) to anon, authenticated;

-- technologies ---------------------------------------------------------------

create table public.technologies (
  id integer generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 100),
  icon text check (icon is null or (length(icon) <= 2048 and app.is_web_url(icon))),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
alter table public.technologies
  add constraint technologies_icon_is_unambiguous
  check (app.is_unambiguous_link(icon)) not valid;
create unique index technologies_name_key on public.technologies (lower(name));
create trigger technologies_touch before update on public.technologies
  for each row execute function app.touch_updated_at();
create trigger technologies_bump_version before update on public.technologies
  for each row execute function app.bump_version();
-- Public whole: every write counts.
create trigger technologies_content_version
  after insert or update or delete or truncate on public.technologies
  for each statement execute function app.bump_content_version();

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

-- The project-year rules (docs/PRODUCT.md §5, §9) in one place each: the
-- bounds come from app.project_year_bounds(), which the trigger reads (years
-- depend on today's date, which a CHECK constraint must not read); "end year
-- not before start year" is a CHECK constraint, so it holds for every writer.
create or replace function app.project_year_bounds(
  out min_year integer,
  out max_start_year integer,
  out max_end_year integer
)
language sql
stable
set search_path = ''
as $$
  select 1990, extract(year from now())::integer, extract(year from now())::integer + 10
$$;

create or replace function app.check_project_years()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_bounds record;
begin
  select * into v_bounds from app.project_year_bounds();
  if new.start_year is not null
     and (new.start_year < v_bounds.min_year or new.start_year > v_bounds.max_start_year) then
    raise exception 'Start year must be between % and %', v_bounds.min_year, v_bounds.max_start_year
      using errcode = '23514';
  end if;
  if new.end_year is not null
     and (new.end_year < v_bounds.min_year or new.end_year > v_bounds.max_end_year) then
    raise exception 'End year must be between % and %', v_bounds.min_year, v_bounds.max_end_year
      using errcode = '23514';
  end if;
  return new;
end
$$;

-- Alternative text and dimensions for every image a project shows
-- (docs/PRODUCT.md §15). Beside `thumbnail` and `images`, `image_details` maps
-- each shown URL to { alt, width, height, cardUrl }:
--   alt      never empty: the owner's text, else "<name> screenshot N"
--            (N the image's place in `images`; the thumbnail has no number);
--   width, height  whole pixels, or null while unknown;
--   cardUrl  a small copy (about 640 px wide) for the public cards, or null.
-- A trigger keeps the map in step with `thumbnail` and `images` for every
-- writer (the API, the Data API, psql): a URL the project no longer shows loses
-- its entry, a new one gets the default text.
create or replace function app.project_image_details(
  p_name text,
  p_thumbnail text,
  p_images text[],
  p_given jsonb
)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(s.url, jsonb_build_object(
           'alt', coalesce(
             nullif(btrim(g.d ->> 'alt'), ''),
             case when s.n = 0 then p_name || ' screenshot' else p_name || ' screenshot ' || s.n end),
           'width', g.d -> 'width',
           'height', g.d -> 'height',
           'cardUrl', g.d -> 'cardUrl')), '{}'::jsonb)
    from (
      -- One entry per URL; the thumbnail (place 0) comes first when it is also an image.
      select distinct on (u.url) u.url, u.n
        from (
          select p_thumbnail as url, 0::bigint as n where p_thumbnail is not null
          union all
          select i.url, i.n from unnest(p_images) with ordinality as i(url, n)
        ) u
       order by u.url, u.n
    ) s
    cross join lateral (
      select case when jsonb_typeof(p_given -> s.url) = 'object' then p_given -> s.url end as d
    ) g
$$;

-- Shape rules, so a writer that goes around the API still stores what the page can show.
create or replace function app.are_valid_image_details(p_details jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_details) = 'object'
     and not exists (
       select 1
         from jsonb_each(p_details) as e(url, d)
        where jsonb_typeof(e.d) is distinct from 'object'
           or jsonb_typeof(e.d -> 'alt') is distinct from 'string'
           or length(btrim(e.d ->> 'alt')) not between 1 and 300
           or exists (
                select 1 from unnest(array['width', 'height']) as k(key)
                 where coalesce(jsonb_typeof(e.d -> k.key), 'null') not in ('null', 'number')
                    or (jsonb_typeof(e.d -> k.key) = 'number'
                        and ((e.d ->> k.key)::numeric not between 1 and 20000
                             or (e.d ->> k.key)::numeric <> trunc((e.d ->> k.key)::numeric))))
           or coalesce(jsonb_typeof(e.d -> 'cardUrl'), 'null') not in ('null', 'string')
           or (jsonb_typeof(e.d -> 'cardUrl') = 'string'
               and (length(e.d ->> 'cardUrl') > 2048
                    or not app.is_web_url(e.d ->> 'cardUrl')
                    or not app.are_unambiguous_links(array[e.d ->> 'cardUrl'])))
     )
$$;

create or replace function app.keep_project_image_details()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.image_details := app.project_image_details(
    new.name, new.thumbnail, new.images, coalesce(new.image_details, '{}'::jsonb));
  return new;
end
$$;

revoke all on function app.project_year_bounds(), app.check_project_years(),
  app.project_image_details(text, text, text[], jsonb), app.are_valid_image_details(jsonb),
  app.keep_project_image_details() from public;
grant execute on function app.project_year_bounds(), app.project_image_details(text, text, text[], jsonb),
  app.are_valid_image_details(jsonb) to anon, authenticated;
grant execute on function app.check_project_years(), app.keep_project_image_details() to authenticated;

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
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  image_details jsonb not null default '{}'::jsonb,
  -- Marked by the owner: the card and page say so; the order stays §9's.
  featured boolean not null default false,
  -- Names and descriptions in the site's other languages.
  translations jsonb not null default '{}'::jsonb,
  -- The owner's order of the featured row on the home page, smallest first; none comes last.
  featured_order integer check (featured_order is null or featured_order between 0 and 10000),
  constraint projects_end_year_not_before_start
    check (end_year is null or start_year is null or end_year >= start_year),
  constraint projects_image_details_are_valid check (app.are_valid_image_details(image_details)),
  constraint projects_translations_are_valid
    check (app.are_valid_translations(translations, array['name', 'description']))
);
alter table public.projects
  add constraint projects_live_url_is_unambiguous
  check (app.is_unambiguous_link(live_url)) not valid,
  add constraint projects_github_url_is_unambiguous
  check (app.is_unambiguous_link(github_url)) not valid,
  add constraint projects_thumbnail_is_unambiguous
  check (app.is_unambiguous_link(thumbnail)) not valid,
  add constraint projects_images_are_unambiguous
  check (app.are_unambiguous_links(images)) not valid;
create index projects_listing_idx on public.projects (is_active desc, coalesce(start_year, 0) desc, id);

create trigger projects_check_years before insert or update on public.projects
  for each row execute function app.check_project_years();
create trigger projects_touch_updated_at before update on public.projects
  for each row execute function app.touch_updated_at();
create trigger projects_bump_version before update on public.projects
  for each row execute function app.bump_version();
create trigger projects_keep_image_details before insert or update on public.projects
  for each row execute function app.keep_project_image_details();
-- Visible rows only (app.bump_content_version_if_visible).
create trigger projects_content_version_insert after insert on public.projects
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_update after update on public.projects
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_delete after delete on public.projects
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger projects_content_version_truncate after truncate on public.projects
  for each statement execute function app.bump_content_version();

alter table public.projects enable row level security;
revoke all on public.projects from anon, authenticated;
grant select on public.projects to anon, authenticated;
grant insert (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images, image_details, featured, translations, featured_order),
  update (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images, image_details, featured, translations, featured_order),
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

-- A project's technologies. A link is visible when its project is active.
create table public.project_technologies (
  project_id integer not null references public.projects (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (project_id, technology_id)
);
create index project_technologies_technology_idx on public.project_technologies (technology_id);

create trigger project_technologies_content_version_insert after insert on public.project_technologies
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_update after update on public.project_technologies
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_delete after delete on public.project_technologies
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger project_technologies_content_version_truncate after truncate on public.project_technologies
  for each statement execute function app.bump_content_version();

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
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  translations jsonb not null default '{}'::jsonb
    constraint certifications_translations_are_valid
    check (app.are_valid_translations(translations, array['name']))
);
-- A certification icon is a link or a short emoji; an emoji holds no slash or backslash.
alter table public.certifications
  add constraint certifications_icon_is_unambiguous
  check (app.is_unambiguous_link(icon) or (length(icon) <= 16 and icon !~ '[<>:"/\\]')) not valid;
create trigger certifications_touch before update on public.certifications
  for each row execute function app.touch_updated_at();
create trigger certifications_bump_version before update on public.certifications
  for each row execute function app.bump_version();
create trigger certifications_content_version_insert after insert on public.certifications
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_update after update on public.certifications
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_delete after delete on public.certifications
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certifications_content_version_truncate after truncate on public.certifications
  for each statement execute function app.bump_content_version();

alter table public.certifications enable row level security;
revoke all on public.certifications from anon, authenticated;
grant select on public.certifications to anon, authenticated;
grant insert (name, icon, obtained_date, is_active, translations),
  update (name, icon, obtained_date, is_active, translations),
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

-- Skills backed by evidence (docs/PRODUCT.md §19): a certification names the
-- technologies it certifies, so a skill can say "certified". The links follow
-- project_technologies: visible when their certification is active.
create table public.certification_technologies (
  certification_id integer not null references public.certifications (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (certification_id, technology_id)
);
create index certification_technologies_technology_idx on public.certification_technologies (technology_id);

create trigger certification_technologies_content_version_insert after insert on public.certification_technologies
  referencing new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_update after update on public.certification_technologies
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_delete after delete on public.certification_technologies
  referencing old table as old_rows
  for each statement execute function app.bump_content_version_if_visible();
create trigger certification_technologies_content_version_truncate after truncate on public.certification_technologies
  for each statement execute function app.bump_content_version();

alter table public.certification_technologies enable row level security;
revoke all on public.certification_technologies from anon, authenticated;
grant select on public.certification_technologies to anon, authenticated;
grant insert, delete on public.certification_technologies to authenticated;

create policy "Visitors can read links of active certifications"
  on public.certification_technologies for select to anon
  using (exists (select 1 from public.certifications c where c.id = certification_id and c.is_active));
create policy "Signed-in accounts can read certification links"
  on public.certification_technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link technologies to certifications"
  on public.certification_technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink technologies from certifications"
  on public.certification_technologies for delete to authenticated using ((select app.is_admin()));

-- configs --------------------------------------------------------------------

create table public.configs (
  id integer generated always as identity primary key,
  name text not null check (name ~ '^[A-Za-z][A-Za-z0-9_.-]{0,99}$'),
  value text not null default '' check (length(value) <= 10000),
  description text check (description is null or length(description) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  -- The value in the site's other languages.
  translations jsonb not null default '{}'::jsonb
    constraint configs_translations_are_valid
    check (app.are_valid_translations(translations, array['value']))
);
-- Unique whatever their case: 'heroTitle1' and 'herotitle1' side by side would
-- leave the owner editing one while the page reads the other. The API maps
-- this index's name to its 409 message; lookups by name stay exact
-- (GET /configs/name/{name}).
create unique index configs_name_key on public.configs (lower(name));
create trigger configs_touch before update on public.configs
  for each row execute function app.touch_updated_at();
create trigger configs_bump_version before update on public.configs
  for each row execute function app.bump_version();
create trigger configs_content_version
  after insert or update or delete or truncate on public.configs
  for each statement execute function app.bump_content_version();

alter table public.configs enable row level security;
revoke all on public.configs from anon, authenticated;
grant select on public.configs to anon, authenticated;
grant insert (name, value, description, translations), update (value, description, translations),
  delete on public.configs to authenticated;

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
