-- public.sync_channel_videos: how youtube-sync stores the channel's videos (migration 20261123001200), and the
-- removed_at column it maintains (migration 20261123001000). Runs as the service role, as the function does.
begin;
create extension if not exists pgtap with schema extensions;
select plan(19);

select has_column('public', 'videos', 'removed_at', 'videos has removed_at');
select ok(
  has_function_privilege('service_role', 'public.sync_channel_videos(jsonb)', 'execute'),
  'the service role may sync'
);
select ok(
  not has_function_privilege('anon', 'public.sync_channel_videos(jsonb)', 'execute'),
  'a visitor may not sync'
);
select ok(
  not has_function_privilege('authenticated', 'public.sync_channel_videos(jsonb)', 'execute'),
  'a signed-in user may not sync'
);

-- Two videos already stored: one still on the channel (its counts changed), one gone from it.
insert into public.videos (video_id, title, description, thumbnail_url, published_at, view_count, like_count)
values
  ('syncstays01', 'Stays on the channel', 'Old description', 'https://i.ytimg.com/vi/syncstays01/mqdefault.jpg',
   '2024-01-01T00:00:00Z', 10, 1),
  ('syncgoes001', 'Gone from the channel', '', 'https://i.ytimg.com/vi/syncgoes001/mqdefault.jpg',
   '2024-01-02T00:00:00Z', 20, 2);

create temporary table sync_before on commit drop as
select count(*)::int as active from public.videos where removed_at is null;
grant select on sync_before to service_role;

set local role service_role;

create temporary table first_sync on commit drop as
select public.sync_channel_videos($$[
  {"video_id": "syncstays01", "title": "Stays on the channel", "description": "New description",
   "thumbnail_url": "https://i.ytimg.com/vi/syncstays01/mqdefault.jpg", "published_at": "2024-01-01T00:00:00Z",
   "view_count": 1500, "like_count": 30},
  {"video_id": "syncnew0001", "title": "Brand new", "description": null,
   "thumbnail_url": "https://i.ytimg.com/vi/syncnew0001/mqdefault.jpg", "published_at": "2024-03-01T00:00:00Z",
   "view_count": 5, "like_count": null},
  {"video_id": "syncnew0001", "title": "Brand new", "description": null,
   "thumbnail_url": "https://i.ytimg.com/vi/syncnew0001/mqdefault.jpg", "published_at": "2024-03-01T00:00:00Z",
   "view_count": 5, "like_count": null}
]$$::jsonb) as result;

select is(
  (select result - 'removed' from first_sync),
  '{"received": 2, "inserted": 1, "updated": 1, "unchanged": 0}'::jsonb,
  'a sync reports what it received, inserted and updated (a repeated video counts once)'
);
select is(
  (select (result ->> 'removed')::int from first_sync),
  (select active from sync_before) - 1,
  'every other stored video is reported removed'
);
select is(
  (select row(description, view_count, like_count, removed_at)::text from public.videos where video_id = 'syncstays01'),
  row('New description', 1500::bigint, 30::bigint, null::timestamptz)::text,
  'a stored video gets the new description and counts'
);
select is(
  (select row(title, description, view_count, like_count)::text from public.videos where video_id = 'syncnew0001'),
  row('Brand new', '', 5::bigint, null::bigint)::text,
  'a new video is inserted; a missing description is empty and a hidden like count is NULL'
);
select isnt(
  (select removed_at from public.videos where video_id = 'syncgoes001'),
  null,
  'a video gone from the channel is marked removed, not deleted'
);
select is(
  (select count(*)::int from public.videos where removed_at is null),
  2,
  'only the channel''s videos remain on the site'
);

select is(
  public.sync_channel_videos($$[
    {"video_id": "syncstays01", "title": "Stays on the channel", "description": "New description",
     "thumbnail_url": "https://i.ytimg.com/vi/syncstays01/mqdefault.jpg", "published_at": "2024-01-01T00:00:00Z",
     "view_count": 1500, "like_count": 30},
    {"video_id": "syncnew0001", "title": "Brand new", "description": "",
     "thumbnail_url": "https://i.ytimg.com/vi/syncnew0001/mqdefault.jpg", "published_at": "2024-03-01T00:00:00Z",
     "view_count": 5, "like_count": null}
  ]$$::jsonb),
  '{"received": 2, "inserted": 0, "updated": 0, "unchanged": 2, "removed": 0}'::jsonb,
  'syncing the same videos again changes nothing'
);

select is(
  public.sync_channel_videos($$[
    {"video_id": "syncstays01", "title": "Stays on the channel", "description": "New description",
     "thumbnail_url": "https://i.ytimg.com/vi/syncstays01/mqdefault.jpg", "published_at": "2024-01-01T00:00:00Z",
     "view_count": 1500, "like_count": 30},
    {"video_id": "syncnew0001", "title": "Brand new", "description": "",
     "thumbnail_url": "https://i.ytimg.com/vi/syncnew0001/mqdefault.jpg", "published_at": "2024-03-01T00:00:00Z",
     "view_count": 5, "like_count": null},
    {"video_id": "syncgoes001", "title": "Gone from the channel", "description": "",
     "thumbnail_url": "https://i.ytimg.com/vi/syncgoes001/mqdefault.jpg", "published_at": "2024-01-02T00:00:00Z",
     "view_count": 20, "like_count": 2}
  ]$$::jsonb),
  '{"received": 3, "inserted": 0, "updated": 1, "unchanged": 2, "removed": 0}'::jsonb,
  'a video back on the channel counts as updated'
);
select is(
  (select removed_at from public.videos where video_id = 'syncgoes001'),
  null,
  'a video back on the channel is shown again'
);

-- Errors change nothing
create temporary table before_errors on commit drop as
select video_id, title, view_count, removed_at from public.videos;

select throws_ok(
  $$ select public.sync_channel_videos('{"video_id": "syncstays01"}'::jsonb) $$,
  '22023',
  'channel_videos must be a JSON array',
  'anything but an array is refused'
);
select throws_ok(
  $$ select public.sync_channel_videos(null) $$,
  '22023',
  'channel_videos must be a JSON array',
  'NULL is refused'
);
select throws_ok(
  $$ select public.sync_channel_videos($j$[
    {"video_id": "syncstays01", "title": "Changed", "description": "",
     "thumbnail_url": "https://i.ytimg.com/vi/syncstays01/mqdefault.jpg", "published_at": "2024-01-01T00:00:00Z",
     "view_count": 99, "like_count": 9},
    {"video_id": "not a video id", "title": "Bad", "description": "",
     "thumbnail_url": "https://i.ytimg.com/vi/x/mqdefault.jpg", "published_at": "2024-01-01T00:00:00Z",
     "view_count": 1, "like_count": 1}
  ]$j$::jsonb) $$,
  '23514',
  null,
  'a row the table refuses fails the whole sync'
);
select throws_ok(
  $$ select public.sync_channel_videos($j$[{"video_id": "syncstays01", "title": "Changed", "view_count": -1}]$j$::jsonb) $$,
  '23502',
  null,
  'a video without thumbnail or date is refused'
);
select results_eq(
  $$ select video_id, title, view_count, removed_at from public.videos order by video_id $$,
  $$ select video_id, title, view_count, removed_at from before_errors order by video_id $$,
  'a failed sync leaves every row as it was'
);

reset role;
set local role anon;
select throws_ok(
  $$ select public.sync_channel_videos('[]'::jsonb) $$,
  '42501',
  null,
  'a visitor calling it is refused'
);

select * from finish();
rollback;
