-- The demo content (docs/PRODUCT.md §28, docs/decisions/069-demo-content-by-fingerprint.md):
-- supabase/seed.sql writes a fictional developer's portfolio and, last, the
-- fingerprint of every row it wrote into app.demo_content. A row is the
-- demo's, untouched, while its fingerprint (its texts, dates, links and the
-- names of the technologies and projects it is linked to) is one the seed
-- recorded: an edit changes it, and a restore, which gives rows new ids,
-- keeps it. GET /demo counts those rows and DELETE /demo removes them.

create table app.demo_content (
  entity text not null check (entity in
    ('projects', 'technologies', 'certifications', 'experiences', 'education', 'posts', 'configs')),
  fingerprint text not null check (fingerprint ~ '^[0-9a-f]{32}$'),
  primary key (entity, fingerprint)
);
alter table app.demo_content enable row level security;
revoke all on app.demo_content from public;
-- Read by app.demo_rows() as the caller; only the seed (the database's owner) writes.
grant select on app.demo_content to authenticated;
create policy "Signed-in accounts can read the demo's fingerprints" on app.demo_content
  for select to authenticated using ((select app.is_signed_in()));

-- The fingerprint of every content row the caller sees. Columns are named
-- one by one, so a column added later does not make the seed's rows look
-- edited; ids, versions and timestamps are left out, so a restore keeps them.
create or replace function app.content_fingerprints()
returns table (entity text, id integer, fingerprint text)
language sql
stable
set search_path = ''
as $$
  select 'technologies', t.id, md5(jsonb_build_array(t.name, t.icon)::text)
    from public.technologies t
  union all
  select 'projects', p.id, md5(jsonb_build_array(
           p.name, p.description, p.start_year, p.end_year, p.live_url, p.github_url,
           p.is_active, p.thumbnail, p.images, p.featured, p.translations,
           (select coalesce(jsonb_agg(t.name order by t.name), '[]'::jsonb)
              from public.project_technologies l join public.technologies t on t.id = l.technology_id
             where l.project_id = p.id))::text)
    from public.projects p
  union all
  select 'certifications', c.id, md5(jsonb_build_array(
           c.name, c.icon, c.obtained_date, c.is_active, c.translations,
           (select coalesce(jsonb_agg(t.name order by t.name), '[]'::jsonb)
              from public.certification_technologies l join public.technologies t on t.id = l.technology_id
             where l.certification_id = c.id))::text)
    from public.certifications c
  union all
  select 'experiences', e.id, md5(jsonb_build_array(
           e.organization, e.role, e.location, e.start_date, e.end_date, e.description, e.url,
           e.translations,
           (select coalesce(jsonb_agg(t.name order by t.name), '[]'::jsonb)
              from public.experience_technologies l join public.technologies t on t.id = l.technology_id
             where l.experience_id = e.id))::text)
    from public.experiences e
  union all
  select 'education', d.id, md5(jsonb_build_array(
           d.institution, d.qualification, d.field, d.start_date, d.end_date, d.description, d.url,
           d.translations)::text)
    from public.education d
  union all
  select 'posts', s.id, md5(jsonb_build_array(
           s.title, s.slug, s.summary, s.body, s.cover_image, s.status, s.publish_at, s.translations,
           (select coalesce(jsonb_agg(t.name order by t.name), '[]'::jsonb)
              from public.post_technologies l join public.technologies t on t.id = l.technology_id
             where l.post_id = s.id),
           (select coalesce(jsonb_agg(p.name order by l.position), '[]'::jsonb)
              from public.post_projects l join public.projects p on p.id = l.project_id
             where l.post_id = s.id))::text)
    from public.posts s
  union all
  select 'configs', g.id, md5(jsonb_build_array(g.name, g.value, g.translations)::text)
    from public.configs g
$$;

-- What removing the demo takes away: every row whose fingerprint the seed
-- recorded, except a technology that something staying is linked to (the
-- owner's project that names TypeScript keeps TypeScript).
create or replace function app.demo_rows()
returns table (entity text, id integer)
language sql
stable
set search_path = ''
as $$
  with matched as (
    select f.entity, f.id
      from app.content_fingerprints() f
     where exists (select 1 from app.demo_content d
                    where d.entity = f.entity and d.fingerprint = f.fingerprint)
  ),
  staying_links as (
    select l.technology_id from public.project_technologies l
     where l.project_id not in (select m.id from matched m where m.entity = 'projects')
    union
    select l.technology_id from public.certification_technologies l
     where l.certification_id not in (select m.id from matched m where m.entity = 'certifications')
    union
    select l.technology_id from public.experience_technologies l
     where l.experience_id not in (select m.id from matched m where m.entity = 'experiences')
    union
    select l.technology_id from public.post_technologies l
     where l.post_id not in (select m.id from matched m where m.entity = 'posts')
  )
  select m.entity, m.id
    from matched m
   where m.entity <> 'technologies'
      or m.id not in (select s.technology_id from staying_links s)
$$;

revoke all on function app.content_fingerprints(), app.demo_rows() from public;
grant execute on function app.content_fingerprints(), app.demo_rows() to authenticated;
