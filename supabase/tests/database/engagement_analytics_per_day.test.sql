-- The owner's view of analytics (migration 20261123002100): events per day (UTC) and name, security invoker, not
-- readable by visitors.
begin;
create extension if not exists pgtap with schema extensions;
select plan(8);

select has_view('public', 'analytics_events_per_day', 'the view exists');
select ok(
  (select 'security_invoker=true' = any (reloptions) from pg_class where oid = 'public.analytics_events_per_day'::regclass),
  'it runs with the reader''s rights (security invoker)');

delete from public.analytics_events;
insert into public.analytics_events (name, payload, route, created_at) values
  ('userInApp', '{}', '/', '2026-11-20 08:00:00+00'),
  ('userInApp', '{}', '/about', '2026-11-20 23:59:59+00'),
  ('userRoutes', '{"route":"/about"}', '/', '2026-11-20 12:00:00+00'),
  ('userInApp', '{}', '/', '2026-11-21 00:00:00+00'),
  ('userClicksOnAd', '{"adTitle":"Bundle"}', '/courses', '2026-11-21 10:30:00+00'),
  ('userClicksOnAd', '{"adTitle":"Bundle"}', '/', '2026-11-21 11:30:00+00');

select results_eq(
  $$ select day, name, events from public.analytics_events_per_day order by day, name $$,
  $$ values ('2026-11-20'::date, 'userInApp'::text, 2::bigint),
            ('2026-11-20'::date, 'userRoutes'::text, 1::bigint),
            ('2026-11-21'::date, 'userClicksOnAd'::text, 2::bigint),
            ('2026-11-21'::date, 'userInApp'::text, 1::bigint) $$,
  'events are counted per UTC day and name');

set local role service_role;
select results_eq($$ select sum(events)::int from public.analytics_events_per_day $$, $$ values (6) $$,
  'the service role reads the view');
reset role;

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok($$ select * from public.analytics_events_per_day $$, '42501', null, 'anon cannot read the view');
reset role;
-- As the analytics-events function records an event.
set local role service_role;
select lives_ok($$ insert into public.analytics_events (name, payload, route) values ('userViewsCV', '{}', '/about') $$,
  'the analytics-events function records events');
reset role;

set local role authenticated;
select throws_ok($$ select * from public.analytics_events_per_day $$, '42501', null,
  'authenticated cannot read the view');
reset role;

select results_eq($$ select events::int from public.analytics_events_per_day where name = 'userViewsCV' $$,
  $$ values (1) $$, 'a new event shows in today''s count');

select * from finish();
rollback;
