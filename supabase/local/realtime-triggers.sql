-- Local stand-in only (never a migration): PGlite has no logical decoding, so Realtime's postgres_changes come from
-- row triggers instead. Every table in the supabase_realtime publication gets an AFTER trigger that NOTIFYs the
-- server with the change; NOTIFY is transactional, so only committed changes arrive. The trigger is deferred to the
-- commit, so every change of a transaction carries the time the transaction committed (one time for all of them),
-- as hosted Realtime's commit_timestamp does. Re-run at every start, so the triggers follow the publication.
create schema if not exists _supabase_local;
revoke all on schema _supabase_local from public;

-- Trigger arguments: the primary-key columns. A NOTIFY payload is limited to 8000 bytes; a larger change is sent as
-- its key only and the server reads the row itself.
create or replace function _supabase_local.broadcast_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  message text;
  new_key jsonb := '{}';
  old_key jsonb := '{}';
  key_column text;
  -- The first of the transaction's deferred triggers, running as it commits, fixes the time for all of them.
  commit_time text := pg_catalog.current_setting('supabase_local.commit_time', true);
begin
  if commit_time is null or commit_time = '' then
    commit_time := pg_catalog.to_char(
      pg_catalog.clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    perform pg_catalog.set_config('supabase_local.commit_time', commit_time, true);
  end if;
  message := pg_catalog.json_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', commit_time,
    'record', case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end,
    'old_record', case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end
  )::text;
  if pg_catalog.octet_length(message) > 7900 then
    foreach key_column in array tg_argv loop
      if tg_op <> 'DELETE' then
        new_key := new_key || pg_catalog.jsonb_build_object(key_column, pg_catalog.to_jsonb(new) -> key_column);
      end if;
      if tg_op <> 'INSERT' then
        old_key := old_key || pg_catalog.jsonb_build_object(key_column, pg_catalog.to_jsonb(old) -> key_column);
      end if;
    end loop;
    message := pg_catalog.json_build_object(
      'schema', tg_table_schema,
      'table', tg_table_name,
      'type', tg_op,
      'commit_timestamp', commit_time,
      'truncated', true,
      'record', case when tg_op <> 'DELETE' then new_key end,
      'old_record', case when tg_op <> 'INSERT' then old_key end
    )::text;
  end if;
  perform pg_catalog.pg_notify('supabase_local_realtime', message);
  return null;
end;
$$;

do $$
declare
  published record;
  stale record;
begin
  for published in
    select p.schemaname, p.tablename,
      coalesce((
        select pg_catalog.string_agg(pg_catalog.quote_literal(a.attname), ', ' order by k.ordinality)
        from pg_catalog.pg_index i
        cross join lateral pg_catalog.unnest(i.indkey) with ordinality as k(attnum, ordinality)
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = pg_catalog.format('%I.%I', p.schemaname, p.tablename)::regclass and i.indisprimary
      ), '') as key_arguments
    from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
  loop
    -- A constraint trigger cannot be replaced in place.
    execute pg_catalog.format(
      'drop trigger if exists zz_supabase_local_realtime on %I.%I', published.schemaname, published.tablename
    );
    execute pg_catalog.format(
      'create constraint trigger zz_supabase_local_realtime after insert or update or delete on %I.%I '
      'deferrable initially deferred for each row execute function _supabase_local.broadcast_change(%s)',
      published.schemaname, published.tablename, published.key_arguments
    );
  end loop;

  for stale in
    select n.nspname, c.relname
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'zz_supabase_local_realtime'
      and not exists (
        select from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute pg_catalog.format('drop trigger zz_supabase_local_realtime on %I.%I', stale.nspname, stale.relname);
  end loop;
end;
$$;
