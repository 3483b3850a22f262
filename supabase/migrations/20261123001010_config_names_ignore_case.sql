-- Configuration names are unique whatever their case: 'heroTitle1' and
-- 'herotitle1' side by side would leave the owner editing one while the page
-- reads the other. Same rule as technology names (lower(name) index). The index
-- keeps its name, configs_name_key, which the API maps to its 409 message.
--
-- A database may already hold names that differ only in case. The oldest row
-- (lowest id) keeps its name; each later one is renamed '<name>.duplicate-<id>'
-- (still a valid name), so nothing is lost and the owner can sort them out on
-- the Configurations screen. Lookups by name stay exact (GET /configs/name/{name}).

update public.configs as c
set name = left(c.name, 80) || '.duplicate-' || c.id
where exists (
  select 1 from public.configs as older
  where lower(older.name) = lower(c.name) and older.id < c.id
);

drop index public.configs_name_key;
create unique index configs_name_key on public.configs (lower(name));
