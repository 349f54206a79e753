-- How youtube-sync stores what it pulled from the channel: one call, one transaction. Either every video is
-- upserted and the ones gone from the channel are marked removed, or (on any error) nothing changes.
--
-- channel_videos: a JSON array of {video_id, title, description, thumbnail_url, published_at, view_count,
-- like_count}; counts are numbers or null (hidden by the channel). Rows that did not change are not touched, so a sync
-- does not rewrite updated_at or send Realtime events for every video each time.
-- Only the service role may call it (the function runs as its caller, and visitors cannot write to videos anyway).
create or replace function public.sync_channel_videos(channel_videos jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  received integer;
  already_stored integer;
  changed integer;
  removed integer;
begin
  if channel_videos is null or pg_catalog.jsonb_typeof(channel_videos) <> 'array' then
    raise exception 'channel_videos must be a JSON array' using errcode = '22023';
  end if;

  -- One statement: its parts see the same snapshot, and the rows it upserts (on the channel) and the rows it marks
  -- removed (not on the channel) never overlap.
  with incoming as (
    select distinct on (item.video_id)
      item.video_id,
      item.title,
      coalesce(item.description, '') as description,
      item.thumbnail_url,
      item.published_at,
      item.view_count,
      item.like_count
    from pg_catalog.jsonb_to_recordset(channel_videos) as item(
      video_id text,
      title text,
      description text,
      thumbnail_url text,
      published_at timestamptz,
      view_count bigint,
      like_count bigint
    )
    order by item.video_id
  ),
  upserted as (
    insert into public.videos as v
      (video_id, title, description, thumbnail_url, published_at, view_count, like_count, removed_at)
    select video_id, title, description, thumbnail_url, published_at, view_count, like_count, null
    from incoming
    on conflict (video_id) do update set
      title = excluded.title,
      description = excluded.description,
      thumbnail_url = excluded.thumbnail_url,
      published_at = excluded.published_at,
      view_count = excluded.view_count,
      like_count = excluded.like_count,
      removed_at = null
    where (v.title, v.description, v.thumbnail_url, v.published_at, v.view_count, v.like_count, v.removed_at)
      is distinct from
      (excluded.title, excluded.description, excluded.thumbnail_url, excluded.published_at, excluded.view_count,
       excluded.like_count, null::timestamptz)
    returning 1
  ),
  gone as (
    update public.videos as v
    set removed_at = pg_catalog.now()
    where v.removed_at is null
      and not exists (select from incoming where incoming.video_id = v.video_id)
    returning 1
  )
  select
    (select pg_catalog.count(*) from incoming),
    (select pg_catalog.count(*) from incoming join public.videos using (video_id)),
    (select pg_catalog.count(*) from upserted),
    (select pg_catalog.count(*) from gone)
  into received, already_stored, changed, removed;

  return pg_catalog.jsonb_build_object(
    'received', received,
    'inserted', received - already_stored,
    'updated', changed - (received - already_stored),
    'unchanged', already_stored - (changed - (received - already_stored)),
    'removed', removed
  );
end;
$$;

comment on function public.sync_channel_videos(jsonb) is
  'youtube-sync: upserts the channel''s videos and marks the ones gone from it, in one transaction (service role only).';

revoke all on function public.sync_channel_videos(jsonb) from public, anon, authenticated;
grant execute on function public.sync_channel_videos(jsonb) to service_role;
