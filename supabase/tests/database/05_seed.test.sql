-- The seed gives every page something real to show: enough projects, courses, testimonials, ads and videos, with every
-- keyword chip of the portfolio and courses pages matching at least one row.
begin;
create extension if not exists pgtap with schema extensions;
select plan(17);

select cmp_ok((select count(*)::int from public.projects), '>=', 9, 'at least 9 projects');
select results_eq($$ select featured_rank::int from public.projects where featured_rank is not null order by 1 $$,
  $$ values (1), (2), (3) $$, 'exactly three featured projects, ranked 1 to 3');
select is_empty(
  $$ select chip from unnest(array['html', 'css', 'bootstrap', 'javascript', 'angular', 'nest.js', 'statamic', 'websockets']) chip
     where not exists (select 1 from public.projects where chip = any (keywords)) $$,
  'every portfolio chip matches a project');

select is((select count(*)::int from public.courses), 8, '8 courses');
select set_eq($$ select distinct platform::text from public.courses $$, array['UDEMY', 'SKILLSHARE'],
  'courses come from Udemy and Skillshare');
select is_empty(
  $$ select chip from unnest(array['html', 'css', 'bootstrap', 'javascript', 'typescript', 'angular', 'nodejs', 'expressjs',
                                   'nestjs', 'firebase', 'mongodb', 'heroku', 'github', 'postman']) chip
     where not exists (select 1 from public.courses where chip = any (keywords)) $$,
  'every course chip matches a course');

select is((select count(*)::int from public.testimonials), 6, '6 testimonials');
select cmp_ok((select count(*)::int from public.testimonials where person_image is null), '>=', 1,
  'some testimonials have no photo (default icon)');

select is((select count(*)::int from public.ads), 3, '3 ads');
select is((select count(*)::int from public.ads where promo_percent is null), 1, 'one ad has no promo');

select is((select count(*)::int from public.videos), 24, '24 videos');
select cmp_ok((select count(*)::int from public.videos where description = ''), '>=', 2, 'some videos have no description');
select is((select count(*)::int from public.videos where view_count is null and like_count is null), 1,
  'one video has hidden counts');
select cmp_ok((select max(published_at) - min(published_at) from public.videos), '>=', interval '700 days',
  'videos span about two years');
select cmp_ok((select sum(view_count)::bigint from public.videos), '>=', 210000::bigint,
  'the views add up to the teaser''s 210000+');

select is_empty(
  $$ select image_path from public.projects where image_path !~ '^projects/[a-z0-9-]+\.webp$'
     union all select image_path from public.courses where image_path !~ '^courses/[a-z0-9-]+\.webp$'
     union all select image_path from public.ads where image_path !~ '^ads/[a-z0-9-]+\.webp$'
     union all select person_image from public.testimonials where person_image !~ '^testimonials/[a-z0-9-]+\.webp$'
     union all select thumbnail_url from public.videos where thumbnail_url <> 'videos/' || video_id || '.webp' $$,
  'seeded images are storage paths in the content bucket');
select is_empty($$ select email from public.emails union all select email from public.contacts $$,
  'the seed holds no personal data');

select * from finish();
rollback;
