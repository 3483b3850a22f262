-- The project-year rules (docs/PRODUCT.md §5, §9) in one place each:
-- - the bounds come from app.project_year_bounds(), which the trigger reads;
-- - "end year not before start year" is a CHECK constraint, so it holds for
--   every writer (the API, the Data API, the dashboard), not only for one route;
-- - updated_at is kept by the same touch trigger as every other table, instead
--   of by the year check.

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
revoke all on function app.project_year_bounds() from public;
grant execute on function app.project_year_bounds() to anon, authenticated;

-- Years depend on today's date, which a CHECK constraint must not read, hence a trigger.
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

create trigger projects_touch_updated_at before update on public.projects
  for each row execute function app.touch_updated_at();

alter table public.projects
  add constraint projects_end_year_not_before_start
  check (end_year is null or start_year is null or end_year >= start_year);
