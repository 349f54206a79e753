-- Row-level security and privileges for anonymous visitors (the anon key): every table x select / insert / update /
-- delete. Content is readable; emails, contacts and analytics_events are closed (edge functions write them, with
-- rate limits, using the service role).
begin;
create extension if not exists pgtap with schema extensions;
select plan(34);

-- Fixtures, written as the owner before switching roles.
insert into public.projects (id, title, image_path, link_to_project)
  values ('00000000-0000-4000-8000-000000000001', 'RLS fixture project', 'projects/fixture.webp', 'https://example.com/p');
insert into public.courses (id, title, image_path, platform, link_to_course)
  values ('00000000-0000-4000-8000-000000000002', 'RLS fixture course', 'courses/fixture.webp', 'UDEMY', 'https://example.com/c');
insert into public.testimonials (id, person_name, platform, testimonial)
  values ('00000000-0000-4000-8000-000000000003', 'RLS Fixture', 'SKILLSHARE', 'Great course.');
insert into public.ads (id, title, image_path, link)
  values ('00000000-0000-4000-8000-000000000004', 'RLS fixture ad', 'ads/fixture.webp', 'https://example.com/a');
insert into public.videos (id, video_id, title, thumbnail_url, published_at)
  values ('00000000-0000-4000-8000-000000000005', 'rlsFixture1', 'RLS fixture video', 'videos/fixture.webp', now());
-- created in an earlier transaction, as every stored subscriber is
insert into public.emails (email, created_at) values ('stored.subscriber@example.com', now() - interval '1 day');
insert into public.contacts (full_name, email, subject, message)
  values ('Stored Sender', 'sender@example.com', 'Hello', 'A stored message.');
insert into public.analytics_events (name, route) values ('userInApp', '/');

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);

-- projects
select results_eq($$ select title from public.projects where id = '00000000-0000-4000-8000-000000000001' $$,
  $$ values ('RLS fixture project') $$, 'anon can read projects');
select throws_ok($$ insert into public.projects (title, image_path, link_to_project) values ('x', 'projects/x.webp', 'https://x.dev') $$,
  '42501', null, 'anon cannot insert projects');
select throws_ok($$ update public.projects set title = 'changed' $$, '42501', null, 'anon cannot update projects');
select throws_ok($$ delete from public.projects $$, '42501', null, 'anon cannot delete projects');

-- courses
select results_eq($$ select title from public.courses where id = '00000000-0000-4000-8000-000000000002' $$,
  $$ values ('RLS fixture course') $$, 'anon can read courses');
select throws_ok($$ insert into public.courses (title, image_path, platform, link_to_course) values ('x', 'courses/x.webp', 'UDEMY', 'https://x.dev') $$,
  '42501', null, 'anon cannot insert courses');
select throws_ok($$ update public.courses set title = 'changed' $$, '42501', null, 'anon cannot update courses');
select throws_ok($$ delete from public.courses $$, '42501', null, 'anon cannot delete courses');

-- testimonials
select results_eq($$ select person_name from public.testimonials where id = '00000000-0000-4000-8000-000000000003' $$,
  $$ values ('RLS Fixture') $$, 'anon can read testimonials');
select throws_ok($$ insert into public.testimonials (person_name, platform, testimonial) values ('x', 'UDEMY', 'x') $$,
  '42501', null, 'anon cannot insert testimonials');
select throws_ok($$ update public.testimonials set testimonial = 'changed' $$, '42501', null, 'anon cannot update testimonials');
select throws_ok($$ delete from public.testimonials $$, '42501', null, 'anon cannot delete testimonials');

-- ads
select results_eq($$ select title from public.ads where id = '00000000-0000-4000-8000-000000000004' $$,
  $$ values ('RLS fixture ad') $$, 'anon can read ads');
select throws_ok($$ insert into public.ads (title, image_path, link) values ('x', 'ads/x.webp', 'https://x.dev') $$,
  '42501', null, 'anon cannot insert ads');
select throws_ok($$ update public.ads set promo_percent = 99 $$, '42501', null, 'anon cannot update ads');
select throws_ok($$ delete from public.ads $$, '42501', null, 'anon cannot delete ads');

-- videos
select results_eq($$ select title from public.videos where id = '00000000-0000-4000-8000-000000000005' $$,
  $$ values ('RLS fixture video') $$, 'anon can read videos');
select throws_ok($$ insert into public.videos (video_id, title, thumbnail_url, published_at) values ('abcdefghijk', 'x', 'videos/x.webp', now()) $$,
  '42501', null, 'anon cannot insert videos');
select throws_ok($$ update public.videos set view_count = 1 $$, '42501', null, 'anon cannot update videos');
select throws_ok($$ delete from public.videos $$, '42501', null, 'anon cannot delete videos');

-- emails: nothing at all (the newsletter-subscribe function, with the service role and a rate limit, writes here)
select throws_ok($$ select email from public.emails $$, '42501', null, 'anon cannot read subscribers');
select throws_ok($$ insert into public.emails (email) values ('new.reader@example.com') $$,
  '42501', null, 'anon cannot subscribe directly (no limit could hold)');
select throws_ok($$ insert into public.emails (email) values ('stored.subscriber@example.com') on conflict (email) do nothing $$,
  '42501', null, 'anon cannot upsert, so an upsert cannot tell whether an address is subscribed');
select throws_ok($$ update public.emails set email = 'hijack@example.com' $$, '42501', null, 'anon cannot update emails');
select throws_ok($$ delete from public.emails $$, '42501', null, 'anon cannot delete emails');

-- contacts: nothing at all (only the contact function, with the service role, writes here)
select throws_ok($$ select * from public.contacts $$, '42501', null, 'anon cannot read contacts');
select throws_ok($$ insert into public.contacts (full_name, email, subject, message) values ('x', 'x@example.com', 'x', 'x') $$,
  '42501', null, 'anon cannot insert contacts');
select throws_ok($$ update public.contacts set message = 'changed' $$, '42501', null, 'anon cannot update contacts');
select throws_ok($$ delete from public.contacts $$, '42501', null, 'anon cannot delete contacts');

-- analytics_events: nothing at all (the analytics-events function, with a rate limit, writes here)
select throws_ok($$ select * from public.analytics_events $$, '42501', null, 'anon cannot read analytics events');
select throws_ok($$ insert into public.analytics_events (name, payload, route) values ('userSearchForProject', '{"searchTerm":"angular"}', '/portfolio') $$,
  '42501', null, 'anon cannot record an event directly (no limit could hold)');
select throws_ok($$ update public.analytics_events set route = '/changed' $$, '42501', null, 'anon cannot update analytics events');
select throws_ok($$ delete from public.analytics_events $$, '42501', null, 'anon cannot delete analytics events');

reset role;

select results_eq($$ select count(*)::int from public.emails where email = 'stored.subscriber@example.com' $$,
  $$ values (1) $$, 'the refused writes changed nothing');

select * from finish();
rollback;
