-- A new year is a change of public content (docs/decisions/010): a skill used
-- in a current role or an ongoing project is backed "to this year"
-- (GET /technologies' evidence.lastYear, docs/PRODUCT.md §19), read with
-- current_date. Answers and pages are kept per content version, which only
-- writes moved on, so on 1 January they went on saying last year until the
-- owner's next edit. The content version now also remembers the year it was
-- last moved in, and app.turn_of_year(), called by the server's hourly upkeep
-- (images/sweep.ts), moves it on once when the year has changed.

alter table app.content_version add column year integer;
update app.content_version set year = extract(year from current_date)::int;

-- The one function that moves the version on (migration ..._site_publish.sql)
-- notes the year as well, so the turn of the year is one move at most,
-- whoever makes it first: an edit or the upkeep.
create or replace function app.next_content_version()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  next bigint;
begin
  update app.content_version
    set version = version + 1, changed_at = clock_timestamp(),
        year = extract(year from current_date)::int
    where id = 1 returning version into next;
  perform pg_notify('vitrine_content_version', next::text);
end
$$;
revoke all on function app.next_content_version() from public;

-- Moves the version on when it was last moved in an earlier year; answers
-- whether it did. Run by the server's own role (the owner), never by clients.
create or replace function app.turn_of_year()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The row lock orders two servers' upkeep: the second sees this year.
  perform 1 from app.content_version v
   where v.id = 1 and v.year is distinct from extract(year from current_date)::int
   for update;
  if not found then
    return false;
  end if;
  perform app.next_content_version();
  return true;
end
$$;
revoke all on function app.turn_of_year() from public, anon, authenticated;
