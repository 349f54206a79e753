-- Constraints that hold whoever writes: the spec §5 e-mail pattern, case-insensitive uniqueness, length bounds on every
-- free-text column, the enum, the analytics event names, ranges, lower-case keywords, link and path formats.
begin;
create extension if not exists pgtap with schema extensions;
select plan(66);

-- e-mail pattern (spec §5): word characters with optional . or - separators, @, a domain, a 2-3 letter suffix
select lives_ok(format('insert into public.emails (email) values (%L)', e), 'accepts ' || e)
  from unnest(array['ana@example.com', 'ana.silva@example.pt', 'ana-silva_1@mail.example.co.uk', 'A.B-C@X-Y.ORG']) e;
select throws_ok(format('insert into public.emails (email) values (%L)', e), '23514', null, 'rejects ' || e)
  from unnest(array['plain', 'ana@', '@example.com', 'ana@example', 'ana@example.c', 'ana@example.info',
                    'ana..silva@example.com', 'ana silva@example.com', 'ana@exa mple.com', '.ana@example.com',
                    'ana@example.c0m', '']) e;
select throws_ok(format('insert into public.emails (email) values (%L)', repeat('a', 250) || '@x.io'),
  '23514', null, 'rejects an address longer than 254 characters');

-- unique case-insensitively, stored lower-cased and trimmed
insert into public.emails (email) values ('  Reader@Example.COM ');
select results_eq($$ select email from public.emails where email like 'reader@%' $$,
  $$ values ('reader@example.com') $$, 'addresses are stored trimmed and lower-cased');
select throws_ok($$ insert into public.emails (email) values ('READER@example.com') $$, '23505', null,
  'the same address in another case is a duplicate');
select lives_ok($$ insert into public.emails (email) values ('reader@EXAMPLE.com') on conflict (email) do nothing $$,
  'upsert with ignore-duplicates accepts the same address again');
select results_eq($$ select count(*)::int from public.emails where email = 'reader@example.com' $$, $$ values (1) $$,
  'and keeps one row');

-- enum
select throws_ok($$ insert into public.courses (title, image_path, platform, link_to_course)
  values ('x', 'courses/x.webp', 'COURSERA', 'https://example.com') $$, '22P02', null, 'unknown course platform is refused');

-- analytics names (spec §9), payload object and size, route length
select lives_ok(format('insert into public.analytics_events (name) values (%L)', n), 'accepts event ' || n)
  from unnest(array['userInApp', 'userRoutes', 'userRoutesFromFooter', 'userCancelNewsletterPopup', 'userViewsCV',
                    'userSearchForProject', 'userViewsTheProject', 'userSearchForTutorial', 'userPlaysATutorial',
                    'userViewsAllTutorials', 'userSearchForCourse', 'userViewsACourse', 'userClicksOnAd']) n;
select throws_ok($$ insert into public.analytics_events (name) values ('userHacks') $$, '23514', null, 'refuses an unknown event name');
select throws_ok($$ insert into public.analytics_events (name, payload) values ('userInApp', '[1,2]') $$, '23514', null,
  'refuses a payload that is not an object');
select throws_ok(format('insert into public.analytics_events (name, payload) values (%L, %L)', 'userInApp',
  jsonb_build_object('blob', repeat('x', 4000))), '23514', null, 'refuses a payload over 2 KB');
select throws_ok(format('insert into public.analytics_events (name, route) values (%L, %L)', 'userRoutes', '/' || repeat('a', 2048)),
  '23514', null, 'refuses a route over 2048 characters');

-- length bounds on free text
select throws_ok(format('insert into public.projects (title, image_path, link_to_project) values (%L, %L, %L)',
  repeat('t', 121), 'projects/x.webp', 'https://example.com'), '23514', null, 'project title is at most 120 characters');
select throws_ok(format('insert into public.projects (title, description, image_path, link_to_project) values (%L, %L, %L, %L)',
  'x', repeat('d', 2001), 'projects/x.webp', 'https://example.com'), '23514', null, 'project description is at most 2000 characters');
select throws_ok($$ insert into public.projects (title, image_path, link_to_project) values ('   ', 'projects/x.webp', 'https://example.com') $$,
  '23514', null, 'project title cannot be blank');
select throws_ok(format('insert into public.courses (title, description, image_path, platform, link_to_course) values (%L, %L, %L, %L, %L)',
  'x', repeat('d', 2001), 'courses/x.webp', 'UDEMY', 'https://example.com'), '23514', null, 'course description is at most 2000 characters');
select throws_ok(format('insert into public.testimonials (person_name, platform, testimonial) values (%L, %L, %L)',
  'x', 'UDEMY', repeat('t', 1001)), '23514', null, 'testimonial is at most 1000 characters');
select throws_ok(format('insert into public.testimonials (person_name, platform, testimonial) values (%L, %L, %L)',
  repeat('n', 101), 'UDEMY', 'x'), '23514', null, 'person name is at most 100 characters');
select throws_ok(format('insert into public.ads (title, description, image_path, link) values (%L, %L, %L, %L)',
  'x', repeat('d', 301), 'ads/x.webp', 'https://example.com'), '23514', null, 'ad description is at most 300 characters');
select throws_ok(format('insert into public.videos (video_id, title, description, thumbnail_url, published_at) values (%L, %L, %L, %L, now())',
  'abcdefghijk', 'x', repeat('d', 5001), 'videos/x.webp'), '23514', null, 'video description is at most 5000 characters');
select throws_ok(format('insert into public.contacts (full_name, email, subject, message) values (%L, %L, %L, %L)',
  'x', 'x@example.com', 'x', repeat('m', 5001)), '23514', null, 'contact message is at most 5000 characters');
select throws_ok(format('insert into public.contacts (full_name, email, subject, message) values (%L, %L, %L, %L)',
  'x', 'x@example.com', repeat('s', 201), 'x'), '23514', null, 'contact subject is at most 200 characters');
select throws_ok($$ insert into public.contacts (full_name, email, subject, message) values ('x', 'not-an-email', 'x', 'x') $$,
  '23514', null, 'contact email must look like an address');
select throws_ok($$ insert into public.contacts (full_name, email, subject, message, recaptcha_score) values ('x', 'x@example.com', 'x', 'x', 1.5) $$,
  '23514', null, 'recaptcha score is between 0 and 1');

-- ranges
select throws_ok($$ insert into public.ads (title, image_path, link, promo_percent) values ('x', 'ads/x.webp', 'https://example.com', 0) $$,
  '23514', null, 'promo_percent 0 is refused');
select throws_ok($$ insert into public.ads (title, image_path, link, promo_percent) values ('x', 'ads/x.webp', 'https://example.com', 101) $$,
  '23514', null, 'promo_percent 101 is refused');
select lives_ok($$ insert into public.ads (title, image_path, link, promo_percent) values ('x', 'ads/x.webp', 'https://example.com', 100) $$,
  'promo_percent 100 is accepted');
select throws_ok($$ insert into public.projects (title, image_path, link_to_project, featured_rank) values ('x', 'projects/x.webp', 'https://example.com', 4) $$,
  '23514', null, 'featured_rank is 1 to 3');
select throws_ok($$ insert into public.videos (video_id, title, thumbnail_url, published_at, view_count) values ('abcdefghijk', 'x', 'videos/x.webp', now(), -1) $$,
  '23514', null, 'view_count cannot be negative');

-- keywords are lower-case, non-empty, bounded
select throws_ok($$ insert into public.projects (title, image_path, link_to_project, keywords) values ('x', 'projects/x.webp', 'https://example.com', '{HTML,css}') $$,
  '23514', null, 'upper-case project keywords are refused');
select throws_ok($$ insert into public.courses (title, image_path, platform, link_to_course, keywords) values ('x', 'courses/x.webp', 'UDEMY', 'https://example.com', '{NodeJS}') $$,
  '23514', null, 'upper-case course keywords are refused');
select throws_ok($$ insert into public.projects (title, image_path, link_to_project, keywords) values ('x', 'projects/x.webp', 'https://example.com', '{html,""}') $$,
  '23514', null, 'empty keywords are refused');
select throws_ok($$ insert into public.projects (title, image_path, link_to_project, keywords) values ('x', 'projects/x.webp', 'https://example.com', '{html,NULL}') $$,
  '23514', null, 'null keywords are refused');

-- links and paths
select throws_ok($$ insert into public.projects (title, image_path, link_to_project) values ('x', 'projects/x.webp', 'javascript:alert(1)') $$,
  '23514', null, 'a project link must be http(s)');
select throws_ok($$ insert into public.ads (title, image_path, link) values ('x', 'ads/x.webp', 'ftp://example.com') $$,
  '23514', null, 'an ad link must be http(s)');
select throws_ok($$ insert into public.projects (title, image_path, link_to_project) values ('x', '../secrets.webp', 'https://example.com') $$,
  '23514', null, 'an image path cannot climb out of the bucket');
select throws_ok($$ insert into public.testimonials (person_name, person_image, platform, testimonial) values ('x', 'http://example.com/a.png', 'UDEMY', 'x') $$,
  '23514', null, 'a person image URL must be https');

-- YouTube ids
select throws_ok($$ insert into public.videos (video_id, title, thumbnail_url, published_at) values ('short', 'x', 'videos/x.webp', now()) $$,
  '23514', null, 'a video id has 11 characters');
select throws_ok($$ insert into public.videos (video_id, title, thumbnail_url, published_at) values ('abc$efghijk', 'x', 'videos/x.webp', now()) $$,
  '23514', null, 'a video id uses the YouTube alphabet');

select * from finish();
rollback;
