-- The owner's report through the outbox (migration 20261127160100): the scheduled call queues the last week's report
-- once it is due, and only once however often it is called; a report on demand covers the last seven days and can be
-- asked for again; each stores the figures it sends (those of owner_report_figures), and the outbox gives the sender
-- what the mail is written from. Nobody but the owner and the service role reaches any of it.
begin;
create extension if not exists pgtap with schema extensions;
select plan(22);

select has_table('public', 'owner_reports', 'owner_reports exists');
select results_eq($$ select relrowsecurity from pg_class where oid = 'public.owner_reports'::regclass $$,
  $$ values (true) $$, 'owner_reports has row-level security');

-- Monday 08:00 in Lisbon; the week of 2 March 2026 (UTC+0), with a visit in it.
update public.owner_report_settings set send_day = 1, send_hour = 8, time_zone = 'Europe/Lisbon';
delete from public.analytics_events;
insert into public.page_views (viewed_at, day, path, device, visitor, network)
  values ('2026-03-04 10:00+00', '2026-03-04', '/', 'desktop', repeat('a', 64), repeat('a', 64));

set local role service_role;
select results_eq($$ select outcome, report_id is null from public.queue_weekly_owner_report('2026-03-09 07:59+00') $$,
  $$ values ('not_due'::text, true) $$, 'before Monday 08:00 the week''s report is not due');
select results_eq(
  $$ select outcome, report_id is not null, starts_at, ends_at from public.queue_weekly_owner_report('2026-03-09 08:00+00') $$,
  $$ values ('queued'::text, true, '2026-03-02 00:00+00'::timestamptz, '2026-03-09 00:00+00'::timestamptz) $$,
  'at 08:00 it is queued, for Monday to Sunday');
select results_eq($$ select outcome, report_id is null from public.queue_weekly_owner_report('2026-03-09 08:01+00') $$,
  $$ values ('sent_already'::text, true) $$, 'a second call that week queues nothing');
select results_eq($$ select outcome from public.queue_weekly_owner_report('2026-03-15 23:00+00') $$,
  $$ values ('sent_already'::text) $$, 'nor does one on Sunday night');
select results_eq($$ select outcome from public.queue_weekly_owner_report('2026-03-16 09:00+00') $$,
  $$ values ('queued'::text) $$, 'the next Monday, the next week''s report');
select results_eq(
  $$ select week_starts_on, time_zone from public.owner_reports order by week_starts_on $$,
  $$ values ('2026-03-02'::date, 'Europe/Lisbon'::text), ('2026-03-09'::date, 'Europe/Lisbon'::text) $$,
  'one report a week, by the local date the week starts');
select results_eq(
  $$ select figures - 'fediverse' from public.owner_reports where week_starts_on = '2026-03-02' $$,
  $$ select public.owner_report_figures('2026-03-02 00:00+00', '2026-03-09 00:00+00', 'Europe/Lisbon') $$,
  'the report stores the figures of its week, as the functions give them');
select results_eq(
  $$ select figures -> 'fediverse' from public.owner_reports where week_starts_on = '2026-03-02' $$,
  $$ select public.fediverse_report_figures('2026-03-02 00:00+00', '2026-03-09 00:00+00', 'Europe/Lisbon') $$,
  'and the fediverse''s beside them');
select results_eq(
  $$ select (figures #>> '{counts,visits,count}')::int from public.owner_reports where week_starts_on = '2026-03-02' $$,
  $$ values (1) $$, 'with the week''s visit');
select results_eq(
  $$ select o.kind, o.status from public.mail_outbox o join public.owner_reports r on r.id = o.owner_report_id
       where r.week_starts_on = '2026-03-02' $$,
  $$ values ('owner_report'::text, 'pending'::text) $$, 'its mail waits in the outbox');
reset role;

-- Two calls at once: the week's unique key keeps one (the second insert finds the first's row).
select throws_ok(
  $$ insert into public.owner_reports (week_starts_on, starts_at, ends_at, time_zone, figures)
       values ('2026-03-02', '2026-03-02', '2026-03-09', 'UTC', '{}') $$,
  '23505', null, 'a week''s second report cannot be stored');

set local role service_role;
update public.owner_report_settings set enabled = false;
select results_eq($$ select outcome from public.queue_weekly_owner_report('2026-03-23 09:00+00') $$,
  $$ values ('disabled'::text) $$, 'with the report disabled, the schedule queues nothing');
update public.owner_report_settings set enabled = true;

-- On demand: the last seven days, today so far and the six days before, in the owner's zone; as often as asked.
select results_eq(
  $$ select outcome, starts_at = (date_trunc('day', now() at time zone 'Europe/Lisbon') - interval '6 days')
                                   at time zone 'Europe/Lisbon', ends_at = now()
       from public.queue_owner_report_now() $$,
  $$ values ('queued'::text, true, true) $$, 'a report now covers the last seven days');
select results_eq($$ select outcome from public.queue_owner_report_now() $$, $$ values ('queued'::text) $$,
  'and can be asked for again');
select results_eq($$ select count(*)::int from public.owner_reports where week_starts_on is null $$,
  $$ values (2) $$, 'each on-demand report has its row, with no week');

-- The sender claims the report with what it is written from.
update public.mail_outbox set next_attempt_at = now() + interval '1 hour' where kind <> 'owner_report';
select results_eq(
  $$ select c.kind, c.details -> 'figures' = r.figures, (c.details ->> 'weekStartsOn')::date
       from public.claim_mail_outbox(100, 60, 10, 3600) c
       join public.owner_reports r on r.id = (c.details ->> 'reportId')::uuid
       order by r.week_starts_on nulls last, r.created_at $$,
  $$ values ('owner_report'::text, true, '2026-03-02'::date), ('owner_report'::text, true, '2026-03-09'::date),
            ('owner_report'::text, true, null::date), ('owner_report'::text, true, null::date) $$,
  'the outbox gives the sender each report''s stored figures');
reset role;

select throws_ok($$ insert into public.mail_outbox (kind) values ('owner_report') $$, '23514', null,
  'an owner_report mail is about a report');

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok($$ select * from public.queue_owner_report_now() $$, '42501', null, 'anon cannot ask for a report');
select throws_ok($$ select * from public.owner_reports $$, '42501', null, 'nor read the reports');
reset role;

set local role authenticated;
select throws_ok($$ select * from public.queue_weekly_owner_report() $$, '42501', null,
  'authenticated cannot run the schedule');
reset role;

select * from finish();
rollback;
