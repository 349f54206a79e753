-- Videos that disappear from the channel (deleted, made private) are marked, not deleted: youtube-sync sets
-- `removed_at`, and clears it again if the video comes back. Visitors never see a removed video.
alter table public.videos add column removed_at timestamptz;

comment on column public.videos.removed_at is
  'When youtube-sync last found the video gone from the channel; NULL while it is on the channel.';

drop policy "Videos are readable by everyone" on public.videos;

create policy "Videos on the channel are readable by everyone"
  on public.videos for select
  to anon, authenticated
  using (removed_at is null);
