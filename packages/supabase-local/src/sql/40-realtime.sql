-- Realtime's part of the database.
--
-- The publication hosted Supabase creates for Realtime (empty, owned by the user that runs the migrations, as
-- `postgres` owns it there), so a migration's `alter publication supabase_realtime add table …` works; the local
-- Realtime (src/realtime) streams the changes of the tables in it.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
exception when duplicate_object then
  null;
end
$$;

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- Private channels are authorized, as hosted Realtime does, by RLS policies on realtime.messages: a policy reads the
-- channel's name from realtime.topic() and the feature from `extension` ('broadcast' or 'presence').
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
set search_path = ''
as $$ select nullif(pg_catalog.current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- postgres_changes without logical replication: while the local Realtime listens (it holds the advisory lock below
-- and LISTENs on supabase_local_realtime), a row trigger on each published table queues the row's change, and the
-- commit's notification tells Realtime to drain the queue. With nobody listening the trigger does nothing.
create unlogged table if not exists realtime.local_changes (
  id bigserial primary key,
  relid oid not null,
  action text not null,
  record jsonb,
  old_record jsonb,
  at timestamptz not null default pg_catalog.clock_timestamp()
);
revoke all on realtime.local_changes from public, anon, authenticated, service_role;

create or replace function realtime.local_capture() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  live text := pg_catalog.current_setting('supabase_local.realtime_live', true);
begin
  if live is null or live = '' then
    -- asked once per transaction: does a Realtime of this database hold its lock (and so listen)?
    live := case when exists (
      select 1 from pg_catalog.pg_locks l
      where l.locktype = 'advisory' and l.classid = 21324 and l.objid = 19538 and l.objsubid = 2 and l.granted
        and l.database = (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database())
    ) then 'on' else 'off' end;
    perform pg_catalog.set_config('supabase_local.realtime_live', live, true);
  end if;
  if live = 'on' then
    insert into realtime.local_changes (relid, action, record, old_record)
    values (
      tg_relid, tg_op,
      case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end,
      case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end
    );
    perform pg_catalog.pg_notify('supabase_local_realtime', '');
  end if;
  return null;
end
$$;
revoke all on function realtime.local_capture() from public, anon, authenticated, service_role;

-- Puts the capture trigger on every table of the supabase_realtime publication, and takes it off tables that left.
create or replace function realtime.local_sync_capture() returns void
language plpgsql
set search_path = ''
as $$
declare
  t record;
begin
  for t in
    select c.oid::regclass as entity,
      exists (select 1 from pg_catalog.pg_publication_tables p
              where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname) as published,
      exists (select 1 from pg_catalog.pg_trigger g
              where g.tgrelid = c.oid and g.tgname = 'supabase_local_realtime' and not g.tgisinternal) as captured
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p')
  loop
    if t.published and not t.captured then
      execute pg_catalog.format('create trigger supabase_local_realtime after insert or update or delete on %s '
        'for each row execute function realtime.local_capture()', t.entity);
    elsif t.captured and not t.published then
      execute pg_catalog.format('drop trigger supabase_local_realtime on %s', t.entity);
    end if;
  end loop;
end
$$;
revoke all on function realtime.local_sync_capture() from public, anon, authenticated, service_role;

-- One filter of a subscription (`column=op.value`, op as Realtime names it) on a value of the column's type.
create or replace function realtime.local_filter_passes(val text, type_ text, op text, fval text, negate boolean)
returns boolean
language plpgsql stable
set search_path = ''
as $$
declare
  res boolean;
begin
  if op = 'isdistinct' then
    execute pg_catalog.format('select %L::%s %s %L::%s', val, type_,
      case when negate then 'is not distinct from' else 'is distinct from' end, fval, type_) into res;
    return res;
  end if;
  if op = 'is' then
    if fval not in ('null', 'true', 'false', 'unknown') then
      return false;
    end if;
    execute pg_catalog.format('select %L::%s %s %s', val, type_, case when negate then 'is not' else 'is' end,
      fval) into res;
    return res;
  end if;
  execute pg_catalog.format('select %L::%s %s (%L::%s)', val, type_,
    case op when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<' when 'lte' then '<=' when 'gt' then '>'
      when 'gte' then '>=' when 'in' then '= any' when 'like' then 'like' when 'ilike' then 'ilike'
      when 'match' then '~' when 'imatch' then '~*' end,
    fval, case when op = 'in' then type_ || '[]' else type_ end) into res;
  return case when negate then not res else res end;
end
$$;
revoke all on function realtime.local_filter_passes(text, text, text, text, boolean)
  from public, anon, authenticated, service_role;

-- Drains the queue and decides, for each change, which subscriptions see it, as hosted Realtime's apply_rls does:
-- the subscription's filters must pass on the new row (on the old row's replica identity for a DELETE); on a table
-- with RLS, an INSERT or UPDATE is seen only when the row, looked up by its primary key, is visible to the
-- subscriber's role and JWT claims. A DELETE cannot be checked against RLS (the row is gone): it goes to every
-- subscriber whose filters pass, with the old record cut down to the primary key.
-- `subs`: [{"key", "relid", "action" ('*' or INSERT/UPDATE/DELETE), "role", "claims", "filters": [{"column",
-- "op", "value", "negate"}]}]. Returns each change with the table's description and the keys that see it.
create or replace function realtime.local_drain(subs jsonb, max_rows integer default 500)
returns table (
  change_id bigint, rel oid, kind text, commit_timestamp text, new_row jsonb, old_row jsonb, meta jsonb,
  visible text[], errors jsonb
)
language plpgsql
set search_path = ''
as $$
declare
  batch jsonb;
  ch jsonb;
  sub jsonb;
  f jsonb;
  metas jsonb := '{}';
  m jsonb;
  source jsonb;
  pass boolean;
  checked jsonb;
  cache_key text;
  cond text;
  sub_role text;
  ident jsonb;
begin
  with d as (
    delete from realtime.local_changes q
    where q.id in (select q2.id from realtime.local_changes q2 order by q2.id limit max_rows)
    returning q.*
  )
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) order by d.id), '[]') into batch from d;

  for ch in select value from pg_catalog.jsonb_array_elements(batch) loop
    change_id := (ch ->> 'id')::bigint;
    rel := (ch ->> 'relid')::oid;
    kind := ch ->> 'action';
    new_row := ch -> 'record';
    old_row := ch -> 'old_record';
    commit_timestamp := pg_catalog.to_char((ch ->> 'at')::timestamptz at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    m := metas -> rel::text;
    if m is null then
      select pg_catalog.jsonb_build_object(
        'schema', n.nspname,
        'table', c.relname,
        'rls', c.relrowsecurity,
        'replident', c.relreplident,
        'pk', coalesce((
          select pg_catalog.jsonb_agg(a.attname order by a.attnum)
          from pg_catalog.pg_index i
          join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
          where i.indrelid = c.oid and i.indisprimary), '[]'),
        'ident', coalesce((
          select pg_catalog.jsonb_agg(a.attname order by a.attnum)
          from pg_catalog.pg_index i
          join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
          where i.indrelid = c.oid and i.indisreplident), '[]'),
        'columns', coalesce((
          select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', a.attname, 'type', t.typname,
            'regtype', a.atttypid::regtype::text) order by a.attnum)
          from pg_catalog.pg_attribute a
          join pg_catalog.pg_type t on t.oid = a.atttypid
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'),
        'selectable', coalesce((
          select pg_catalog.jsonb_object_agg(r.role, (
            select coalesce(pg_catalog.jsonb_agg(a.attname order by a.attnum), '[]')
            from pg_catalog.pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              and pg_catalog.has_column_privilege(r.role, c.oid, a.attnum, 'SELECT')))
          from (
            select distinct s ->> 'role' as role
            from pg_catalog.jsonb_array_elements(subs) s
            where (s ->> 'relid')::oid = c.oid
              and exists (select 1 from pg_catalog.pg_roles pr where pr.rolname = s ->> 'role')
          ) r), '{}')
      ) into m
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.oid = rel;
      if m is null then
        continue; -- the table is gone
      end if;
      metas := metas || pg_catalog.jsonb_build_object(rel::text, m);
    end if;
    meta := m;
    visible := '{}';
    errors := '{}';
    checked := '{}';
    -- the old row's replica identity: what logical decoding would have kept of it
    ident := case m ->> 'replident'
      when 'f' then m -> 'columns'
      when 'd' then (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', p.value #>> '{}')), '[]')
                     from pg_catalog.jsonb_array_elements(m -> 'pk') p)
      when 'i' then (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', p.value #>> '{}')), '[]')
                     from pg_catalog.jsonb_array_elements(m -> 'ident') p)
      else '[]' end;
    meta := meta || pg_catalog.jsonb_build_object('identity', (
      select coalesce(pg_catalog.jsonb_agg(x -> 'name'), '[]') from pg_catalog.jsonb_array_elements(ident) x));
    source := case when kind = 'DELETE' then (
      select coalesce(pg_catalog.jsonb_object_agg(x ->> 'name', old_row -> (x ->> 'name')), '{}')
      from pg_catalog.jsonb_array_elements(ident) x) else new_row end;

    for sub in
      select s from pg_catalog.jsonb_array_elements(subs) s
      where (s ->> 'relid')::oid = rel and (s ->> 'action' = '*' or s ->> 'action' = kind)
    loop
      sub_role := sub ->> 'role';
      if not (m -> 'selectable') ? sub_role then
        continue;
      end if;
      if kind <> 'DELETE' and pg_catalog.jsonb_array_length(m -> 'pk') = 0 then
        errors := errors || pg_catalog.jsonb_build_object(sub ->> 'key', 'Error 400: Bad Request, no primary key');
        continue;
      end if;
      if kind <> 'DELETE' and exists (
        select 1 from pg_catalog.jsonb_array_elements_text(m -> 'pk') p
        where not (m -> 'selectable' -> sub_role) ? p.value) then
        errors := errors || pg_catalog.jsonb_build_object(sub ->> 'key', 'Error 401: Unauthorized');
        continue;
      end if;
      -- filters (fail closed: a filter on a column the change does not carry does not pass)
      pass := true;
      for f in select value from pg_catalog.jsonb_array_elements(coalesce(sub -> 'filters', '[]')) loop
        if not source ? (f ->> 'column') then
          pass := false;
        else
          begin
            pass := coalesce(realtime.local_filter_passes(
              source ->> (f ->> 'column'),
              (select x ->> 'regtype' from pg_catalog.jsonb_array_elements(m -> 'columns') x
               where x ->> 'name' = f ->> 'column'),
              f ->> 'op', f ->> 'value', coalesce((f ->> 'negate')::boolean, false)), false);
          exception when others then
            pass := false;
          end;
        end if;
        exit when not pass;
      end loop;
      if not pass then
        continue;
      end if;
      if kind <> 'DELETE' and (m ->> 'rls')::boolean then
        cache_key := sub_role || ' ' || coalesce(sub ->> 'claims', '');
        if not checked ? cache_key then
          select pg_catalog.string_agg(pg_catalog.format('%I = %L::%s', p.value,
            new_row ->> p.value,
            (select x ->> 'regtype' from pg_catalog.jsonb_array_elements(m -> 'columns') x where x ->> 'name' = p.value)),
            ' and ') into cond
          from pg_catalog.jsonb_array_elements_text(m -> 'pk') p;
          begin
            perform pg_catalog.set_config('role', sub_role, true),
              pg_catalog.set_config('request.jwt.claims', coalesce(sub ->> 'claims', '{}'), true);
            execute pg_catalog.format('select exists (select 1 from %I.%I where %s)', m ->> 'schema', m ->> 'table', cond)
              into pass;
            perform pg_catalog.set_config('role', 'none', true);
          exception when others then
            perform pg_catalog.set_config('role', 'none', true);
            pass := false;
          end;
          checked := checked || pg_catalog.jsonb_build_object(cache_key, pass);
        end if;
        if not (checked ->> cache_key)::boolean then
          continue;
        end if;
      end if;
      visible := visible || (sub ->> 'key');
    end loop;
    return next;
  end loop;
  perform pg_catalog.set_config('request.jwt.claims', '', true);
end
$$;
revoke all on function realtime.local_drain(jsonb, integer) from public, anon, authenticated, service_role;
