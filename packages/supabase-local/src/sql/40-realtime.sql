-- The publication hosted Supabase creates for Realtime (empty, owned by the user that runs the migrations, as
-- `postgres` owns it there), so a migration's `alter publication supabase_realtime add table …` works. The local stack
-- has no Realtime server: nothing reads the publication.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
exception when duplicate_object then
  null;
end
$$;
