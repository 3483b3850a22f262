-- The site's languages (docs/PRODUCT.md §23, docs/decisions/047; added by
-- migration 20261204005000_languages.sql): BCP 47 tags in canonical case
-- (language lower, script title, region upper: en, pt-BR, zh-Hant), in the
-- owner's order, one of them the default, at most 10. The default language's
-- texts are the content's own columns; the others' are each content row's
-- `translations` (05_content.sql, 06_story.sql). Everyone reads the list,
-- only admins write it, and a change moves the content version like any
-- public content. The API replaces the whole list at once (PUT /languages).

create table public.languages (
  tag text primary key
    check (tag ~ '^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$'),
  position integer not null unique check (position between 0 and 9),
  is_default boolean not null default false
);
-- One default at the most (the API sends exactly one); a tag once whatever its case.
create unique index languages_one_default on public.languages (is_default) where is_default;
create unique index languages_tag_key on public.languages (lower(tag));
create trigger languages_content_version
  after insert or update or delete or truncate on public.languages
  for each statement execute function app.bump_content_version();

alter table public.languages enable row level security;
revoke all on public.languages from anon, authenticated;
grant select on public.languages to anon, authenticated;
grant insert (tag, position, is_default), update (tag, position, is_default), delete
  on public.languages to authenticated;

create policy "Visitors can read languages"
  on public.languages for select to anon using (true);
create policy "Signed-in accounts can read languages"
  on public.languages for select to authenticated using ((select app.is_signed_in()));
create policy "Admins can add languages"
  on public.languages for insert to authenticated with check ((select app.is_admin()));
create policy "Admins can change languages"
  on public.languages for update to authenticated
  using ((select app.is_admin())) with check ((select app.is_admin()));
create policy "Admins can remove languages"
  on public.languages for delete to authenticated using ((select app.is_admin()));

-- English alone until the owner chooses.
insert into public.languages (tag, position, is_default) values ('en', 0, true);

-- A change of the languages is one entry of the activity history
-- (08_activity.sql, docs/PRODUCT.md §12, §23): a save replaces the list in
-- several statements (a delete, then an insert), so each statement that wrote
-- rows notes the list as it was before the transaction's first one, and at
-- commit a deferred trigger compares it with the list then: one entry about
-- the whole list ("Changed the site's languages: en (default), fr"), whose
-- changed fields say whether the default and the list (which languages, in
-- which order) changed, or none when the list came back as it was (the same
-- list saved again). The list has no id: its entries' entity_id is 0.
-- Rows live only inside a transaction: the commit-time trigger deletes them.
create table app.language_changes (
  xact bigint primary key default txid_current(),
  tags text[] not null,
  default_tag text
);
alter table app.language_changes enable row level security;
revoke all on app.language_changes from public;

-- The list before this statement: the table now, less the rows the statement
-- wrote, with the rows it removed or replaced.
create or replace function app.note_languages_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_new jsonb := '[]';
  v_old jsonb := '[]';
begin
  if exists (select 1 from app.language_changes c where c.xact = txid_current()) then
    return null;
  end if;
  if tg_op <> 'DELETE' then
    select coalesce(jsonb_agg(to_jsonb(n)), '[]') into v_new from new_rows n;
  end if;
  if tg_op <> 'INSERT' then
    select coalesce(jsonb_agg(to_jsonb(o)), '[]') into v_old from old_rows o;
  end if;
  if v_new = '[]' and v_old = '[]' then
    return null;
  end if;
  insert into app.language_changes (tags, default_tag)
  select coalesce(array_agg(b.tag order by b.position), '{}'), max(b.tag) filter (where b.is_default)
    from (select l.tag, l.position, l.is_default from public.languages l
           where not exists (select 1 from jsonb_array_elements(v_new) n where n ->> 'tag' = l.tag)
          union all
          select o ->> 'tag', (o ->> 'position')::integer, (o ->> 'is_default')::boolean
            from jsonb_array_elements(v_old) o) b;
  return null;
end
$$;

-- The first of these deferred calls in a transaction does the work for all.
create or replace function app.record_languages_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_before app.language_changes;
  v_tags text[];
  v_default text;
  v_list text;
  v_actor_id integer := app.current_user_id();
begin
  delete from app.language_changes c where c.xact = txid_current() returning c.* into v_before;
  if v_before.xact is null then
    return null;
  end if;
  select coalesce(array_agg(l.tag order by l.position), '{}'), max(l.tag) filter (where l.is_default),
         string_agg(l.tag || case when l.is_default then ' (default)' else '' end, ', ' order by l.position)
    into v_tags, v_default, v_list
    from public.languages l;
  if v_tags = v_before.tags and v_default is not distinct from v_before.default_tag then
    return null;
  end if;
  insert into public.activity (actor_id, actor_name, action, entity, entity_id, summary, changed_fields)
  select v_actor_id,
         coalesce((select u.username from public.users u where u.id = v_actor_id),
                  case when app.jwt_claims() ->> 'role' = 'anon' then 'visitor' else 'system' end),
         'update', 'languages', 0,
         left(coalesce('Changed the site''s languages: ' || v_list, 'Removed the site''s languages'), 300),
         array_remove(array[case when v_default is distinct from v_before.default_tag then 'default' end,
                            case when v_tags <> v_before.tags then 'languages' end], null);
  return null;
end
$$;

revoke all on function app.note_languages_change(), app.record_languages_change() from public;

create trigger languages_activity_insert after insert on public.languages
  referencing new table as new_rows for each statement execute function app.note_languages_change();
create trigger languages_activity_update after update on public.languages
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.note_languages_change();
create trigger languages_activity_delete after delete on public.languages
  referencing old table as old_rows for each statement execute function app.note_languages_change();
create constraint trigger languages_activity_at_commit
  after insert or update or delete on public.languages
  deferrable initially deferred
  for each row execute function app.record_languages_change();
