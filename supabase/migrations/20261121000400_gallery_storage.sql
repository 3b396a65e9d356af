-- The private storage bucket `gallery`: each user reads and writes only objects under `<their uid>/…`.
-- Guarded so it applies to hosted Supabase's storage schema, to supabase-local's, and to a database
-- without storage at all (then it does nothing).

do $$
declare
  own_folder text;
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public) values ('gallery', 'gallery', false)
    on conflict (id) do update set public = false;
    if exists (
      select 1 from information_schema.columns
      where table_schema = 'storage' and table_name = 'buckets' and column_name = 'file_size_limit'
    ) then
      update storage.buckets set file_size_limit = 10485760 where id = 'gallery';
    end if;
    if exists (
      select 1 from information_schema.columns
      where table_schema = 'storage' and table_name = 'buckets' and column_name = 'allowed_mime_types'
    ) then
      update storage.buckets set allowed_mime_types = array['image/png', 'image/jpeg', 'image/webp', 'image/gif']
      where id = 'gallery';
    end if;
  end if;

  if to_regclass('storage.objects') is not null then
    if to_regprocedure('storage.foldername(text)') is not null then
      own_folder := '(storage.foldername(name))[1] = (select auth.uid())::text';
    else
      own_folder := 'split_part(name, ''/'', 1) = (select auth.uid())::text';
    end if;

    execute 'drop policy if exists "gallery: read own folder" on storage.objects';
    execute format(
      'create policy "gallery: read own folder" on storage.objects for select to authenticated '
      'using (bucket_id = ''gallery'' and %s)', own_folder);
    execute 'drop policy if exists "gallery: upload to own folder" on storage.objects';
    execute format(
      'create policy "gallery: upload to own folder" on storage.objects for insert to authenticated '
      'with check (bucket_id = ''gallery'' and %s)', own_folder);
    execute 'drop policy if exists "gallery: update own folder" on storage.objects';
    execute format(
      'create policy "gallery: update own folder" on storage.objects for update to authenticated '
      'using (bucket_id = ''gallery'' and %s) with check (bucket_id = ''gallery'' and %s)', own_folder, own_folder);
    execute 'drop policy if exists "gallery: delete own folder" on storage.objects';
    execute format(
      'create policy "gallery: delete own folder" on storage.objects for delete to authenticated '
      'using (bucket_id = ''gallery'' and %s)', own_folder);
  end if;
end
$$;
