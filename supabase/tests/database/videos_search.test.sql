-- public.search_videos: the tutorial search visitors run (migration 20261123001100). Test rows carry the token
-- "qzvx", which no seeded video has, and counts far above any seeded video, so the seed never changes an answer.
begin;
create extension if not exists pgtap with schema extensions;
select plan(28);

insert into public.videos
  (video_id, title, description, thumbnail_url, published_at, view_count, like_count, removed_at)
values
  ('qzvxtest-01', 'Qzvx Angular Router in depth', 'Routes, guards and lazy modules.', 'videos/a.webp',
   '2031-01-01', 10000000000050, 10000000000005, null),
  ('qzvxtest-02', 'Qzvx Node basics', 'We are deploying an Express API with Qzvxscriptology.', 'videos/b.webp',
   '2031-01-05', 10000000000040, 10000000000009, null),
  ('qzvxtest-03', 'Qzvx CSS grid', '', 'videos/c.webp',
   '2031-01-03', 10000000000030, null, null),
  ('qzvxtest-04', 'QZVX 100% free: the_underscore trick', 'Percent and underscore in a title.', 'videos/d.webp',
   '2031-01-02', null, 10000000000001, null),
  ('qzvxtest-05', 'Qzvx removed video', 'Gone from the channel.', 'videos/e.webp',
   '2031-02-01', 10000000000099, 10000000000099, now());

-- Enough filler rows (token "wkpjfill") that an unfiltered search has more than twelve to choose from.
insert into public.videos (video_id, title, description, thumbnail_url, published_at, view_count, like_count)
select
  'wkpjfill-' || lpad(n::text, 2, '0'),
  'Wkpjfill filler ' || n,
  'Filler video ' || n,
  'videos/f.webp',
  '2030-06-01'::timestamptz + n * interval '1 day',
  10000000000000 + n,
  n
from generate_series(1, 14) as n;

-- The function's contract
select has_function('public', 'search_videos', array['text', 'text'], 'search_videos(search_term, sort) exists');
select is(
  (select prosecdef from pg_proc where oid = 'public.search_videos(text, text)'::regprocedure),
  false,
  'it runs as the caller (security invoker), so row-level security applies'
);
select ok(has_function_privilege('anon', 'public.search_videos(text, text)', 'execute'), 'visitors may call it');
select has_index('public', 'videos', 'videos_search_english_idx', 'full-text matches come from an index');
select has_index('public', 'videos', 'videos_search_simple_idx', 'prefix matches come from an index');

-- Sorting (spec §4: views -> view count, trending -> likes, recent -> date; descending, nulls last)
select is(
  array(select video_id from public.search_videos('qzvx node', 'views')),
  array['qzvxtest-02'],
  'every word must match'
);
select is(
  array(select video_id from public.search_videos('Qzvx', 'views')),
  array['qzvxtest-01', 'qzvxtest-02', 'qzvxtest-03', 'qzvxtest-04'],
  'views: most viewed first, unknown view counts last'
);
select is(
  array(select video_id from public.search_videos('Qzvx', 'trending')),
  array['qzvxtest-02', 'qzvxtest-01', 'qzvxtest-04', 'qzvxtest-03'],
  'trending: most liked first, unknown like counts last'
);
select is(
  array(select video_id from public.search_videos('Qzvx', 'recent')),
  array['qzvxtest-02', 'qzvxtest-03', 'qzvxtest-04', 'qzvxtest-01'],
  'recent: newest first'
);
select is(
  array(select video_id from public.search_videos('qzvx', 'RECENT')),
  array(select video_id from public.search_videos('qzvx', 'recent')),
  'the sort name is case-insensitive'
);

-- The first load: an empty term and views (spec §4), twelve results (spec §9)
select is(
  (select count(*)::int from public.search_videos('', 'views')),
  12,
  'an empty term returns twelve videos'
);
select is(
  array(select video_id from public.search_videos('', 'views')),
  array(
    select video_id from public.videos where removed_at is null
    order by view_count desc nulls last, published_at desc, video_id limit 12
  ),
  'an empty term returns the twelve most viewed videos on the channel'
);
select is(
  array(select video_id from public.search_videos()),
  array(select video_id from public.search_videos('', 'views')),
  'without arguments: empty term, sorted by views'
);
select is(
  array(select video_id from public.search_videos(null, null)),
  array(select video_id from public.search_videos('', 'views')),
  'NULL arguments count as an empty term and views'
);
select is(
  array(select video_id from public.search_videos('   ', 'views')),
  array(select video_id from public.search_videos('', 'views')),
  'a blank term is an empty term'
);

-- Matching: case-insensitive, title and description, whole words, stems, prefixes, substrings
select is(
  array(select video_id from public.search_videos('QZVX ANGULAR ROUTER', 'views')),
  array['qzvxtest-01'],
  'the title matches whatever the case'
);
select is(
  array(select video_id from public.search_videos('qzvx guards', 'views')),
  array['qzvxtest-01'],
  'the description matches too'
);
select is(
  array(select video_id from public.search_videos('qzvx deploys', 'views')),
  array['qzvxtest-02'],
  'full-text search finds other forms of a word (deploys -> deploying)'
);
select is(
  array(select video_id from public.search_videos('qzv angul rout', 'views')),
  array['qzvxtest-01'],
  'partial words match as prefixes, in any order'
);
select is(
  array(select video_id from public.search_videos('xscriptol', 'views')),
  array['qzvxtest-02'],
  'a fragment inside a word matches as a substring'
);
select is(
  array(select video_id from public.search_videos('%', 'views')),
  array(
    select video_id from public.videos where removed_at is null and strpos(title || description, '%') > 0
    order by view_count desc nulls last, published_at desc, video_id limit 12
  ),
  '% in the term is a literal character, not a wildcard'
);
select is(
  array(select video_id from public.search_videos('_', 'views')),
  array(
    select video_id from public.videos where removed_at is null and strpos(title || description, '_') > 0
    order by view_count desc nulls last, published_at desc, video_id limit 12
  ),
  '_ in the term is a literal character, not a wildcard'
);
select ok(
  'qzvxtest-04' = any (array(select video_id from public.search_videos('%', 'views'))),
  'a title with % is found by %'
);
select is_empty(
  $$ select video_id from public.search_videos('qzvx removed', 'views') $$,
  'a video removed from the channel is never found'
);

-- Visitors
set local role anon;
select is(
  array(select video_id from public.search_videos('Qzvx', 'views')),
  array['qzvxtest-01', 'qzvxtest-02', 'qzvxtest-03', 'qzvxtest-04'],
  'a visitor gets the same answer'
);
select is_empty(
  $$ select video_id from public.videos where video_id = 'qzvxtest-05' $$,
  'a visitor cannot read a removed video from the table either'
);
reset role;

-- Invalid input is refused by the server, not only by the page
select throws_ok(
  $$ select * from public.search_videos('', 'rating') $$,
  '22023',
  'sort must be views, trending or recent, not "rating"',
  'an unknown sort is refused'
);
select throws_ok(
  $$ select * from public.search_videos(repeat('a', 201), 'views') $$,
  '22001',
  'search_term is longer than 200 characters',
  'a term longer than 200 characters is refused'
);

select * from finish();
rollback;
