-- Links in content must mean the same thing to the database, the API and the
-- browser. app.is_web_url accepted '/\evil.example' as a path on this site, but
-- browsers read the backslash as a slash and go to evil.example; they also drop
-- tabs and newlines inside a URL, so '/<tab>/evil' becomes '//evil'. The rule,
-- as in supabase/functions/_shared/links.ts: an http(s) URL with a host, or a
-- site path without '//'; never a backslash, whitespace or control character.
--
-- The new constraints are NOT VALID: rows stored before keep their value (the
-- page's safeHref refuses to render such a link), every insert and update is
-- checked from now on, and pg_dump restores them after the data.

create or replace function app.is_unambiguous_link(p_url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_url is null or (
    p_url !~ '[[:space:][:cntrl:]\\]'
    and (p_url ~* '^https?://[^/]' or (p_url ~ '^/[^/]' and strpos(p_url, '//') = 0))
  )
$$;

create or replace function app.are_unambiguous_links(p_urls text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(app.is_unambiguous_link(u)), true) from unnest(p_urls) as u
$$;

revoke all on function app.is_unambiguous_link(text), app.are_unambiguous_links(text[]) from public;
grant execute on function app.is_unambiguous_link(text), app.are_unambiguous_links(text[])
  to anon, authenticated;

alter table public.technologies
  add constraint technologies_icon_is_unambiguous
  check (app.is_unambiguous_link(icon)) not valid;

alter table public.projects
  add constraint projects_live_url_is_unambiguous
  check (app.is_unambiguous_link(live_url)) not valid,
  add constraint projects_github_url_is_unambiguous
  check (app.is_unambiguous_link(github_url)) not valid,
  add constraint projects_thumbnail_is_unambiguous
  check (app.is_unambiguous_link(thumbnail)) not valid,
  -- Image URLs had no check of their own before.
  add constraint projects_images_are_unambiguous
  check (app.are_unambiguous_links(images)) not valid;

-- A certification icon is a link or a short emoji; an emoji holds no slash or backslash.
alter table public.certifications
  add constraint certifications_icon_is_unambiguous
  check (app.is_unambiguous_link(icon) or (length(icon) <= 16 and icon !~ '[<>:"/\\]')) not valid;
