-- Posts (docs/PRODUCT.md §26, docs/decisions/054-posts-drafts-and-schedules.md;
-- added by migration 20261204010000_posts.sql): the owner's writing, a title,
-- a slug, a summary, a Markdown body, a cover image, the technologies and
-- projects it names. A post is a draft, scheduled (public from publish_at on)
-- or published. Visitors read public posts only: published ones, and scheduled
-- ones whose publish_at has passed (the periodic pass, app.publish_due_posts,
-- turns those into published ones within a minute and so moves the content
-- version); any signed-in account reads all; only admins write. A draft can be
-- shown to a reviewer without an account through a preview link (below).

-- Whether visitors see a post with this status and publish_at.
create or replace function app.is_post_public(p_status text, p_publish_at timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_status = 'published' or (p_status = 'scheduled' and p_publish_at <= now())
$$;

-- The translations of a post: title, summary and body, each within its own
-- column's limit (app.are_valid_translations caps every text at 10,000
-- characters, shorter than a body).
create or replace function app.are_valid_post_translations(p_translations jsonb)
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
                 where not (f.field = any (array['title', 'summary', 'body']))
                    or jsonb_typeof(f.text) is distinct from 'string'
                    or length(f.text #>> '{}') > case f.field
                         when 'title' then 200 when 'summary' then 500 else 100000 end))
$$;

create table public.posts (
  id integer generated always as identity primary key,
  title text not null check (length(btrim(title)) between 1 and 200),
  -- From the title unless given (the API), unique, lower-case words and digits.
  slug text not null check (length(slug) <= 80 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  summary text not null default '' check (length(summary) <= 500),
  -- Markdown, rendered by the API (docs/PRODUCT.md §26).
  body text not null default '' check (length(body) <= 100000),
  cover_image text check (cover_image is null
    or (length(cover_image) <= 2048 and app.is_web_url(cover_image) and app.is_unambiguous_link(cover_image))),
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published')),
  publish_at timestamptz,
  -- Set by app.keep_post_dates when the post becomes published; null otherwise.
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  translations jsonb not null default '{}'::jsonb,
  constraint posts_scheduled_has_publish_at check (status <> 'scheduled' or publish_at is not null),
  constraint posts_published_has_published_at check ((status = 'published') = (published_at is not null)),
  constraint posts_translations_are_valid check (app.are_valid_post_translations(translations))
);
create unique index posts_slug_key on public.posts (slug);
-- The public list's order: newest published first.
create index posts_listing_idx on public.posts (coalesce(published_at, publish_at) desc nulls last, id desc);

-- published_at follows the status: set when the post becomes published (to
-- publish_at when a due schedule is what publishes it, else now), kept while it
-- stays published, cleared otherwise. A schedule is set in the future: a
-- client's update that schedules for a past moment is refused (the owner's,
-- psql's, is not: it is how the tests bring a moment forward); an insert of one
-- (a restore of an older backup) publishes it at that moment instead.
create or replace function app.keep_post_dates()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'scheduled' and new.publish_at <= now() then
    if tg_op = 'INSERT' then
      new.status := 'published';
      new.published_at := new.publish_at;
    elsif (old.status is distinct from 'scheduled' or old.publish_at is distinct from new.publish_at)
          and current_user in ('anon', 'authenticated') then
      raise exception 'publishAt must be in the future to schedule a post'
        using errcode = 'check_violation';
    end if;
  end if;
  if new.status <> 'published' then
    new.published_at := null;
  elsif tg_op = 'INSERT' then
    new.published_at := coalesce(new.published_at, now());
  elsif old.status = 'published' then
    new.published_at := old.published_at;
  else
    new.published_at := case when old.status = 'scheduled' and old.publish_at <= now()
                              then old.publish_at else now() end;
  end if;
  return new;
end
$$;

create trigger posts_keep_dates before insert or update on public.posts
  for each row execute function app.keep_post_dates();
create trigger posts_touch_updated_at before update on public.posts
  for each row execute function app.touch_updated_at();
create trigger posts_bump_version before update on public.posts
  for each row execute function app.bump_version();

alter table public.posts enable row level security;
revoke all on public.posts from anon, authenticated;
grant select on public.posts to anon, authenticated;
-- published_at on insert: a restore keeps when a post was published.
grant insert (title, slug, summary, body, cover_image, status, publish_at, published_at, translations),
  update (title, slug, summary, body, cover_image, status, publish_at, translations),
  delete on public.posts to authenticated;

-- A post's technologies, and the projects it names (in the owner's order).
create table public.post_technologies (
  post_id integer not null references public.posts (id) on delete cascade,
  technology_id integer not null references public.technologies (id) on delete cascade,
  primary key (post_id, technology_id)
);
create index post_technologies_technology_idx on public.post_technologies (technology_id);

create table public.post_projects (
  post_id integer not null references public.posts (id) on delete cascade,
  project_id integer not null references public.projects (id) on delete cascade,
  position integer not null check (position between 0 and 99),
  primary key (post_id, project_id)
);
create index post_projects_project_idx on public.post_projects (project_id);

alter table public.post_technologies enable row level security;
revoke all on public.post_technologies from anon, authenticated;
grant select on public.post_technologies to anon, authenticated;
grant insert, delete on public.post_technologies to authenticated;
alter table public.post_projects enable row level security;
revoke all on public.post_projects from anon, authenticated;
grant select on public.post_projects to anon, authenticated;
grant insert, delete on public.post_projects to authenticated;

-- Preview links: a reviewer holding one reads that draft without an account.
-- Only a SHA-256 of the token is kept (hex); the token is shown once.
create table public.post_preview_links (
  id integer generated always as identity primary key,
  post_id integer not null references public.posts (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index post_preview_links_post_idx on public.post_preview_links (post_id);
alter table public.post_preview_links enable row level security;
revoke all on public.post_preview_links from anon, authenticated;
grant select (id, post_id, expires_at, created_at), insert (post_id, token_hash, expires_at), delete
  on public.post_preview_links to authenticated;
create policy "Admins can read preview links"
  on public.post_preview_links for select to authenticated using ((select app.is_admin()));
create policy "Admins can create preview links"
  on public.post_preview_links for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can revoke preview links"
  on public.post_preview_links for delete to authenticated using ((select app.is_admin()));

-- Whether the transaction's preview token (set_config('app.preview_token_hash',
-- <hex SHA-256>, true), set by the API's preview read) opens post p_post_id.
-- Knowing a valid hash needs the token: setting the setting by hand opens nothing.
create or replace function app.preview_opens(p_post_id integer)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(current_setting('app.preview_token_hash', true), '') <> ''
     and exists (select 1 from public.post_preview_links l
                  where l.post_id = p_post_id
                    and l.token_hash = current_setting('app.preview_token_hash', true)
                    and l.expires_at > now())
$$;

create policy "Visitors can read public posts"
  on public.posts for select to anon
  using (app.is_post_public(status, publish_at) or app.preview_opens(id));
create policy "Signed-in accounts can read posts"
  on public.posts for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create posts"
  on public.posts for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update posts"
  on public.posts for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can delete posts"
  on public.posts for delete to authenticated using ((select app.is_admin()));

create policy "Visitors can read links of public posts"
  on public.post_technologies for select to anon
  using (exists (select 1 from public.posts p where p.id = post_id));
create policy "Signed-in accounts can read post technologies"
  on public.post_technologies for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link technologies to posts"
  on public.post_technologies for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink technologies from posts"
  on public.post_technologies for delete to authenticated using ((select app.is_admin()));
create policy "Visitors can read projects of public posts"
  on public.post_projects for select to anon
  using (exists (select 1 from public.posts p where p.id = post_id));
create policy "Signed-in accounts can read post projects"
  on public.post_projects for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can link projects to posts"
  on public.post_projects for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can unlink projects from posts"
  on public.post_projects for delete to authenticated using ((select app.is_admin()));

-- The content version moves when a post visitors see, or saw before the
-- write, changes (04_content_version_and_publish.sql), or one of its links.
create or replace function app.bump_content_version_if_post_visible()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visible boolean := false;
begin
  if tg_table_name = 'posts' then
    if tg_op in ('UPDATE', 'DELETE') then
      select exists (select 1 from old_rows r where app.is_post_public(r.status, r.publish_at)) into visible;
    end if;
    if not visible and tg_op in ('INSERT', 'UPDATE') then
      select exists (select 1 from new_rows r where app.is_post_public(r.status, r.publish_at)) into visible;
    end if;
  else
    -- A deleted post's links go with it; its own trigger counted it.
    if tg_op = 'DELETE' then
      select exists (select 1 from old_rows r join public.posts p on p.id = r.post_id
                      where app.is_post_public(p.status, p.publish_at)) into visible;
    else
      select exists (select 1 from new_rows r join public.posts p on p.id = r.post_id
                      where app.is_post_public(p.status, p.publish_at)) into visible;
    end if;
  end if;
  if visible then
    perform app.next_content_version();
  end if;
  return null;
end
$$;

do $$
declare
  v_table text;
begin
  foreach v_table in array array['posts', 'post_technologies', 'post_projects'] loop
    execute format('create trigger %I after insert on public.%I referencing new table as new_rows '
                   'for each statement execute function app.bump_content_version_if_post_visible()',
                   v_table || '_content_version_insert', v_table);
    execute format('create trigger %I after delete on public.%I referencing old table as old_rows '
                   'for each statement execute function app.bump_content_version_if_post_visible()',
                   v_table || '_content_version_delete', v_table);
    execute format('create trigger %I after truncate on public.%I '
                   'for each statement execute function app.bump_content_version()',
                   v_table || '_content_version_truncate', v_table);
  end loop;
end
$$;
create trigger posts_content_version_update after update on public.posts
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.bump_content_version_if_post_visible();

-- The activity history (08_activity.sql) records posts as it does projects.
create trigger posts_activity_insert after insert on public.posts
  referencing new table as new_rows for each statement execute function app.record_activity();
create trigger posts_activity_update after update on public.posts
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.record_activity();
create trigger posts_activity_delete after delete on public.posts
  referencing old table as old_rows for each statement execute function app.record_activity();

-- Scheduled publishing (docs/decisions/035, 054): publishes every scheduled
-- post whose publish_at has passed, published_at = publish_at; the update
-- moves the content version (visitors saw the post from publish_at already,
-- through the policy, but kept answers and pages follow the number) and asks
-- for a deploy (app.request_publish). Answers how many it published. Claimed
-- as the periodic job 'scheduled_posts' by the API's own connection.
create or replace function app.publish_due_posts()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.posts set status = 'published'
   where status = 'scheduled' and publish_at <= now();
  get diagnostics v_count = row_count;
  if v_count > 0 then
    perform app.request_publish();
  end if;
  return v_count;
end
$$;

revoke all on function app.is_post_public(text, timestamptz), app.are_valid_post_translations(jsonb),
  app.keep_post_dates(), app.preview_opens(integer), app.bump_content_version_if_post_visible(),
  app.publish_due_posts() from public;
grant execute on function app.is_post_public(text, timestamptz), app.are_valid_post_translations(jsonb),
  app.preview_opens(integer) to anon, authenticated;
grant execute on function app.keep_post_dates() to authenticated;
revoke all on function app.publish_due_posts() from anon, authenticated;
