-- The owner's order of the featured projects, which the home page shows first
-- in a row of their own (docs/PRODUCT.md §15): smallest first, a project
-- without one after those with one. The portfolio's order (§9) does not change.
alter table public.projects add column featured_order integer
  check (featured_order is null or featured_order between 0 and 10000);
-- Admins set it (row-level security decides who is one), one project at a time or all at once.
grant insert (featured_order), update (featured_order) on public.projects to authenticated;
