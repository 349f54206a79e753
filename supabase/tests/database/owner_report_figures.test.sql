-- The owner's report figures (migration 20261127160000): the settings, weeks in the owner's time zone (daylight saving
-- time included), each figure of a period against the period before, the top lists, the messages, the JSON the mail is
-- written from, and the views of the last week; the owner and the service role read them, visitors nothing.
begin;
create extension if not exists pgtap with schema extensions;
select plan(42);

-- Settings: one row, Monday 08:00 UTC by default.
select results_eq($$ select send_day, send_hour, time_zone, enabled from public.owner_report_settings $$,
  $$ values (1::smallint, 8::smallint, 'UTC'::text, true) $$, 'one settings row: Monday 08:00 UTC, enabled');
select throws_ok($$ insert into public.owner_report_settings (id) values (false) $$, '23514', null,
  'there is no second settings row');
select throws_ok($$ update public.owner_report_settings set time_zone = 'Europe/Lisbonn' $$, '22023', null,
  'an unknown time zone is refused');
select throws_ok($$ update public.owner_report_settings set send_day = 8 $$, '23514', null, 'days are 1-7');
select throws_ok($$ update public.owner_report_settings set send_hour = 24 $$, '23514', null, 'hours are 0-23');
select results_eq($$ select relrowsecurity from pg_class where oid = 'public.owner_report_settings'::regclass $$,
  $$ values (true) $$, 'the settings have row-level security');

-- Weeks, in Berlin: summer time began on Sunday 29 March 2026 at 02:00, so the week of 23-29 March is 167 hours long.
update public.owner_report_settings set time_zone = 'Europe/Berlin';
select results_eq(
  $$ select starts_at, ends_at, due_at, week_starts_on from public.owner_report_week('2026-03-30 10:00+00') $$,
  $$ values ('2026-03-22 23:00+00'::timestamptz, '2026-03-29 22:00+00'::timestamptz,
             '2026-03-30 06:00+00'::timestamptz, '2026-03-23'::date) $$,
  'the last week ends at local midnight starting Monday, and its report is due at 08:00 local (summer time)');
select results_eq(
  $$ select starts_at, due_at from public.owner_report_week('2026-03-30 05:59+00') $$,
  $$ values ('2026-03-22 23:00+00'::timestamptz, '2026-03-30 06:00+00'::timestamptz) $$,
  'on Monday before 08:00 the week is the same, its report not yet due');
select results_eq(
  $$ select starts_at, ends_at from public.owner_report_week('2026-03-29 21:59+00') $$,
  $$ values ('2026-03-15 23:00+00'::timestamptz, '2026-03-22 23:00+00'::timestamptz) $$,
  'on Sunday night the last full week is the one before');
update public.owner_report_settings set send_day = 5, send_hour = 17, time_zone = 'America/New_York';
select results_eq(
  $$ select starts_at, ends_at, due_at from public.owner_report_week('2026-11-27 23:00+00') $$,
  $$ values ('2026-11-20 05:00+00'::timestamptz, '2026-11-27 05:00+00'::timestamptz,
             '2026-11-27 22:00+00'::timestamptz) $$,
  'a report on Friday at 17:00 in New York covers Friday to Thursday there');
update public.owner_report_settings set send_day = 1, send_hour = 8, time_zone = 'Europe/Lisbon';

-- Periods: the one before has the same local length.
select results_eq(
  $$ select previous_starts_at, time_zone from public.owner_report_period('2026-03-30 00:00+01', '2026-04-06 00:00+01') $$,
  $$ values ('2026-03-23 00:00+00'::timestamptz, 'Europe/Lisbon'::text) $$,
  'the week before a summer-time week starts seven local days earlier (in the settings'' zone)');
select throws_ok($$ select * from public.owner_report_period('2026-03-02', '2026-03-01') $$, '22023', null,
  'a reversed period is refused');
select throws_ok($$ select * from public.owner_report_period('2025-01-01', '2026-03-01') $$, '22023', null,
  'a period over a year is refused');
select throws_ok($$ select * from public.owner_report_period('2026-03-01', '2026-03-02', 'Mars/Olympus') $$, '22023',
  null, 'an unknown zone is refused');

-- Known events: the week of Monday 2 March 2026 in Lisbon (UTC+0 then) and the week before. A visit is a page view
-- that begins one (each of another visitor here: 20261122000600_owner_report.sql); titles are the catalogue's.
delete from public.analytics_events;
delete from public.contacts;
delete from public.page_views;
insert into public.page_views (viewed_at, day, path, device, visitor, network)
  select at, at::date, '/', 'desktop', md5(at::text) || md5(at::text), md5(at::text) || md5(at::text)
    from unnest(array['2026-03-02 00:00:00+00', '2026-03-02 23:59:59+00', '2026-03-04 10:00:00+00',
                      '2026-03-08 23:59:59+00', '2026-03-09 00:00:00+00', '2026-02-24 12:00:00+00']::timestamptz[]) at;
insert into public.projects (title, description, image_path, keywords, link_to_project) values
  ('Task Board', 'A board.', 'projects/task-board.webp', '{kanban}', 'https://example.com/board');
insert into public.courses (title, description, image_path, platform, keywords, link_to_course) values
  ('Angular from scratch', 'A course.', 'courses/angular.webp', 'UDEMY', '{angular}', 'https://example.com/course');
insert into public.videos (video_id, title, description, thumbnail_url, published_at) values
  ('sigANGULAR1', 'Signals in Angular', 'A video.', 'videos/sig.webp', '2026-02-01 10:00:00+00');
insert into public.ads (title, description, image_path, link) values
  ('Bundle', 'All courses.', 'ads/bundle.webp', 'https://example.com/bundle'),
  ('Course', 'One course.', 'ads/course.webp', 'https://example.com/one');
insert into public.analytics_events (name, payload, route, created_at) values
  ('userInApp', '{}', '/', '2026-03-02 00:00:00+00'),
  ('userInApp', '{}', '/about', '2026-03-02 23:59:59+00'),
  ('userInApp', '{}', '/', '2026-03-04 10:00:00+00'),
  ('userInApp', '{}', '/', '2026-03-08 23:59:59+00'),
  ('userInApp', '{}', '/', '2026-03-09 00:00:00+00'),
  ('userInApp', '{}', '/', '2026-02-24 12:00:00+00'),
  ('userRoutes', '{"route":"/courses"}', '/', '2026-03-03 09:00:00+00'),
  ('userRoutes', '{"route":"/courses"}', '/', '2026-03-03 09:10:00+00'),
  ('userRoutes', '{"route":"/about"}', '/', '2026-03-03 09:20:00+00'),
  ('userRoutes', '{"route":"/about"}', '/', '2026-02-25 09:20:00+00'),
  ('userRoutesFromFooter', '{"route":"/help/privacy-policy"}', '/', '2026-03-05 09:00:00+00'),
  ('userSearchForCourse', '{"searchTerm":"Rust","resultCount":0}', '/courses', '2026-03-03 10:00:00+00'),
  ('userSearchForCourse', '{"searchTerm":" rust ","resultCount":0}', '/courses', '2026-03-04 10:00:00+00'),
  ('userSearchForCourse', '{"searchTerm":"angular","resultCount":3}', '/courses', '2026-03-04 11:00:00+00'),
  ('userSearchForCourse', '{"searchTerm":"rust","resultCount":0}', '/courses', '2026-02-26 10:00:00+00'),
  ('userSearchForTutorial', '{"searchTerm":"","resultCount":12}', '/tutorials', '2026-03-04 12:00:00+00'),
  ('userSearchForTutorial', '{"searchTerm":"cobol","resultCount":0}', '/tutorials', '2026-03-04 12:01:00+00'),
  ('userSearchForProject', '{"searchTerm":"kanban"}', '/portfolio', '2026-03-04 12:02:00+00'),
  ('userSearchForProject', '{"searchTerm":"wallet","resultCount":1}', '/portfolio', '2026-03-04 12:03:00+00'),
  ('userViewsTheProject', '{"projectTitle":"Task Board"}', '/portfolio', '2026-03-05 08:00:00+00'),
  ('userViewsACourse', '{"courseTitle":"Angular from scratch"}', '/courses', '2026-03-05 08:00:00+00'),
  ('userPlaysATutorial', '{"tutorialTitle":"Signals in Angular"}', '/tutorials', '2026-03-05 08:00:00+00'),
  ('userPlaysATutorial', '{"tutorialTitle":"Signals in Angular"}', '/tutorials', '2026-03-06 08:00:00+00'),
  ('userViewsAllTutorials', '{}', '/tutorials', '2026-03-06 08:00:00+00'),
  ('userViewsCV', '{}', '/about', '2026-03-06 09:00:00+00'),
  ('userClicksOnAd', '{"adTitle":"Bundle"}', '/', '2026-03-06 10:00:00+00'),
  ('userClicksOnAd', '{"adTitle":"Bundle"}', '/', '2026-03-07 10:00:00+00'),
  ('userClicksOnAd', '{"adTitle":"Course"}', '/', '2026-03-07 11:00:00+00'),
  ('userCancelNewsletterPopup', '{}', '/', '2026-03-07 12:00:00+00');
insert into public.contacts (full_name, email, subject, message, created_at) values
  ('Ana Silva', 'ana@example.com', 'A project in March', 'Hello', '2026-03-05 15:00:00+00'),
  ('Old Friend', 'old@example.com', 'Last week', 'Hello', '2026-02-27 15:00:00+00');
insert into public.emails (email, status, confirmed_at, created_at) values
  ('new.one@example.com', 'confirmed', '2026-03-03 10:00:00+00', '2026-03-03 09:00:00+00'),
  ('new.two@example.com', 'confirmed', '2026-03-05 10:00:00+00', '2026-03-05 09:00:00+00');
insert into public.emails (email, status, confirmed_at, unsubscribed_at) values
  ('gone@example.com', 'unsubscribed', '2026-01-05 10:00:00+00', '2026-03-06 10:00:00+00');
-- A bounce and a complaint that week (an address added by hand is neither), a bounce the week before.
insert into public.mail_suppressions (email, reason, created_at) values
  ('bounced@example.com', 'bounce', '2026-03-03 10:00:00+00'),
  ('annoyed@example.com', 'complaint', '2026-03-04 10:00:00+00'),
  ('by.hand@example.com', 'manual', '2026-03-04 11:00:00+00'),
  ('earlier@example.com', 'bounce', '2026-02-25 10:00:00+00');
-- An issue sent that week, one sent the week after (the sender alone sets sent: its trigger is left out here).
alter table public.newsletter_issues disable trigger user;
insert into public.newsletter_issues (subject, slug, status, sent_at) values
  ('March news', 'march-news', 'sent', '2026-03-05 09:00:00+00'),
  ('Later news', 'later-news', 'sent', '2026-03-10 09:00:00+00');
alter table public.newsletter_issues enable trigger user;

select results_eq(
  $$ select day, visits from public.owner_report_visits_per_day('2026-03-02 00:00+00', '2026-03-09 00:00+00') $$,
  $$ values ('2026-03-02'::date, 2::bigint), ('2026-03-03'::date, 0::bigint), ('2026-03-04'::date, 1::bigint),
            ('2026-03-05'::date, 0::bigint), ('2026-03-06'::date, 0::bigint), ('2026-03-07'::date, 0::bigint),
            ('2026-03-08'::date, 1::bigint) $$,
  'visits per local day, every day of the week, none lost at midnight');
select results_eq(
  $$ select day, visits from public.owner_report_visits_per_day('2026-03-02 00:00+00', '2026-03-09 00:00+00', 'Asia/Tokyo') $$,
  $$ values ('2026-03-02'::date, 1::bigint), ('2026-03-03'::date, 1::bigint), ('2026-03-04'::date, 1::bigint),
            ('2026-03-05'::date, 0::bigint), ('2026-03-06'::date, 0::bigint), ('2026-03-07'::date, 0::bigint),
            ('2026-03-08'::date, 0::bigint), ('2026-03-09'::date, 1::bigint) $$,
  'another zone: its own days, the first and last partial');

create temporary table week_counts on commit drop as
  select * from public.owner_report_counts('2026-03-02 00:00+00', '2026-03-09 00:00+00');
select results_eq($$ select figure, count, previous_count from week_counts $$,
  $$ values ('visitors', 4::bigint, 1::bigint), ('pageviews', 4::bigint, 1::bigint), ('visits', 4::bigint, 1::bigint),
            ('single_page_visits', 4::bigint, 1::bigint), ('pages_not_found', 0::bigint, 0::bigint),
            ('navbar_clicks', 3::bigint, 1::bigint),
            ('footer_clicks', 1::bigint, 0::bigint), ('project_searches', 2::bigint, 0::bigint),
            ('tutorial_searches', 1::bigint, 0::bigint), ('course_searches', 3::bigint, 1::bigint),
            ('searches_without_results', 3::bigint, 1::bigint), ('projects_opened', 1::bigint, 0::bigint),
            ('courses_opened', 1::bigint, 0::bigint), ('tutorials_played', 2::bigint, 0::bigint),
            ('channel_visits', 1::bigint, 0::bigint), ('resume_views', 1::bigint, 0::bigint),
            ('ad_clicks', 3::bigint, 0::bigint), ('popup_dismissals', 1::bigint, 0::bigint),
            ('newsletter_signups', 0::bigint, 0::bigint), ('new_subscribers', 2::bigint, 0::bigint), ('unsubscribes', 1::bigint, 0::bigint),
            ('bounces_and_complaints', 2::bigint, 1::bigint), ('issues_sent', 1::bigint, 0::bigint),
            ('contact_messages', 1::bigint, 1::bigint) $$,
  'every figure of the week against the week before, in a fixed order');
select results_eq(
  $$ select count, previous_count from public.owner_report_counts('2026-05-04', '2026-05-11') where figure = 'visits' $$,
  $$ values (0::bigint, 0::bigint) $$, 'a week with no events has every figure, at 0');

select results_eq(
  $$ select list, rank, item, count, previous_count
       from public.owner_report_top('2026-03-02 00:00+00', '2026-03-09 00:00+00') $$,
  $$ values ('ad_clicks', 1, 'Bundle', 2::bigint, 0::bigint), ('ad_clicks', 2, 'Course', 1::bigint, 0::bigint),
            ('course_searches', 1, 'rust', 2::bigint, 1::bigint), ('course_searches', 2, 'angular', 1::bigint, 0::bigint),
            ('course_searches_without_results', 1, 'rust', 2::bigint, 1::bigint),
            ('courses_opened', 1, 'Angular from scratch', 1::bigint, 0::bigint),
            ('footer_pages', 1, '/help/privacy-policy', 1::bigint, 0::bigint),
            ('navbar_pages', 1, '/courses', 2::bigint, 0::bigint), ('navbar_pages', 2, '/about', 1::bigint, 1::bigint),
            ('project_searches', 1, 'kanban', 1::bigint, 0::bigint), ('project_searches', 2, 'wallet', 1::bigint, 0::bigint),
            ('projects_opened', 1, 'Task Board', 1::bigint, 0::bigint),
            ('top_pages', 1, '/', 4::bigint, 1::bigint),
            ('tutorial_searches', 1, 'cobol', 1::bigint, 0::bigint),
            ('tutorial_searches_without_results', 1, 'cobol', 1::bigint, 0::bigint),
            ('tutorials_played', 1, 'Signals in Angular', 2::bigint, 0::bigint) $$,
  'the top of each list: terms in lower case, a cleared search and a search with no count found nothing');
select results_eq(
  $$ select count(*)::int from public.owner_report_top('2026-03-02 00:00+00', '2026-03-09 00:00+00', null, 1) $$,
  $$ values (12) $$, 'at most p_limit items a list');
select results_eq(
  $$ select full_name, email, subject from public.owner_report_messages('2026-03-02 00:00+00', '2026-03-09 00:00+00') $$,
  $$ values ('Ana Silva'::text, 'ana@example.com'::text, 'A project in March'::text) $$,
  'the week''s contact messages');

-- The JSON the mail is written from holds the same figures.
create temporary table week_json on commit drop as
  select public.owner_report_figures('2026-03-02 00:00+00', '2026-03-09 00:00+00') as figures;
select results_eq(
  $$ select c.key, (c.value ->> 'count')::bigint, (c.value ->> 'previous_count')::bigint
       from week_json, jsonb_each(figures -> 'counts') c order by c.key $$,
  $$ select figure, count, previous_count from week_counts order by figure $$,
  'the report''s counts are the function''s');
select results_eq(
  $$ select (d ->> 'day')::date, (d ->> 'visits')::bigint from week_json, jsonb_array_elements(figures -> 'visits_per_day') d $$,
  $$ select day, visits from public.owner_report_visits_per_day('2026-03-02 00:00+00', '2026-03-09 00:00+00') $$,
  'its visits per day are the function''s');
select results_eq(
  $$ select l.key, i ->> 'item', (i ->> 'count')::bigint
       from week_json, jsonb_each(figures -> 'top') l, jsonb_array_elements(l.value) i order by 1, 3 desc, 2 $$,
  $$ select list, item, count from public.owner_report_top('2026-03-02 00:00+00', '2026-03-09 00:00+00')
       order by 1, 3 desc, 2 $$,
  'its top lists are the function''s');
select results_eq(
  $$ select figures #>> '{messages,0,subject}', figures #>> '{period,time_zone}' from week_json $$,
  $$ values ('A project in March'::text, 'Europe/Lisbon'::text) $$, 'its messages and period');
select results_eq(
  $$ select jsonb_array_length(public.owner_report_figures('2026-03-02', '2026-03-09', null, 0) -> 'messages') $$,
  $$ values (0) $$, 'the messages listed are bounded');

-- The views: the last full week, as the settings say.
select has_view('public', 'owner_report_week_visits_per_day', 'the week''s visits per day view exists');
select has_view('public', 'owner_report_week_counts', 'the week''s figures view exists');
select has_view('public', 'owner_report_week_top', 'the week''s top lists view exists');
select has_view('public', 'owner_report_week_messages', 'the week''s messages view exists');
select ok(
  (select bool_and('security_invoker=true' = any (reloptions)) from pg_class
    where oid in ('public.owner_report_week_visits_per_day'::regclass, 'public.owner_report_week_counts'::regclass,
                  'public.owner_report_week_top'::regclass, 'public.owner_report_week_messages'::regclass)),
  'every view runs with the reader''s rights (security invoker)');
insert into public.page_views (viewed_at, day, path, device, visitor, network)
  select w.starts_at + interval '1 hour', w.week_starts_on, '/', 'desktop', repeat('a', 64), repeat('a', 64)
    from public.owner_report_week() w;
select results_eq(
  $$ select sum(visits)::int, count(*)::int from public.owner_report_week_visits_per_day $$,
  $$ values (1, 7) $$, 'the week''s view has its seven days, and the visit in it');
select results_eq(
  $$ select count from public.owner_report_week_counts where figure = 'visits' $$,
  $$ select count from public.owner_report_week() w, public.owner_report_counts(w.starts_at, w.ends_at) c
       where c.figure = 'visits' $$,
  'the week''s figures are those of owner_report_week()');

set local role service_role;
select lives_ok($$ select * from public.owner_report_week_counts $$, 'the service role reads the figures');
select lives_ok($$ select public.owner_report_figures(now() - interval '7 days', now()) $$,
  'and calls the report''s functions');
select lives_ok($$ update public.owner_report_settings set send_hour = 9 $$, 'and changes the settings');
reset role;

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok($$ select * from public.owner_report_week_counts $$, '42501', null, 'anon cannot read the figures');
select throws_ok($$ select * from public.owner_report_week_messages $$, '42501', null, 'nor the messages');
select throws_ok($$ select * from public.owner_report_counts(now() - interval '7 days', now()) $$, '42501', null,
  'nor call the functions');
select throws_ok($$ select * from public.owner_report_settings $$, '42501', null, 'nor read the settings');
reset role;

set local role authenticated;
select throws_ok($$ select * from public.owner_report_week_top $$, '42501', null, 'authenticated cannot read the figures');
select throws_ok($$ select public.owner_report_figures(now() - interval '7 days', now()) $$, '42501', null,
  'nor call the functions');
reset role;

select * from finish();
rollback;
