-- Alternative text and dimensions for every image a project shows
-- (docs/PRODUCT.md §15). `thumbnail` and `images` stay what they were, so every
-- existing client keeps working; beside them, `image_details` maps each shown
-- URL to { alt, width, height, cardUrl }:
--   alt      never empty: the owner's text, else "<name> screenshot N"
--            (N the image's place in `images`; the thumbnail has no number);
--   width, height  whole pixels, or null while unknown (files stored before this);
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
revoke all on function app.project_image_details(text, text, text[], jsonb) from public;
grant execute on function app.project_image_details(text, text, text[], jsonb) to anon, authenticated;

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
revoke all on function app.are_valid_image_details(jsonb) from public;
grant execute on function app.are_valid_image_details(jsonb) to anon, authenticated;

alter table public.projects
  add column image_details jsonb not null default '{}'::jsonb;

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
revoke all on function app.keep_project_image_details() from public;
grant execute on function app.keep_project_image_details() to authenticated;

-- Existing rows get their entries without counting as an edit: no activity
-- entry, no new row version (an open form would otherwise get 412).
alter table public.projects disable trigger user;
update public.projects
   set image_details = app.project_image_details(name, thumbnail, images, '{}'::jsonb);
alter table public.projects enable trigger user;

create trigger projects_keep_image_details before insert or update on public.projects
  for each row execute function app.keep_project_image_details();

alter table public.projects
  add constraint projects_image_details_are_valid
  check (app.are_valid_image_details(image_details));

grant insert (image_details), update (image_details) on public.projects to authenticated;
