-- Share links (docs/PRODUCT.md §24, docs/decisions/052-share-links.md): a
-- link per recipient that shows the projects the owner chose, in the owner's
-- order, inactive ones included, with a note, and optionally the CV and the
-- contact form. Signed-in accounts read them, admins create, change and
-- revoke them; nobody deletes one but a backup restore. Visitors never read
-- this table: the recipient's page reads one link through the security
-- definer functions below, by its token.
--
-- - The token (at least 128 random bits, base64url) is handed out once, when
--   the link is made; only its sha256 is kept.
-- - The passphrase is hashed as account passwords are (app.hash_password,
--   bcrypt); no client role may read either hash.
-- - Views are counted as visit statistics are (09_visit_statistics.sql): a
--   visitor is a hash of the day's salt, the address key, the user agent and
--   the site, kept for the day only; a link's view counts once per visitor
--   and day.

create table public.share_links (
  id integer generated always as identity primary key,
  -- For the owner only ("Acme: backend role"); never shown to the recipient.
  label text not null check (length(btrim(label)) between 1 and 100),
  -- The projects shown, in this order; each existing (trigger below), once.
  -- Emptied only when the projects themselves are deleted.
  project_ids integer[] not null
    check (cardinality(project_ids) <= 50 and array_position(project_ids, null) is null),
  note text check (note is null or length(note) between 1 and 500),
  show_cv boolean not null default false,
  show_contact boolean not null default false,
  lang text check (lang ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$'),
  expires_at timestamptz,
  passphrase_hash text
    check (passphrase_hash is null or passphrase_hash ~ '^\$2[abxy]\$[0-9]{2}\$[./A-Za-z0-9]{53}$'),
  -- Whether a passphrase is set, readable where the hash is not.
  has_passphrase boolean generated always as (passphrase_hash is not null) stored,
  token_hash bytea not null check (length(token_hash) = 32),
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create unique index share_links_token_hash_key on public.share_links (token_hash);

-- Every project a link names exists, once; a new link names at least one; a
-- revoked link stays revoked. A list may become empty only when the projects
-- it named are all gone (app.forget_deleted_shared_projects).
create or replace function app.check_share_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.revoked_at is not null
     and new.revoked_at is distinct from old.revoked_at then
    raise exception 'This link was revoked; a revoked link cannot be brought back'
      using errcode = 'VT409';
  end if;
  if tg_op = 'INSERT' or new.project_ids is distinct from old.project_ids then
    -- A restore brings back links whose projects had all gone when the backup
    -- was taken (app.replace_share_links says so for its transaction).
    if cardinality(new.project_ids) = 0
       and coalesce(current_setting('app.restoring_share_links', true), '') <> 'on'
       and (tg_op = 'INSERT'
            or exists (select 1 from public.projects p where p.id = any (old.project_ids))) then
      raise exception 'Choose at least one project' using errcode = '23514';
    end if;
    if (select count(distinct x) from unnest(new.project_ids) as x) <> cardinality(new.project_ids) then
      raise exception 'A project is listed twice' using errcode = '23514';
    end if;
    if (select count(*) from public.projects p where p.id = any (new.project_ids))
       <> cardinality(new.project_ids) then
      raise exception 'A chosen project does not exist' using errcode = '23503';
    end if;
  end if;
  return new;
end
$$;

-- A deleted project leaves every link that showed it; the others keep their order.
create or replace function app.forget_deleted_shared_projects()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.share_links s
     set project_ids = array(select u.x from unnest(s.project_ids) with ordinality as u(x, n)
                              where u.x not in (select o.id from old_rows o) order by u.n)
   where s.project_ids && (select array_agg(o.id) from old_rows o);
  return null;
end
$$;

revoke all on function app.check_share_link(), app.forget_deleted_shared_projects() from public;

create trigger share_links_check before insert or update on public.share_links
  for each row execute function app.check_share_link();
create trigger share_links_touch before update on public.share_links
  for each row execute function app.touch_updated_at();
create trigger share_links_bump_version before update on public.share_links
  for each row execute function app.bump_version();
create trigger share_links_activity_insert after insert on public.share_links
  referencing new table as new_rows
  for each statement execute function app.record_activity();
create trigger share_links_activity_update after update on public.share_links
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.record_activity();
create trigger share_links_activity_delete after delete on public.share_links
  referencing old table as old_rows
  for each statement execute function app.record_activity();
create trigger projects_leave_share_links after delete on public.projects
  referencing old table as old_rows
  for each statement execute function app.forget_deleted_shared_projects();

alter table public.share_links enable row level security;
revoke all on public.share_links from anon, authenticated;
-- Neither hash is readable by any client role; has_passphrase says whether one is set.
grant select (id, label, project_ids, note, show_cv, show_contact, lang, expires_at,
  has_passphrase, revoked_at, created_at, updated_at, version) on public.share_links to authenticated;
grant insert (label, project_ids, note, show_cv, show_contact, lang, expires_at,
  passphrase_hash, token_hash) on public.share_links to authenticated;
grant update (label, project_ids, note, show_cv, show_contact, lang, expires_at,
  passphrase_hash, revoked_at) on public.share_links to authenticated;
-- No delete grant: a link is revoked, and stays listed as such.

create policy "Signed-in accounts can read share links"
  on public.share_links for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can create share links"
  on public.share_links for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can update share links"
  on public.share_links for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));

-- Views: per link and UTC day, how many visitors opened it and when it was
-- last opened. Written by app.record_share_view alone.
create table public.share_link_views (
  share_link_id integer not null references public.share_links (id) on delete cascade,
  day date not null,
  views integer not null check (views >= 0),
  last_viewed_at timestamptz not null,
  primary key (share_link_id, day)
);
alter table public.share_link_views enable row level security;
revoke all on public.share_link_views from anon, authenticated;
grant select on public.share_link_views to authenticated;
create policy "Signed-in accounts can read share link views"
  on public.share_link_views for select to authenticated using ((select app.is_signed_in()));

-- Who opened a link today, as the day's visitor hashes: a view counts once per
-- visitor and day. Rows of earlier days are deleted as soon as a view of a
-- later day is recorded (their salt is gone anyway).
create table app.share_link_visitors (
  share_link_id integer not null references public.share_links (id) on delete cascade,
  day date not null,
  visitor bytea not null check (length(visitor) = 32),
  primary key (share_link_id, day, visitor)
);
create index share_link_visitors_day_idx on app.share_link_visitors (day);
alter table app.share_link_visitors enable row level security;
revoke all on app.share_link_visitors from public, anon, authenticated;

-- The link a token opens, as the recipient's calls need it: its id, its
-- state (active, expired, revoked), and a tag of its passphrase hash, which
-- the API binds the passes it hands out to (a new passphrase ends them). No
-- row for an unknown token.
create or replace function app.share_link_state(p_token text)
returns table (id integer, state text, passphrase_tag text)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id,
         case when s.revoked_at is not null then 'revoked'
              when s.expires_at <= now() then 'expired'
              else 'active' end,
         case when s.passphrase_hash is not null
              then encode(sha256(convert_to(s.passphrase_hash, 'UTF8')), 'hex') end
    from public.share_links s
   where s.token_hash = sha256(convert_to(coalesce(p_token, ''), 'UTF8'))
$$;

-- What the recipient's page shows, for an active link: the note, what else it
-- shows, the site's texts and the chosen projects in the chosen order,
-- inactive ones included, with the fields a visitor sees of a project (no
-- translations object: the link's language picks the texts). Null for a
-- token that opens no active link.
create or replace function app.shared_page(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'note', s.note,
    'showCv', s.show_cv,
    'showContact', s.show_contact,
    'lang', s.lang,
    'expiresAt', to_char(s.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'site', coalesce((
      select jsonb_object_agg(g.name, coalesce(nullif(g.translations -> s.lang ->> 'value', ''), g.value))
        from public.configs g), '{}'::jsonb),
    'projects', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id,
               'name', coalesce(nullif(p.translations -> s.lang ->> 'name', ''), p.name),
               'description', coalesce(nullif(p.translations -> s.lang ->> 'description', ''), p.description),
               'startYear', p.start_year, 'endYear', p.end_year,
               'liveUrl', p.live_url, 'githubUrl', p.github_url,
               'thumbnail', p.thumbnail, 'images', to_jsonb(p.images),
               'imageDetails', coalesce((
                 select jsonb_agg(jsonb_build_object(
                          'url', g.url, 'alt', d.v ->> 'alt',
                          'width', (d.v ->> 'width')::int, 'height', (d.v ->> 'height')::int,
                          'cardUrl', d.v ->> 'cardUrl') order by g.n)
                   from (select distinct on (i.url) i.url, i.n
                           from (select p.thumbnail as url, 0::bigint as n where p.thumbnail is not null
                                 union all
                                 select m.url, m.n from unnest(p.images) with ordinality as m(url, n)) i
                          order by i.url, i.n) g
                   cross join lateral (select p.image_details -> g.url as v) d), '[]'::jsonb),
               'technologies', coalesce((
                 select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'icon', t.icon)
                                  order by lower(t.name), t.id)
                   from public.project_technologies pt
                   join public.technologies t on t.id = pt.technology_id
                  where pt.project_id = p.id), '[]'::jsonb))
             order by u.n)
        from unnest(s.project_ids) with ordinality as u(pid, n)
        join public.projects p on p.id = u.pid), '[]'::jsonb))
    from public.share_links s
    join app.share_link_state(p_token) st on st.id = s.id and st.state = 'active'
$$;

-- Why the recipient's calls stop: no link has the token, or it is not active.
create or replace function app.share_link_refusal(p_id integer, p_state text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('status', case when p_id is null then 'unknown' else p_state end)
$$;

-- Checks a passphrase for the link a token opens. Counted first, as sign-in
-- attempts are (01_rate_limits.sql, docs/decisions/012): 5 per address and
-- link, 30 per link from anywhere, in 15 minutes; a right passphrase gives
-- back what it took. p_client is the API's keyed hash of the address, never
-- the address. Answers { status: unknown | expired | revoked | open | locked
-- (retryAfter) | wrong | ok (passphraseTag) }.
create or replace function app.unlock_share_link(p_token text, p_passphrase text, p_client text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_link record;
  v_hash text;
  v_pair text;
  v_retry integer;
begin
  select * into v_link from app.share_link_state(p_token);
  if v_link.id is null or v_link.state <> 'active' then
    return app.share_link_refusal(v_link.id, v_link.state);
  elsif v_link.passphrase_tag is null then
    return jsonb_build_object('status', 'open', 'id', v_link.id);
  end if;
  v_pair := v_link.id || '|' || coalesce(p_client, '');
  v_retry := app.rate_limit_take('share-pass', v_pair, 5, 900);
  if v_retry = 0 then
    v_retry := app.rate_limit_take('share-pass-link', v_link.id::text, 30, 900);
  end if;
  perform app.rate_limit_purge();
  if v_retry > 0 then
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;
  select s.passphrase_hash into v_hash from public.share_links s where s.id = v_link.id;
  if octet_length(coalesce(p_passphrase, '')) <= 72
     and v_hash = extensions.crypt(coalesce(p_passphrase, ''), v_hash) then
    perform app.rate_limit_give_back('share-pass', v_pair);
    perform app.rate_limit_give_back('share-pass-link', v_link.id::text);
    return jsonb_build_object('status', 'ok', 'id', v_link.id, 'passphraseTag', v_link.passphrase_tag);
  end if;
  return jsonb_build_object('status', 'wrong');
end
$$;

-- Records a view of the link a token opens (the API has checked the pass of
-- a link with a passphrase, and left out robots, Do Not Track, GPC and
-- signed-in accounts). At most p_limit views a minute per address, counted
-- under the day's salted hash of the address key. Answers { status: unknown |
-- expired | revoked | locked (retryAfter) | ok (counted) }.
create or replace function app.record_share_view(
  p_token text, p_client text, p_user_agent text, p_site text, p_limit integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'UTC')::date;
  v_link record;
  v_salt bytea;
  v_retry integer;
  v_counted integer;
begin
  select * into v_link from app.share_link_state(p_token);
  if v_link.id is null or v_link.state <> 'active' then
    return app.share_link_refusal(v_link.id, v_link.state);
  end if;
  v_salt := app.visit_salt_today();
  v_retry := app.rate_limit_take('share-views',
    encode(sha256(v_salt || convert_to(coalesce(p_client, ''), 'UTF8')), 'hex'), p_limit, 60);
  perform app.rate_limit_purge();
  if v_retry > 0 then
    return jsonb_build_object('status', 'locked', 'retryAfter', v_retry);
  end if;
  delete from app.share_link_visitors v where v.day < v_today;
  insert into app.share_link_visitors (share_link_id, day, visitor)
  values (v_link.id, v_today, sha256(v_salt || convert_to(
    coalesce(p_client, '') || E'\n' || coalesce(p_user_agent, '') || E'\n' || coalesce(p_site, ''),
    'UTF8')))
  on conflict do nothing;
  get diagnostics v_counted = row_count;
  insert into public.share_link_views as w (share_link_id, day, views, last_viewed_at)
  values (v_link.id, v_today, v_counted, now())
  on conflict (share_link_id, day) do update
    set views = w.views + excluded.views, last_viewed_at = excluded.last_viewed_at;
  return jsonb_build_object('status', 'ok', 'counted', v_counted = 1);
end
$$;

-- Backups (docs/PRODUCT.md §14, §24) carry the links with both hashes, so a
-- restored link opens with the same token and passphrase; not their views.
-- An admin, or the command line's own connection, as app.replace_visit_daily.
create or replace function app.export_share_links()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (app.is_admin() or current_setting('role') = 'none') then
    raise exception 'permission denied to read share links for a backup' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'label', s.label, 'projectIds', to_jsonb(s.project_ids), 'note', s.note,
             'showCv', s.show_cv, 'showContact', s.show_contact, 'lang', s.lang,
             'expiresAt', to_char(s.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
             'passphraseHash', s.passphrase_hash, 'tokenHash', encode(s.token_hash, 'hex'),
             'revokedAt', to_char(s.revoked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
             'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
             order by s.id)
      from public.share_links s), '[]'::jsonb);
end
$$;

-- Replaces every link with p_links (as app.export_share_links writes them,
-- project ids already this database's); their views start again from none.
create or replace function app.replace_share_links(p_links jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if not (app.is_admin() or current_setting('role') = 'none') then
    raise exception 'permission denied to restore share links' using errcode = '42501';
  end if;
  perform set_config('app.restoring_share_links', 'on', true);
  delete from public.share_links where true;
  insert into public.share_links (label, project_ids, note, show_cv, show_contact, lang,
    expires_at, passphrase_hash, token_hash, revoked_at, created_at)
  select l ->> 'label',
         array(select jsonb_array_elements_text(l -> 'projectIds')::integer),
         l ->> 'note', (l ->> 'showCv')::boolean, (l ->> 'showContact')::boolean, l ->> 'lang',
         (l ->> 'expiresAt')::timestamptz, l ->> 'passphraseHash',
         decode(l ->> 'tokenHash', 'hex'), (l ->> 'revokedAt')::timestamptz,
         coalesce((l ->> 'createdAt')::timestamptz, now())
    from jsonb_array_elements(coalesce(p_links, '[]'::jsonb)) with ordinality as e(l, ord)
   order by e.ord;
  get diagnostics v_count = row_count;
  perform set_config('app.restoring_share_links', 'off', true);
  return v_count;
end
$$;

revoke all on function app.share_link_state(text), app.shared_page(text), app.share_link_refusal(integer, text),
  app.unlock_share_link(text, text, text),
  app.record_share_view(text, text, text, text, integer),
  app.export_share_links(), app.replace_share_links(jsonb) from public;
grant execute on function app.shared_page(text), app.unlock_share_link(text, text, text),
  app.share_link_state(text), app.record_share_view(text, text, text, text, integer)
  to anon, authenticated;
grant execute on function app.export_share_links(), app.replace_share_links(jsonb) to authenticated;
