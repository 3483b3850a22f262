-- A project the owner marks as featured: the public card and page say so, and
-- the features that pick projects for a reader (share links, the pages for
-- assistants) start from these. It does not change the portfolio's order
-- (docs/PRODUCT.md §9). Public like the rest of an active project.
alter table public.projects add column featured boolean not null default false;
-- Accounts write only the columns they are granted; admins may set this one
-- (row-level security still decides who is an admin).
grant insert (featured), update (featured) on public.projects to authenticated;
