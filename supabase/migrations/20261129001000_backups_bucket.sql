-- The private bucket "backups" on Supabase Storage: archives an admin sends
-- for a restore wait there until POST /backup/restore has read and removed
-- them (docs/decisions/029-archives-through-storage.md). Applies only where
-- the storage schema exists (Supabase), as 20261122000500_storage.sql; the
-- embedded and self-hosted stacks keep them in a folder nobody is served.
--
-- Not public, so it has no public URL. The API reads and removes with the
-- secret key and signs uploads with it; Storage writes a signed upload as its
-- own superuser. No client role needs anything here, so a restrictive policy
-- keeps anon and authenticated out of it whatever permissive policy may be
-- added to storage.objects later.
do $$
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('backups', 'backups', false, 52428800, array['application/zip'])
    on conflict (id) do update
      set public = false,
          file_size_limit = excluded.file_size_limit,
          allowed_mime_types = excluded.allowed_mime_types;
    if not exists (
      select 1 from pg_policies
       where schemaname = 'storage' and tablename = 'objects'
         and policyname = 'backups are for the API alone'
    ) then
      create policy "backups are for the API alone" on storage.objects
        as restrictive for all to anon, authenticated
        using (bucket_id <> 'backups')
        with check (bucket_id <> 'backups');
    end if;
  end if;
end
$$;
