-- Buckets on Supabase Storage. They exist only where the storage schema does
-- (Supabase); the embedded and self-hosted stacks keep files in folders.
-- supabase/config.toml declares the same buckets for `supabase start`. This
-- file may run again on a database that has it (it changes nothing then).
--
-- images: project images, public (docs/PRODUCT.md §9: JPEG, PNG, GIF, WEBP,
-- 5 MB each). The API writes with the service key, so only public reads need
-- a policy, which Storage's public flag gives.
do $$
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('images', 'images', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
    on conflict (id) do nothing;
  end if;
end
$$;

-- backups: archives an admin sends for a restore wait there until
-- POST /backup/restore has read and removed them
-- (docs/decisions/029-archives-through-storage.md). Not public, so it has no
-- public URL. The API reads and removes with the secret key and signs uploads
-- with it; Storage writes a signed upload as its own superuser. No client role
-- needs anything here, so a restrictive policy keeps anon and authenticated out
-- of it whatever permissive policy may be added to storage.objects later.
--
-- Only the owner of storage.objects (supabase_storage_admin), a role that
-- holds its rights, or a superuser may add a policy to it. Where the role
-- applying this file is none of them (Supabase's `postgres` on projects where
-- Storage's tables were handed to their own role), the policy is left out
-- with a warning saying what the owner has to add (docs/RELIABILITY.md,
-- "Supabase as it runs", and README's deploy notes), rather than stopping the
-- push. The bucket stays closed to clients without it: row level security is
-- on and no permissive policy of ours lets them in; the policy guards against
-- one added later.
do $$
declare
  v_owner name;
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('backups', 'backups', false, 52428800, array['application/zip'])
    on conflict (id) do update
      set public = false,
          file_size_limit = excluded.file_size_limit,
          allowed_mime_types = excluded.allowed_mime_types;
    select c.relowner::regrole::name into v_owner
      from pg_catalog.pg_class c
     where c.oid = pg_catalog.to_regclass('storage.objects');
    if v_owner is null or exists (
      select 1 from pg_policies
       where schemaname = 'storage' and tablename = 'objects'
         and policyname = 'backups are for the API alone'
    ) then
      null;
    elsif not pg_catalog.pg_has_role(current_user, v_owner, 'USAGE') then
      raise warning using
        message = format('The policy "backups are for the API alone" was not added: %I may not add policies to storage.objects, owned by %I', current_user, v_owner),
        hint = 'Have the table''s owner add it (Dashboard, Storage, Policies): create policy "backups are for the API alone" on storage.objects as restrictive for all to anon, authenticated using (bucket_id <> ''backups'') with check (bucket_id <> ''backups'');';
    else
      create policy "backups are for the API alone" on storage.objects
        as restrictive for all to anon, authenticated
        using (bucket_id <> 'backups')
        with check (bucket_id <> 'backups');
    end if;
  end if;
end
$$;
