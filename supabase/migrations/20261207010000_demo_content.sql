-- The demo content's fingerprints (supabase/schemas/17_demo_content.sql,
-- docs/decisions/069-demo-content-by-fingerprint.md), so GET /demo and
-- DELETE /demo know which rows the seed wrote and the owner left as they were.

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

-- A database seeded before this migration: the seed ran in one transaction,
-- recorded in app.seed_runs (server/migrate.ts), so its rows were created at
-- that transaction's time; those never updated since (version 1) are the
-- demo's as the seed wrote them. Their fingerprints now are the seed's.
do $$
declare
  v_seeded_at timestamptz;
begin
  if to_regclass('app.seed_runs') is null then
    return;
  end if;
  execute 'select seeded_at from app.seed_runs limit 1' into v_seeded_at;
  if v_seeded_at is null then
    return;
  end if;
  insert into app.demo_content (entity, fingerprint)
  select f.entity, f.fingerprint
    from app.content_fingerprints() f
   where (f.entity = 'technologies' and exists (select 1 from public.technologies x
           where x.id = f.id and x.created_at = v_seeded_at and x.version = 1))
      or (f.entity = 'projects' and exists (select 1 from public.projects x
           where x.id = f.id and x.created_at = v_seeded_at and x.version = 1))
      or (f.entity = 'certifications' and exists (select 1 from public.certifications x
           where x.id = f.id and x.created_at = v_seeded_at and x.version = 1))
      or (f.entity = 'experiences' and exists (select 1 from public.experiences x
           where x.id = f.id and x.created_at = v_seeded_at and x.version = 1))
      or (f.entity = 'education' and exists (select 1 from public.education x
           where x.id = f.id and x.created_at = v_seeded_at and x.version = 1))
      or (f.entity = 'posts' and exists (select 1 from public.posts x
           where x.id = f.id and x.created_at = v_seeded_at and x.version = 1))
      or (f.entity = 'configs' and exists (select 1 from public.configs x
           where x.id = f.id and x.created_at = v_seeded_at and x.version = 1))
  on conflict do nothing;
end
$$;
