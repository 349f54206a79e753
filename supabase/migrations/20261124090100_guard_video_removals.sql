-- youtube-sync must never empty the videos table by mistake: an answer without items, or another channel's id, would
-- otherwise mark every video removed. It now stores through this guard, which refuses (and changes nothing) when a
-- sync would mark more than max_removed_share of the videos shown today as removed. The owner can allow a large
-- removal for one run (youtube-sync's {"allowLargeRemoval": true}, see its README).
create or replace function public.sync_channel_videos_guarded(channel_videos jsonb, max_removed_share numeric)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  shown integer;
  to_remove integer;
begin
  if channel_videos is null or pg_catalog.jsonb_typeof(channel_videos) <> 'array' then
    raise exception 'channel_videos must be a JSON array' using errcode = '22023';
  end if;
  if max_removed_share is null or max_removed_share < 0 or max_removed_share > 1 then
    raise exception 'max_removed_share must be between 0 and 1' using errcode = '22023';
  end if;
  select pg_catalog.count(*) into shown from public.videos where removed_at is null;
  select pg_catalog.count(*) into to_remove
    from public.videos as v
    where v.removed_at is null
      and not exists (
        select from pg_catalog.jsonb_to_recordset(channel_videos) as item(video_id text)
        where item.video_id = v.video_id
      );
  if shown > 0 and to_remove > shown * max_removed_share then
    raise exception 'this sync would mark % of the % videos removed, more than the % allowed in one run',
      to_remove, shown, max_removed_share
      using errcode = 'YT409',
            hint = 'Check the channel id and YouTube''s answer; to remove them anyway, run once with allowLargeRemoval.';
  end if;
  return public.sync_channel_videos(channel_videos);
end;
$$;

comment on function public.sync_channel_videos_guarded(jsonb, numeric) is
  'youtube-sync: sync_channel_videos, refused when it would mark more than max_removed_share of the videos removed.';

revoke all on function public.sync_channel_videos_guarded(jsonb, numeric) from public, anon, authenticated;
grant execute on function public.sync_channel_videos_guarded(jsonb, numeric) to service_role;
