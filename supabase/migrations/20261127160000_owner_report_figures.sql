-- The owner's week at a glance (docs/owner.md, "The weekly report"): the figures of any period, with the same figures
-- for the period just before it, as functions the owner calls in the SQL editor and views of the last full week. The
-- weekly report mail is written from these same functions, so the owner's numbers and the mail never disagree.
--
-- A visit is a userInApp event: the site's app started in a browser tab (a page opened from a link, a bookmark or a
-- typed address, a new tab, a reload). Moving between pages inside the site is not a new visit. The site stores no
-- visitor identifier, so visits are not people: one person who comes back three times is three visits.
--
-- Weeks and days are the owner's (owner_report_settings.time_zone): PostgreSQL's time zone database turns local days
-- into instants, daylight saving time included; nothing here adds hours by hand. Every function is security invoker
-- (the reader's rights apply: the owner and the service role read everything, visitors are refused) and refuses a
-- period that is empty, reversed or longer than a year.

-- 1. When the week ends and the report goes: the owner edits this one row in the Table Editor.
create table public.owner_report_settings (
  id boolean primary key default true,
  send_day smallint not null default 1,
  send_hour smallint not null default 8,
  time_zone text not null default 'UTC',
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint owner_report_settings_one_row check (id),
  constraint owner_report_settings_send_day check (send_day between 1 and 7),
  constraint owner_report_settings_send_hour check (send_hour between 0 and 23),
  -- An unknown zone name fails here with PostgreSQL's own message ("time zone ... not recognized").
  constraint owner_report_settings_time_zone_known check ((now() at time zone time_zone) is not null)
);

comment on table public.owner_report_settings is
  'The weekly report: send_day (1 Monday ... 7 Sunday) and send_hour (0-23) in time_zone (an IANA name such as '
  'Europe/Lisbon); the week reported is the seven days before send_day. enabled = false stops the scheduled report.';

insert into public.owner_report_settings default values;

create trigger owner_report_settings_set_updated_at
  before update on public.owner_report_settings
  for each row execute function private.set_updated_at();

alter table public.owner_report_settings enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on public.owner_report_settings from anon, authenticated;

-- Week boundaries and report times are read with the settings' zone; ranges of events by their time.
create index analytics_events_created_at_idx on public.analytics_events (created_at);

-- 2. A period and the one before it (the same length of the owner's local time, just before), in the owner's zone
-- unless another is given. Raises 22023 for a period that is empty, reversed, longer than 366 days or in an unknown
-- zone. The other functions read their period from here, so they all refuse the same periods.
create or replace function public.owner_report_period(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null
)
returns table (starts_at timestamptz, ends_at timestamptz, previous_starts_at timestamptz, time_zone text)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  zone text := coalesce(p_time_zone, (select s.time_zone from public.owner_report_settings s), 'UTC');
  local_from timestamp;
  local_to timestamp;
begin
  if p_from is null or p_to is null or p_from >= p_to then
    raise exception 'a report period needs a start before its end' using errcode = '22023';
  end if;
  if p_to - p_from > interval '366 days' then
    raise exception 'a report period is at most 366 days' using errcode = '22023';
  end if;
  if not exists (select from pg_catalog.pg_timezone_names z where z.name = zone) then
    raise exception 'unknown time zone "%"', zone using errcode = '22023';
  end if;
  local_from := p_from at time zone zone;
  local_to := p_to at time zone zone;
  return query select p_from, p_to, (local_from - (local_to - local_from)) at time zone zone, zone;
end;
$$;

comment on function public.owner_report_period(timestamptz, timestamptz, text) is
  'A report period and the one before it (same local length), in the settings'' time zone unless given.';

-- The last full week at p_at, as the settings say: the seven days (in the owner's zone) that end at midnight at the
-- start of the report's day, and when that week's report is due (the report's hour on that day). No row when the
-- settings row is gone.
create or replace function public.owner_report_week(p_at timestamptz default now())
returns table (starts_at timestamptz, ends_at timestamptz, due_at timestamptz, time_zone text, week_starts_on date)
language sql
stable
security invoker
set search_path = ''
as $$
  with settings as (
    select s.send_day, s.send_hour, s.time_zone, p_at at time zone s.time_zone as local_now
      from public.owner_report_settings s
  ),
  week as (
    select settings.*,
      date_trunc('day', local_now)
        - make_interval(days => (extract(isodow from local_now)::integer - send_day + 7) % 7) as local_end
      from settings
  )
  select (local_end - interval '7 days') at time zone time_zone,
    local_end at time zone time_zone,
    (local_end + make_interval(hours => send_hour)) at time zone time_zone,
    time_zone,
    (local_end - interval '7 days')::date
  from week;
$$;

comment on function public.owner_report_week(timestamptz) is
  'The last full week at p_at (default now) by owner_report_settings, and when its report is due.';

-- 3. The figures. Visits per day of the period (days in the zone; the first and last may be partial).
create or replace function public.owner_report_visits_per_day(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null
)
returns table (day date, visits bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with period as (select * from public.owner_report_period(p_from, p_to, p_time_zone)),
  days as (
    select d::date as day, period.*
      from period,
        generate_series(
          (starts_at at time zone period.time_zone)::date,
          ((ends_at at time zone period.time_zone) - interval '1 microsecond')::date,
          interval '1 day'
        ) as d
  )
  select days.day, count(e.id)
    from days
    left join public.analytics_events e
      on e.name = 'userInApp'
      and e.created_at >= greatest(days.starts_at, days.day::timestamp at time zone days.time_zone)
      and e.created_at < least(days.ends_at, (days.day + 1)::timestamp at time zone days.time_zone)
    group by days.day
    order by days.day;
$$;

-- Every single figure of the period, with the period before's. A search is a search for something (an empty term,
-- a tutorial search cleared, is not one); a search without results is one whose visitor saw an answer with none.
-- Subscribers are counted when they confirm (double opt-in: an address entered in a form is nobody's subscription
-- until its owner confirms it); bounces and complaints when the provider reported them (the suppression list, not
-- the addresses added by hand); newsletter issues (and digests) when they were sent.
create or replace function public.owner_report_counts(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null
)
returns table (figure text, count bigint, previous_count bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with period as (select * from public.owner_report_period(p_from, p_to, p_time_zone)),
  periods as (
    select true as current, starts_at, ends_at from period
    union all
    select false, previous_starts_at, starts_at from period
  ),
  tally as (
    select p.current,
      count(*) filter (where e.name = 'userInApp') as visits,
      count(*) filter (where e.name = 'userRoutes') as navbar_clicks,
      count(*) filter (where e.name = 'userRoutesFromFooter') as footer_clicks,
      count(*) filter (where e.name = 'userSearchForProject' and e.term <> '') as project_searches,
      count(*) filter (where e.name = 'userSearchForTutorial' and e.term <> '') as tutorial_searches,
      count(*) filter (where e.name = 'userSearchForCourse' and e.term <> '') as course_searches,
      count(*) filter (where e.name like 'userSearchFor%' and e.term <> '' and e.payload -> 'resultCount' = '0')
        as searches_without_results,
      count(*) filter (where e.name = 'userViewsTheProject') as projects_opened,
      count(*) filter (where e.name = 'userViewsACourse') as courses_opened,
      count(*) filter (where e.name = 'userPlaysATutorial') as tutorials_played,
      count(*) filter (where e.name = 'userViewsAllTutorials') as channel_visits,
      count(*) filter (where e.name = 'userViewsCV') as resume_views,
      count(*) filter (where e.name = 'userClicksOnAd') as ad_clicks,
      count(*) filter (where e.name = 'userCancelNewsletterPopup') as popup_dismissals,
      (select count(*) from public.emails s
        where s.confirmed_at >= p.starts_at and s.confirmed_at < p.ends_at) as new_subscribers,
      (select count(*) from public.emails s
        where s.status = 'unsubscribed' and s.unsubscribed_at >= p.starts_at and s.unsubscribed_at < p.ends_at)
        as unsubscribes,
      (select count(*) from public.mail_suppressions m
        where m.reason in ('bounce', 'complaint') and m.created_at >= p.starts_at and m.created_at < p.ends_at)
        as bounces_and_complaints,
      (select count(*) from public.newsletter_issues i
        where i.status = 'sent' and i.sent_at >= p.starts_at and i.sent_at < p.ends_at) as issues_sent,
      (select count(*) from public.contacts c where c.created_at >= p.starts_at and c.created_at < p.ends_at)
        as contact_messages
    from periods p
    left join lateral (
      select a.name, a.payload, btrim(coalesce(a.payload ->> 'searchTerm', '')) as term
        from public.analytics_events a
        where a.created_at >= p.starts_at and a.created_at < p.ends_at
    ) e on true
    group by p.current, p.starts_at, p.ends_at
  )
  select f.figure,
    max(f.value) filter (where t.current),
    max(f.value) filter (where not t.current)
  from tally t
  cross join lateral (values
    (1, 'visits', t.visits),
    (2, 'navbar_clicks', t.navbar_clicks),
    (3, 'footer_clicks', t.footer_clicks),
    (4, 'project_searches', t.project_searches),
    (5, 'tutorial_searches', t.tutorial_searches),
    (6, 'course_searches', t.course_searches),
    (7, 'searches_without_results', t.searches_without_results),
    (8, 'projects_opened', t.projects_opened),
    (9, 'courses_opened', t.courses_opened),
    (10, 'tutorials_played', t.tutorials_played),
    (11, 'channel_visits', t.channel_visits),
    (12, 'resume_views', t.resume_views),
    (13, 'ad_clicks', t.ad_clicks),
    (14, 'popup_dismissals', t.popup_dismissals),
    (15, 'new_subscribers', t.new_subscribers),
    (16, 'unsubscribes', t.unsubscribes),
    (17, 'bounces_and_complaints', t.bounces_and_complaints),
    (18, 'issues_sent', t.issues_sent),
    (19, 'contact_messages', t.contact_messages)
  ) as f(position, figure, value)
  group by f.position, f.figure
  order by f.position;
$$;

-- The most frequent items of each list in the period (at most p_limit a list), with their count in the period before:
-- the pages reached from the navbar and the footer, each catalogue's searches (terms in lower case) and its searches
-- that found nothing, the projects and courses opened, the tutorials played, and the ads clicked.
create or replace function public.owner_report_top(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null,
  p_limit integer default 10
)
returns table (list text, rank integer, item text, count bigint, previous_count bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with period as (select * from public.owner_report_period(p_from, p_to, p_time_zone)),
  lists (event_name, list, field, without_results) as (values
    ('userRoutes', 'navbar_pages', 'route', false),
    ('userRoutesFromFooter', 'footer_pages', 'route', false),
    ('userSearchForProject', 'project_searches', 'searchTerm', false),
    ('userSearchForTutorial', 'tutorial_searches', 'searchTerm', false),
    ('userSearchForCourse', 'course_searches', 'searchTerm', false),
    ('userSearchForProject', 'project_searches_without_results', 'searchTerm', true),
    ('userSearchForTutorial', 'tutorial_searches_without_results', 'searchTerm', true),
    ('userSearchForCourse', 'course_searches_without_results', 'searchTerm', true),
    ('userViewsTheProject', 'projects_opened', 'projectTitle', false),
    ('userViewsACourse', 'courses_opened', 'courseTitle', false),
    ('userPlaysATutorial', 'tutorials_played', 'tutorialTitle', false),
    ('userClicksOnAd', 'ad_clicks', 'adTitle', false)
  ),
  items as (
    select l.list,
      case when l.field = 'searchTerm' then lower(btrim(e.payload ->> l.field)) else e.payload ->> l.field end
        as item,
      e.created_at >= period.starts_at as current
    from period
    join public.analytics_events e
      on e.created_at >= period.previous_starts_at and e.created_at < period.ends_at
    join lists l
      on l.event_name = e.name and (not l.without_results or e.payload -> 'resultCount' = '0')
  ),
  counted as (
    select items.list, items.item,
      count(*) filter (where items.current) as count,
      count(*) filter (where not items.current) as previous_count
    from items
    where items.item <> ''
    group by items.list, items.item
  ),
  ranked as (
    select counted.*, row_number() over (partition by counted.list order by counted.count desc, counted.item) as rank
      from counted
      where counted.count > 0
  )
  select ranked.list, ranked.rank::integer, ranked.item, ranked.count, ranked.previous_count
    from ranked
    where ranked.rank <= greatest(coalesce(p_limit, 10), 1)
    order by ranked.list, ranked.rank;
$$;

-- The contact messages of the period, newest first: who, their address (to reply) and the subject.
create or replace function public.owner_report_messages(p_from timestamptz, p_to timestamptz)
returns table (received_at timestamptz, full_name text, email text, subject text)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.created_at, c.full_name, c.email, c.subject
    from public.owner_report_period(p_from, p_to) period
    join public.contacts c on c.created_at >= period.starts_at and c.created_at < period.ends_at
    order by c.created_at desc, c.id;
$$;

-- Everything the report mail shows, as one JSON document made from the functions above (at most p_message_limit
-- messages listed; the count of all is among the figures).
create or replace function public.owner_report_figures(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null,
  p_message_limit integer default 50
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'period', (select to_jsonb(p) from public.owner_report_period(p_from, p_to, p_time_zone) p),
    'visits_per_day', coalesce(
      (select jsonb_agg(to_jsonb(v) order by v.day)
         from public.owner_report_visits_per_day(p_from, p_to, p_time_zone) v),
      '[]'),
    'counts', (
      select jsonb_object_agg(c.figure, jsonb_build_object('count', c.count, 'previous_count', c.previous_count))
        from public.owner_report_counts(p_from, p_to, p_time_zone) c),
    'top', coalesce(
      (select jsonb_object_agg(lists.list, lists.items)
         from (
           select t.list,
             jsonb_agg(jsonb_build_object('item', t.item, 'count', t.count, 'previous_count', t.previous_count)
               order by t.rank) as items
             from public.owner_report_top(p_from, p_to, p_time_zone) t
             group by t.list
         ) lists),
      '{}'),
    'messages', coalesce(
      (select jsonb_agg(to_jsonb(m) order by m.received_at desc)
         from (select * from public.owner_report_messages(p_from, p_to) limit greatest(p_message_limit, 0)) m),
      '[]')
  );
$$;

-- 4. The last full week, as views to open in the dashboard (and to chart: docs/owner.md).
create view public.owner_report_week_visits_per_day
with (security_invoker = true)
as
select v.day, v.visits
from public.owner_report_week() w
cross join lateral public.owner_report_visits_per_day(w.starts_at, w.ends_at, w.time_zone) v;

create view public.owner_report_week_counts
with (security_invoker = true)
as
select c.figure, c.count, c.previous_count
from public.owner_report_week() w
cross join lateral public.owner_report_counts(w.starts_at, w.ends_at, w.time_zone) c;

create view public.owner_report_week_top
with (security_invoker = true)
as
select t.list, t.rank, t.item, t.count, t.previous_count
from public.owner_report_week() w
cross join lateral public.owner_report_top(w.starts_at, w.ends_at, w.time_zone) t;

create view public.owner_report_week_messages
with (security_invoker = true)
as
select m.received_at, m.full_name, m.email, m.subject
from public.owner_report_week() w
cross join lateral public.owner_report_messages(w.starts_at, w.ends_at) m;

comment on view public.owner_report_week_visits_per_day is 'Visits (userInApp) per day of the last full week. Owner only.';
comment on view public.owner_report_week_counts is 'The last full week''s figures, with the week before''s. Owner only.';
comment on view public.owner_report_week_top is 'The last full week''s top pages, searches, opens, plays and ads. Owner only.';
comment on view public.owner_report_week_messages is 'The last full week''s contact messages. Owner only.';

-- Owner and service role only: Supabase's default privileges grant new views and functions to the API roles.
revoke all on public.owner_report_week_visits_per_day, public.owner_report_week_counts,
  public.owner_report_week_top, public.owner_report_week_messages from anon, authenticated;
grant select on public.owner_report_week_visits_per_day, public.owner_report_week_counts,
  public.owner_report_week_top, public.owner_report_week_messages to service_role;
revoke execute on function public.owner_report_period(timestamptz, timestamptz, text),
  public.owner_report_week(timestamptz),
  public.owner_report_visits_per_day(timestamptz, timestamptz, text),
  public.owner_report_counts(timestamptz, timestamptz, text),
  public.owner_report_top(timestamptz, timestamptz, text, integer),
  public.owner_report_messages(timestamptz, timestamptz),
  public.owner_report_figures(timestamptz, timestamptz, text, integer)
  from public, anon, authenticated;
grant execute on function public.owner_report_period(timestamptz, timestamptz, text),
  public.owner_report_week(timestamptz),
  public.owner_report_visits_per_day(timestamptz, timestamptz, text),
  public.owner_report_counts(timestamptz, timestamptz, text),
  public.owner_report_top(timestamptz, timestamptz, text, integer),
  public.owner_report_messages(timestamptz, timestamptz),
  public.owner_report_figures(timestamptz, timestamptz, text, integer)
  to service_role;
