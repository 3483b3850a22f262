-- The developer's story (docs/PRODUCT.md §18): work experience, with the
-- technologies used there, and education. Both are public content: visitors
-- read every row (there is no inactive experience), signed-in accounts read
-- them too, only admins write. Like the other content they carry a row
-- version (optimistic concurrency, docs/decisions/009), move the content
-- version on every write (docs/decisions/010), and are recorded in the
-- activity history (docs/decisions/014, 08_activity.sql).
--
-- Months are stored as the first day of the month: the API speaks YYYY-MM.
-- An experience without an end is the current one.

-- experiences ------------------------------------------------------------------

create table public.experiences (
  id integer generated always as identity primary key,
  organization text not null check (length(btrim(organization)) between 1 and 200),
  role text not null check (length(btrim(role)) between 1 and 200),
  location text not null default '' check (length(location) <= 200),
  start_date date not null check (start_date >= date '1950-01-01' and extract(day from start_date) = 1),
  end_date date check (end_date is null or extract(day from end_date) = 1),
  description text not null default '' check (length(description) <= 10000),
  url text check (url is null or (length(url) <= 2048 and app.is_web_url(url))),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  translations jsonb not null default '{}'::jsonb,
  constraint experiences_end_not_before_start check (end_date is null or end_date >= start_date),
  constraint experiences_translations_are_valid
    check (app.are_valid_translations(translations, array['role', 'location', 'description']))
);
-- The public order: current ones first, then by start, newest first.
create index experiences_listing_idx on public.experiences ((end_date is null) desc, start_date desc, id);

create trigger experiences_touch before update on public.experiences
  for each row execute function app.touch_updated_at();
create trigger experiences_bump_version before update on public.experiences
  for each row execute function app.bump_version();
-- Every row is public, so every write counts.
create trigger experiences_content_version
  after insert or update or delete or truncate on public.experiences
  for each statement execute function app.bump_content_version();

alter table public.experiences enable row level security;
revoke all on public.experiences from anon, authenticated;
grant select on public.experiences to anon, authenticated;
grant insert (organization, role, location, start_date, end_date, description, url, translations),
  update (organization, role, location, start_date, end_date, description, url, translations),
  delete on public.experiences to authenticated;

create policy "Visitors can read experiences"
  on public.experiences for select to anon using (true);
create policy "Signed-in accounts can read experiences"
  on public.experiences for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create experiences"
  on public.experiences for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update experiences"
  on public.experiences for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete experiences"
  on public.experiences for delete to authenticated using ((select app.is_admin()));

-- The technologies used in an experience: public, as the experience is.
create table public.experience_technologies (
  experience_id integer not null references public.experiences (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (experience_id, technology_id)
);
create index experience_technologies_technology_idx on public.experience_technologies (technology_id);

create trigger experience_technologies_content_version
  after insert or update or delete or truncate on public.experience_technologies
  for each statement execute function app.bump_content_version();

alter table public.experience_technologies enable row level security;
revoke all on public.experience_technologies from anon, authenticated;
grant select on public.experience_technologies to anon, authenticated;
grant insert, delete on public.experience_technologies to authenticated;

create policy "Visitors can read experience links"
  on public.experience_technologies for select to anon using (true);
create policy "Signed-in accounts can read experience links"
  on public.experience_technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link technologies to experiences"
  on public.experience_technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink technologies from experiences"
  on public.experience_technologies for delete to authenticated using ((select app.is_admin()));

-- education --------------------------------------------------------------------

create table public.education (
  id integer generated always as identity primary key,
  institution text not null check (length(btrim(institution)) between 1 and 200),
  qualification text not null check (length(btrim(qualification)) between 1 and 200),
  field text not null default '' check (length(field) <= 200),
  start_date date not null check (start_date >= date '1950-01-01' and extract(day from start_date) = 1),
  end_date date check (end_date is null or extract(day from end_date) = 1),
  description text not null default '' check (length(description) <= 10000),
  url text check (url is null or (length(url) <= 2048 and app.is_web_url(url))),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  translations jsonb not null default '{}'::jsonb,
  constraint education_end_not_before_start check (end_date is null or end_date >= start_date),
  constraint education_translations_are_valid
    check (app.are_valid_translations(translations, array['qualification', 'field', 'description']))
);
create index education_listing_idx on public.education ((end_date is null) desc, start_date desc, id);

create trigger education_touch before update on public.education
  for each row execute function app.touch_updated_at();
create trigger education_bump_version before update on public.education
  for each row execute function app.bump_version();
create trigger education_content_version
  after insert or update or delete or truncate on public.education
  for each statement execute function app.bump_content_version();

alter table public.education enable row level security;
revoke all on public.education from anon, authenticated;
grant select on public.education to anon, authenticated;
grant insert (institution, qualification, field, start_date, end_date, description, url, translations),
  update (institution, qualification, field, start_date, end_date, description, url, translations),
  delete on public.education to authenticated;

create policy "Visitors can read education"
  on public.education for select to anon using (true);
create policy "Signed-in accounts can read education"
  on public.education for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create education"
  on public.education for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update education"
  on public.education for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete education"
  on public.education for delete to authenticated using ((select app.is_admin()));

