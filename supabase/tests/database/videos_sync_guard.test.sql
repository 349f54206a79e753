-- public.sync_channel_videos_guarded (migration 20261124090100): youtube-sync cannot mark more than the allowed share
-- of the shown videos removed in one run; refused, it changes nothing. Runs as the service role, as the function does.
begin;
create extension if not exists pgtap with schema extensions;
select plan(8);

select ok(
  has_function_privilege('service_role', 'public.sync_channel_videos_guarded(jsonb, numeric)', 'execute'),
  'the service role may sync through the guard'
);
select ok(
  not has_function_privilege('anon', 'public.sync_channel_videos_guarded(jsonb, numeric)', 'execute'),
  'a visitor may not'
);

-- Start from ten shown videos.
update public.videos set removed_at = now() where removed_at is null;
insert into public.videos (video_id, title, thumbnail_url, published_at)
select format('guard%s', lpad(n::text, 6, '0')), format('Video %s', n), 'videos/x.webp', now()
from generate_series(1, 10) as n;

create temporary table channel (video_id text, title text, thumbnail_url text, published_at timestamptz)
  on commit drop;
grant select, insert, delete on channel to service_role;
set local role service_role;

-- An answer without the items: every video would go.
select throws_ok(
  $$ select public.sync_channel_videos_guarded('[]'::jsonb, 0.2) $$,
  'YT409', null, 'a sync that would remove every video is refused'
);
select is((select count(*)::int from public.videos where removed_at is null), 10, 'and nothing changed');

-- Three of ten gone (30 %) is more than 20 %; two of ten is not.
insert into channel select video_id, title, thumbnail_url, published_at from public.videos
  where removed_at is null and video_id > 'guard000003';
select throws_ok(
  $$ select public.sync_channel_videos_guarded((select jsonb_agg(channel) from channel), 0.2) $$,
  'YT409', null, 'three of ten removed is over the 20 % share'
);
delete from channel;
insert into channel select video_id, title, thumbnail_url, published_at from public.videos
  where removed_at is null and video_id > 'guard000002';
select is(
  (select (public.sync_channel_videos_guarded((select jsonb_agg(channel) from channel), 0.2) ->> 'removed')::int),
  2, 'two of ten removed is within the share, and stored'
);
select is((select count(*)::int from public.videos where removed_at is null), 8, 'eight videos remain shown');

-- The owner allows a large removal for one run (share 1).
select is(
  (select (public.sync_channel_videos_guarded('[]'::jsonb, 1) ->> 'removed')::int),
  8, 'with the whole share allowed, every video can go'
);
reset role;

select * from finish();
rollback;
