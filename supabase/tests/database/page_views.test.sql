-- Page views and visitors without cookies (20261122000600_owner_report): a path is a route of the site or 'other', a
-- visitor is a hash of the day's salt, the client and its user agent (two browsers behind one address are two
-- visitors, one browser on two days two), the salt is destroyed once its day is over, nothing stored is the address
-- or the agent; the report's figures from the page views (visitors, page views, visits, pages per visit, one-page
-- visits, top pages, sources, campaigns, spikes), and a flood of invented paths and sources from one client changes
-- none of its lists. Visitors neither read nor write any of it.
begin;
create extension if not exists pgtap with schema extensions;
select plan(31);

select ok((select relrowsecurity from pg_class where oid = 'public.page_views'::regclass), 'page_views has RLS');
select ok((select relrowsecurity from pg_class where oid = 'private.visitor_salts'::regclass), 'the salts have RLS');
select ok((select relrowsecurity from pg_class where oid = 'public.site_routes'::regclass), 'site_routes has RLS');

-- Routes.
select is(public.site_route('/about'), '/about', 'a page of the site is its route');
select is(public.site_route('/account-suspended-see-evil.example'), 'other', 'any other path is other');
alter table public.newsletter_issues disable trigger user;
insert into public.newsletter_issues (subject, slug, status, sent_at) values
  ('Sent', 'sent-one', 'sent', now()), ('Draft', 'a-draft', 'draft', null);
alter table public.newsletter_issues enable trigger user;
select is(public.site_route('/newsletter/issues/sent-one'), '/newsletter/issues/sent-one', 'a sent issue''s page');
select is(public.site_route('/newsletter/issues/a-draft'), 'other', 'a draft''s is no page');

-- Visitors: one address, two browsers; the same browser again the same day.
delete from public.page_views;
delete from private.visitor_salts;
set local role service_role;
select is(public.record_page_view('/courses', 'news.example', 'newsletter', 'email', 'december', 'desktop',
                                  '203.0.113.7', '203.0.113.7', 'Firefox/1'), '/courses', 'the service role counts a view');
select public.record_page_view('/about', null, null, null, null, 'desktop', '203.0.113.7', '203.0.113.7', 'Firefox/1');
select public.record_page_view('/about', null, null, null, null, 'mobile', '203.0.113.7', '203.0.113.7', 'Safari/2');
select public.record_page_view('/nowhere', null, null, null, null, 'desktop', '203.0.113.7', '203.0.113.7', 'Safari/2');
reset role;
select results_eq($$ select count(distinct visitor)::int, count(distinct network)::int, count(*)::int from public.page_views $$,
  $$ values (2, 1, 4) $$, 'two browsers behind one address are two visitors of one network');
select results_eq($$ select path from public.page_views order by id $$,
  $$ values ('/courses'), ('/about'), ('/about'), ('other') $$, 'unknown paths are counted as other');
select is((select count(*)::int from public.page_views
            where concat_ws(' ', path, source, utm_source, utm_medium, utm_campaign, device, visitor, network)
              ~* '203\.0\.113\.7|firefox|safari'), 0, 'neither the address nor the user agent is stored');
select is((select count(*)::int from private.visitor_salts), 1, 'one salt for the day');

-- The next day: yesterday's salt is destroyed, and the same browser is a new visitor.
create temporary table yesterday on commit drop as select visitor from public.page_views where path = '/courses';
update private.visitor_salts set day = day - 1;
update public.page_views set day = day - 1, viewed_at = viewed_at - interval '1 day';
select is(public.rotate_visitor_salts(), 1, 'the salt of a day that is over is destroyed');
select is((select count(*)::int from private.visitor_salts), 0, 'no salt of a past day is left');
select public.record_page_view('/courses', null, null, null, null, 'desktop', '203.0.113.7', '203.0.113.7', 'Firefox/1');
select isnt((select visitor from public.page_views where viewed_at > now() - interval '1 hour'),
  (select visitor from yesterday), 'one visitor on two days is two visitors');

-- The table's checks.
select throws_ok($$ insert into public.page_views (day, path, source, device, visitor, network)
  values (current_date, '/', 'Account suspended, see evil.example', 'desktop', repeat('a', 64), repeat('a', 64)) $$,
  '23514', null, 'a source is a host name');
select throws_ok($$ insert into public.page_views (day, path, utm_campaign, device, visitor, network)
  values (current_date, '/', 'Visit evil.example now', 'desktop', repeat('a', 64), repeat('a', 64)) $$,
  '23514', null, 'a campaign is a short token');

-- A seeded week (Lisbon, Monday 2 March 2026) and the week before: three visitors of three networks from one source,
-- a visit of three pages, one of two page views 40 minutes apart (two visits).
update public.owner_report_settings set time_zone = 'Europe/Lisbon';
delete from public.page_views;
insert into public.page_views (viewed_at, day, path, source, utm_campaign, device, visitor, network) values
  ('2026-03-03 10:00+00', '2026-03-03', '/', 'news.example', 'december', 'desktop', repeat('1', 64), repeat('a', 64)),
  ('2026-03-03 10:01+00', '2026-03-03', '/about', null, null, 'desktop', repeat('1', 64), repeat('a', 64)),
  ('2026-03-03 10:02+00', '2026-03-03', '/courses', null, null, 'desktop', repeat('1', 64), repeat('a', 64)),
  ('2026-03-03 11:00+00', '2026-03-03', '/', 'news.example', 'december', 'mobile', repeat('2', 64), repeat('b', 64)),
  ('2026-03-04 11:00+00', '2026-03-04', '/courses', 'news.example', null, 'tablet', repeat('3', 64), repeat('c', 64)),
  ('2026-03-05 09:00+00', '2026-03-05', '/about', null, null, 'desktop', repeat('4', 64), repeat('d', 64)),
  ('2026-03-05 09:40+00', '2026-03-05', '/about', null, null, 'desktop', repeat('4', 64), repeat('d', 64)),
  ('2026-02-24 09:00+00', '2026-02-24', '/about', null, null, 'desktop', repeat('5', 64), repeat('e', 64));
create temporary table week_top on commit drop as
  select * from public.owner_report_top('2026-03-02 00:00+00', '2026-03-09 00:00+00')
    where list in ('top_pages', 'top_sources', 'top_campaigns');

select results_eq(
  $$ select figure, count, previous_count from public.owner_report_counts('2026-03-02 00:00+00', '2026-03-09 00:00+00')
       where figure in ('visitors', 'pageviews', 'visits', 'single_page_visits', 'pages_not_found') $$,
  $$ values ('visitors', 4::bigint, 1::bigint), ('pageviews', 7::bigint, 1::bigint), ('visits', 5::bigint, 1::bigint),
            ('single_page_visits', 4::bigint, 1::bigint), ('pages_not_found', 0::bigint, 0::bigint) $$,
  'visitors once a day, page views, visits split by 30 minutes, one-page visits');
select results_eq(
  $$ select figure, value, previous_value from public.owner_report_rates('2026-03-02 00:00+00', '2026-03-09 00:00+00') $$,
  $$ values ('pages_per_visit', 1.40, 1.00), ('single_page_visit_percent', 80.0, 100.0) $$,
  'pages per visit and the share of one-page visits, beside the week before');
select results_eq(
  $$ select day, visitors, pageviews, visits from public.owner_report_days('2026-03-02 00:00+00', '2026-03-09 00:00+00')
       where visitors > 0 $$,
  $$ values ('2026-03-03'::date, 2::bigint, 4::bigint, 2::bigint), ('2026-03-04'::date, 1::bigint, 1::bigint, 1::bigint),
            ('2026-03-05'::date, 1::bigint, 2::bigint, 2::bigint) $$, 'per day');
select results_eq($$ select list, rank, item, count, previous_count from week_top order by list, rank $$,
  $$ values ('top_pages', 1, '/about', 3::bigint, 1::bigint), ('top_pages', 2, '/', 2::bigint, 0::bigint),
            ('top_pages', 3, '/courses', 2::bigint, 0::bigint),
            ('top_sources', 1, 'news.example', 3::bigint, 0::bigint) $$,
  'top pages by page views; a source three networks sent, by visitors; a campaign two networks sent is not named');

-- A flood from one client: invented paths and sources, a hundred user agents at one address.
insert into public.page_views (viewed_at, day, path, source, utm_campaign, device, visitor, network)
  select '2026-03-06 12:00+00'::timestamptz + make_interval(secs => n), '2026-03-06', 'other',
    'evil' || (n % 7) || '.example', 'see-evil-example', 'desktop',
    encode(sha256(convert_to(n::text, 'UTF8')), 'hex'), repeat('f', 64)
    from generate_series(1, 100) n;
select results_eq($$ select list, rank, item, count, previous_count
                      from public.owner_report_top('2026-03-02 00:00+00', '2026-03-09 00:00+00')
                      where list in ('top_pages', 'top_sources', 'top_campaigns') order by list, rank $$,
  $$ select list, rank, item, count, previous_count from week_top order by list, rank $$,
  'a flood of invented paths and sources from one client changes no top list');
select results_eq(
  $$ select count from public.owner_report_counts('2026-03-02 00:00+00', '2026-03-09 00:00+00')
       where figure = 'pages_not_found' $$,
  $$ values (100::bigint) $$, 'the invented paths are counted, as pages not found');
delete from public.page_views where path = 'other';

-- A spike: forty visitors on Saturday from many networks, most from one source.
insert into public.page_views (viewed_at, day, path, source, device, visitor, network)
  select '2026-03-07 12:00+00'::timestamptz + make_interval(secs => n), '2026-03-07', '/',
    case when n <= 30 then 'forum.example' else null end, 'desktop',
    encode(sha256(convert_to('v' || n, 'UTF8')), 'hex'), encode(sha256(convert_to('n' || n, 'UTF8')), 'hex')
    from generate_series(1, 40) n;
select results_eq(
  $$ select day, visitors, source, source_visitors
       from public.owner_report_spikes('2026-03-02 00:00+00', '2026-03-09 00:00+00') $$,
  $$ values ('2026-03-07'::date, 40::bigint, 'forum.example'::text, 30::bigint) $$,
  'a spike says which source brought it');

-- The JSON the mail is written from, and the views, hold the same figures.
create temporary table week_json on commit drop as
  select public.owner_report_figures('2026-03-02 00:00+00', '2026-03-09 00:00+00') as figures;
select results_eq(
  $$ select (d ->> 'day')::date, (d ->> 'visitors')::bigint, (d ->> 'pageviews')::bigint
       from week_json, jsonb_array_elements(figures -> 'visits_per_day') d $$,
  $$ select day, visitors, pageviews from public.owner_report_days('2026-03-02 00:00+00', '2026-03-09 00:00+00') $$,
  'the report''s days are the function''s');
select results_eq(
  $$ select (figures #>> '{rates,pages_per_visit,value}')::numeric, figures #>> '{spikes,0,source}' from week_json $$,
  $$ select (select value from public.owner_report_rates('2026-03-02 00:00+00', '2026-03-09 00:00+00')
              where figure = 'pages_per_visit'), 'forum.example'::text $$,
  'its rates and spikes are the functions''');
select ok(
  (select bool_and('security_invoker=true' = any (reloptions)) from pg_class
    where oid in ('public.owner_report_week_days'::regclass, 'public.owner_report_week_rates'::regclass,
                  'public.owner_report_week_spikes'::regclass)),
  'the new views run with the reader''s rights');

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok($$ select * from public.page_views $$, '42501', null, 'anon cannot read page views');
select throws_ok($$ insert into public.page_views (day, path, device, visitor, network)
  values (current_date, '/', 'desktop', repeat('a', 64), repeat('a', 64)) $$, '42501', null, 'nor write them');
select throws_ok($$ select public.record_page_view('/', null, null, null, null, 'desktop', 'x', 'x', 'y') $$, '42501',
  null, 'nor count one but through the function');
select throws_ok($$ select * from public.owner_report_week_days $$, '42501', null, 'nor read the week''s figures');
reset role;

select * from finish();
rollback;
