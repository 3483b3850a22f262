-- The images bucket on Supabase Storage. Applies only where the storage schema
-- exists (Supabase); the embedded and self-hosted stacks keep files in a folder.
-- The API writes with the service key, so only public reads need a policy here.
do $$
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('images', 'images', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
    on conflict (id) do nothing;
  end if;
end
$$;
