-- The owner's week at a glance (docs/owner.md, "The weekly report"): the figures of any period, with the same figures
-- for the period just before it, as functions the owner calls in the SQL editor and views of the last full week. The
-- weekly report mail is written from these same functions, so the owner's numbers and the mail never disagree.
--
-- Visitors, page views and visits come from public.page_views, counted without cookies (sections 3 to 6): a visit is
-- one visitor's pages of one day with no gap of more than 30 minutes; a visitor is a day's hash, so one person on two
-- days is two visitors. The other figures come from the analytics events, the newsletter's and the mail's tables.
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
revoke all on table public.owner_report_settings from anon, authenticated, service_role;
grant select, insert, update, delete on table public.owner_report_settings to service_role;

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

-- 3 to 6. Pageviews and visitors, without cookies. Every page a visitor reads is a row of public.page_views, written
-- by the page-views edge function (the page's own beacon, or its image when JavaScript is off): the site's route (any
-- other path is 'other'), the referring site's host (never its address), utm_source / utm_medium / utm_campaign, and
-- the device class. Nothing in a row names a person:
--   - visitor: a hash of the day's secret salt, the client's address and its user agent. Within one day the same
--     browser at the same address gives the same hash (so its pages make visits); the salt is made at random for each
--     day (the owner's day, owner_report_settings.time_zone) and destroyed once the day is over
--     (public.rotate_visitor_salts, hourly), after which no one, the owner included, can tell whose hash it was or
--     link it to the same person's next day. A person on two days is two visitors; two browsers behind one address
--     are two visitors.
--   - network: the same kind of hash of the client's network alone (an IPv4 address, an IPv6 /48), so that the
--     report can tell a source many networks sent from one a single client invented.
-- The address and the user agent themselves are never stored.
--
-- What a visitor can write is bounded: the edge function checks the shape and the rate limits; this table's checks
-- refuse anything that is not a route, a host or a short token; and the report never ranks a visitor's word that
-- fewer than three networks sent (public.owner_report_top), so a flood from one client changes no list.

-- 3. The site's own routes: a page view's path is one of these, or 'other'. The site map (shared-ui siteMap.ts)
-- lists the same pages; a page added there is added here by a migration.
create table public.site_routes (
  path text primary key,
  constraint site_routes_path_format check (path ~ '^/[a-z0-9/-]{0,80}$')
);
comment on table public.site_routes is
  'The site''s pages, as page_views.path names them (any other path is counted as ''other'').';
insert into public.site_routes (path) values
  ('/'), ('/about'), ('/portfolio'), ('/tutorials'), ('/courses'), ('/help'), ('/help/privacy-policy'),
  ('/help/terms-and-conditions'), ('/help/terms-of-service'), ('/newsletter/issues');
alter table public.site_routes enable row level security;
create policy "Anyone reads the site's routes" on public.site_routes for select to anon, authenticated using (true);
-- Granted by name, whatever the project's default privileges gave (as the baseline does for every table).
revoke all on public.site_routes from anon, authenticated, service_role;
grant select on public.site_routes to anon, authenticated;
grant delete, insert, select, update on public.site_routes to service_role;

-- The route a path names: a page of the site, a sent newsletter issue's page, or 'other'.
create or replace function public.site_route(p_path text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when exists (select from public.site_routes r where r.path = p_path) then p_path
    when p_path ~ '^/newsletter/issues/[a-z0-9-]{1,120}$'
      and exists (select from public.newsletter_issues i
                   where i.status = 'sent' and i.slug = substr(p_path, char_length('/newsletter/issues/') + 1))
      then p_path
    else 'other'
  end;
$$;
comment on function public.site_route(text) is 'A path as a page of the site, a sent issue''s page, or ''other''.';

-- Whether an event's title names a row of the catalogue as it is now (a project, a course, a video on the channel,
-- an ad); true for the events that carry no title.
create or replace function private.in_catalogue(p_name text, p_payload jsonb)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select case p_name
    when 'userViewsTheProject' then
      exists (select from public.projects p where p.title = p_payload ->> 'projectTitle')
    when 'userViewsACourse' then
      exists (select from public.courses c where c.title = p_payload ->> 'courseTitle')
    when 'userPlaysATutorial' then
      exists (select from public.videos v where v.title = p_payload ->> 'tutorialTitle' and v.removed_at is null)
    when 'userClicksOnAd' then
      exists (select from public.ads a where a.title = p_payload ->> 'adTitle')
    else true
  end;
$$;
revoke execute on function private.in_catalogue(text, jsonb) from public, anon, authenticated;
grant execute on function private.in_catalogue(text, jsonb) to service_role;

-- A search term as the report lists it: trimmed, in lower case, without control characters, at most 60 characters.
create or replace function private.report_search_term(p_term text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select left(btrim(regexp_replace(lower(coalesce(p_term, '')), '[[:cntrl:]]+', ' ', 'g')), 60);
$$;
revoke execute on function private.report_search_term(text) from public, anon, authenticated;
grant execute on function private.report_search_term(text) to service_role;

-- 4. The day's salts: one a day, made on the day's first page view, destroyed once the day is over.
create table private.visitor_salts (
  day date primary key,
  salt text not null default (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')),
  constraint visitor_salts_salt_length check (char_length(salt) = 64)
);
comment on table private.visitor_salts is
  'The secret salt of each day''s visitor hashes (page_views.visitor); destroyed when its day is over.';
alter table private.visitor_salts enable row level security;
revoke all on private.visitor_salts from public, anon, authenticated;
grant select, insert, delete on private.visitor_salts to service_role;

-- 5. The page views.
create table public.page_views (
  id bigint generated always as identity primary key,
  viewed_at timestamptz not null default now(),
  -- The day of the salt that made visitor and network (the owner's day when the view was counted).
  day date not null,
  path text not null,
  source text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  device text not null,
  visitor text not null,
  network text not null,
  constraint page_views_path_route check (path = 'other' or path ~ '^/[a-z0-9/-]{0,140}$'),
  -- A host name in lower case, without "www.".
  constraint page_views_source_host check (
    source ~ '^[a-z0-9]([a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$' and char_length(source) <= 253),
  constraint page_views_utm_tokens check (
    coalesce(utm_source, '') ~ '^[a-z0-9._+-]{0,60}$' and coalesce(utm_medium, '') ~ '^[a-z0-9._+-]{0,60}$'
    and coalesce(utm_campaign, '') ~ '^[a-z0-9._+-]{0,60}$'),
  constraint page_views_device_known check (device in ('desktop', 'mobile', 'tablet')),
  constraint page_views_hashes check (visitor ~ '^[0-9a-f]{64}$' and network ~ '^[0-9a-f]{64}$')
);
comment on table public.page_views is
  'Every page a visitor read (the page-views function writes them). visitor and network are hashes with a salt '
  'destroyed at the end of their day: they link a day''s pages into visits, and nothing else.';
create index page_views_viewed_at_idx on public.page_views (viewed_at);
alter table public.page_views enable row level security;
-- No policies: the service role (the edge function, the report) bypasses RLS; visitors neither read nor write.
revoke all on public.page_views from public, anon, authenticated, service_role;
grant delete, insert, select, update on public.page_views to service_role;
-- An identity column needs no privilege on its sequence.
revoke all on sequence public.page_views_id_seq from public, anon, authenticated, service_role;

-- The owner's day now (the salts' day).
create or replace function private.visitor_day(p_at timestamptz default now())
returns date
language sql
stable
security invoker
set search_path = ''
as $$
  select (p_at at time zone coalesce((select s.time_zone from public.owner_report_settings s), 'UTC'))::date;
$$;

-- Counts one page view (the page-views function's call, with the secret key). p_client is the client as the rate
-- limits know it (an IPv4 address, an IPv6 /64), p_network its network (an IPv4 address, an IPv6 /48); with the user
-- agent they are hashed with the day's salt here and not kept. The path is mapped to a route, and the other values
-- are checked by the table. Returns the route counted.
create or replace function public.record_page_view(
  p_path text,
  p_source text,
  p_utm_source text,
  p_utm_medium text,
  p_utm_campaign text,
  p_device text,
  p_client text,
  p_network text,
  p_user_agent text
)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  today date := private.visitor_day();
  day_salt text;
  route text := public.site_route(left(coalesce(p_path, ''), 200));
begin
  if coalesce(p_client, '') = '' or coalesce(p_network, '') = '' then
    raise exception 'a page view needs its client and network' using errcode = '22023';
  end if;
  insert into private.visitor_salts (day) values (today) on conflict (day) do nothing;
  select s.salt into day_salt from private.visitor_salts s where s.day = today;
  insert into public.page_views (day, path, source, utm_source, utm_medium, utm_campaign, device, visitor, network)
    values (today, route, nullif(p_source, ''), nullif(p_utm_source, ''), nullif(p_utm_medium, ''),
            nullif(p_utm_campaign, ''), p_device,
            encode(sha256(convert_to(day_salt || E'\n' || p_client || E'\n' || left(coalesce(p_user_agent, ''), 512),
                                     'UTF8')), 'hex'),
            encode(sha256(convert_to(day_salt || E'\n' || p_network, 'UTF8')), 'hex'));
  return route;
end;
$$;

-- Destroys the salts of the days that are over (hourly: pg_cron hosted, the stand-in's own schedule locally).
create or replace function public.rotate_visitor_salts()
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  destroyed integer;
begin
  delete from private.visitor_salts where day < private.visitor_day();
  get diagnostics destroyed = row_count;
  return destroyed;
end;
$$;

revoke execute on function public.record_page_view(text, text, text, text, text, text, text, text, text),
  public.rotate_visitor_salts(), private.visitor_day(timestamptz)
  from public, anon, authenticated;
grant execute on function public.record_page_view(text, text, text, text, text, text, text, text, text),
  public.rotate_visitor_salts(), private.visitor_day(timestamptz), public.site_route(text)
  to service_role;
revoke execute on function public.site_route(text) from public, anon, authenticated;

-- 6. Page views as visits: a visit is one visitor's pages of one day with no gap of more than 30 minutes (as
-- privacy-first analytics count them). Each view of the period with its visit's number, how many pages that visit
-- had, and whether it was the visit's first page; views are attributed to the period they fall in.
create or replace function private.page_visits(p_from timestamptz, p_to timestamptz)
returns table (
  viewed_at timestamptz,
  day date,
  visitor text,
  network text,
  path text,
  source text,
  utm_campaign text,
  visit bigint,
  visit_pages bigint,
  entry boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  with views as (
    select v.*,
      coalesce(v.viewed_at - lag(v.viewed_at) over w > interval '30 minutes', true) as starts_visit
      from public.page_views v
      where v.viewed_at >= p_from and v.viewed_at < p_to
      window w as (partition by v.day, v.visitor order by v.viewed_at, v.id)
  ),
  numbered as (
    select views.*,
      count(*) filter (where starts_visit) over (partition by views.day, views.visitor
                                                 order by views.viewed_at, views.id) as visit
      from views
  )
  select n.viewed_at, n.day, n.visitor, n.network, n.path, coalesce(n.utm_source, n.source), n.utm_campaign,
    n.visit, count(*) over (partition by n.day, n.visitor, n.visit), n.starts_visit
    from numbered n;
$$;
revoke execute on function private.page_visits(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function private.page_visits(timestamptz, timestamptz) to service_role;

-- 7. The figures. Visitors, page views and visits per day of the period (days in its zone; the first and last may be
-- partial). A visitor counts once a day.
create or replace function public.owner_report_days(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null
)
returns table (day date, visitors bigint, pageviews bigint, visits bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with period as (select * from public.owner_report_period(p_from, p_to, p_time_zone)),
  days as (
    select d::date as day
      from period,
        generate_series(
          (starts_at at time zone period.time_zone)::date,
          ((ends_at at time zone period.time_zone) - interval '1 microsecond')::date,
          interval '1 day'
        ) as d
  ),
  views as (
    select (v.viewed_at at time zone period.time_zone)::date as local_day, v.*
      from period, private.page_visits(period.starts_at, period.ends_at) v
  )
  select days.day,
    count(distinct (views.day, views.visitor)) filter (where views.viewed_at is not null),
    count(views.viewed_at),
    count(*) filter (where views.entry)
    from days
    left join views on views.local_day = days.day
    group by days.day
    order by days.day;
$$;

-- Visits per day, from the page views (the function the view owner_report_week_visits_per_day reads).
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
  select d.day, d.visits from public.owner_report_days(p_from, p_to, p_time_zone) d order by d.day;
$$;

-- Days of the period whose visitors were at least twice the period's usual day (its median) and at least ten more,
-- and the source that sent most of that day's visitors (among the sources at least three networks sent that day;
-- none: they came directly, or from sources too small to name).
create or replace function public.owner_report_spikes(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null
)
returns table (day date, visitors bigint, usual_visitors numeric, source text, source_visitors bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with period as (select * from public.owner_report_period(p_from, p_to, p_time_zone)),
  days as (select * from public.owner_report_days(p_from, p_to, p_time_zone)),
  usual as (select percentile_cont(0.5) within group (order by days.visitors)::numeric as visitors from days),
  spikes as (
    select days.day, days.visitors, usual.visitors as usual_visitors
      from days, usual
      where days.visitors >= 2 * usual.visitors and days.visitors >= usual.visitors + 10
  ),
  sources as (
    select (v.viewed_at at time zone period.time_zone)::date as local_day, v.source,
      count(distinct (v.day, v.visitor)) as visitors, count(distinct v.network) as networks
      from period, private.page_visits(period.starts_at, period.ends_at) v
      where v.source is not null
      group by 1, 2
  )
  select s.day, s.visitors, round(s.usual_visitors, 1), top.source, top.visitors
    from spikes s
    left join lateral (
      select sources.source, sources.visitors from sources
        where sources.local_day = s.day and sources.networks >= 3
        order by sources.visitors desc, sources.source
        limit 1
    ) top on true
    order by s.day;
$$;

-- Every single figure of the period, with the period before's: visitors (once a day each), page views, visits, visits
-- of one page, page views of no page of the site (path 'other'), and the events' and the tables' figures. A search is
-- a search for something (an empty term, a tutorial search cleared, is not one); a search without results is one
-- whose visitor saw an answer with none. What a visitor names that is no row of the catalogue (a project, course,
-- tutorial or ad title) and a route that is no page of the site is not counted as one. The newsletter's growth:
-- addresses entered in a form (its confirmation mails queued), subscribers when they confirm (double opt-in: an
-- address entered in a form is nobody's subscription until its owner confirms it), and those who left; bounces and
-- complaints when the provider reported them (the suppression list, not the addresses added by hand); newsletter
-- issues (and digests) when they were sent.
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
  traffic as (
    select p.current,
      count(distinct (v.day, v.visitor)) filter (where v.viewed_at is not null) as visitors,
      count(v.viewed_at) as pageviews,
      count(*) filter (where v.entry) as visits,
      count(*) filter (where v.entry and v.visit_pages = 1) as single_page_visits,
      count(*) filter (where v.path = 'other') as pages_not_found
    from periods p
    left join lateral private.page_visits(p.starts_at, p.ends_at) v on true
    group by p.current
  ),
  tally as (
    select p.current,
      count(*) filter (where e.name = 'userRoutes' and public.site_route(e.route_to) <> 'other') as navbar_clicks,
      count(*) filter (where e.name = 'userRoutesFromFooter' and public.site_route(e.route_to) <> 'other')
        as footer_clicks,
      count(*) filter (where e.name = 'userSearchForProject' and e.term <> '') as project_searches,
      count(*) filter (where e.name = 'userSearchForTutorial' and e.term <> '') as tutorial_searches,
      count(*) filter (where e.name = 'userSearchForCourse' and e.term <> '') as course_searches,
      count(*) filter (where e.name like 'userSearchFor%' and e.term <> '' and e.payload -> 'resultCount' = '0')
        as searches_without_results,
      count(*) filter (where e.name = 'userViewsTheProject' and e.in_catalogue) as projects_opened,
      count(*) filter (where e.name = 'userViewsACourse' and e.in_catalogue) as courses_opened,
      count(*) filter (where e.name = 'userPlaysATutorial' and e.in_catalogue) as tutorials_played,
      count(*) filter (where e.name = 'userViewsAllTutorials') as channel_visits,
      count(*) filter (where e.name = 'userViewsCV') as resume_views,
      count(*) filter (where e.name = 'userClicksOnAd' and e.in_catalogue) as ad_clicks,
      count(*) filter (where e.name = 'userCancelNewsletterPopup') as popup_dismissals,
      (select count(*) from public.mail_outbox o
        where o.kind = 'newsletter_confirmation' and o.queued_at >= p.starts_at and o.queued_at < p.ends_at)
        as newsletter_signups,
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
      select a.name, a.payload, btrim(coalesce(a.payload ->> 'searchTerm', '')) as term,
        a.payload ->> 'route' as route_to, private.in_catalogue(a.name, a.payload) as in_catalogue
        from public.analytics_events a
        where a.created_at >= p.starts_at and a.created_at < p.ends_at
    ) e on true
    group by p.current, p.starts_at, p.ends_at
  )
  select f.figure,
    max(f.value) filter (where t.current),
    max(f.value) filter (where not t.current)
  from tally t
  join traffic r on r.current = t.current
  cross join lateral (values
    (1, 'visitors', r.visitors),
    (2, 'pageviews', r.pageviews),
    (3, 'visits', r.visits),
    (4, 'single_page_visits', r.single_page_visits),
    (5, 'pages_not_found', r.pages_not_found),
    (6, 'navbar_clicks', t.navbar_clicks),
    (7, 'footer_clicks', t.footer_clicks),
    (8, 'project_searches', t.project_searches),
    (9, 'tutorial_searches', t.tutorial_searches),
    (10, 'course_searches', t.course_searches),
    (11, 'searches_without_results', t.searches_without_results),
    (12, 'projects_opened', t.projects_opened),
    (13, 'courses_opened', t.courses_opened),
    (14, 'tutorials_played', t.tutorials_played),
    (15, 'channel_visits', t.channel_visits),
    (16, 'resume_views', t.resume_views),
    (17, 'ad_clicks', t.ad_clicks),
    (18, 'popup_dismissals', t.popup_dismissals),
    (19, 'newsletter_signups', t.newsletter_signups),
    (20, 'new_subscribers', t.new_subscribers),
    (21, 'unsubscribes', t.unsubscribes),
    (22, 'bounces_and_complaints', t.bounces_and_complaints),
    (23, 'issues_sent', t.issues_sent),
    (24, 'contact_messages', t.contact_messages)
  ) as f(position, figure, value)
  group by f.position, f.figure
  order by f.position;
$$;

-- The figures that are not whole numbers, from the counts, each with the period before's: pages per visit (2
-- decimals) and the share of visits that saw one page only (single_page_visit_percent, 1 decimal); null when there
-- was no visit.
create or replace function public.owner_report_rates(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null
)
returns table (figure text, value numeric, previous_value numeric)
language sql
stable
security invoker
set search_path = ''
as $$
  with counts as (select * from public.owner_report_counts(p_from, p_to, p_time_zone)),
  tallies as (
    select c.current,
      max(c.value) filter (where c.figure = 'pageviews') as pageviews,
      max(c.value) filter (where c.figure = 'visits') as visits,
      max(c.value) filter (where c.figure = 'single_page_visits') as single_page_visits
    from (select counts.figure, true as current, counts.count as value from counts
          union all select counts.figure, false, counts.previous_count from counts) c
    group by c.current
  ),
  rates as (
    select t.current,
      round(t.pageviews::numeric / nullif(t.visits, 0), 2) as pages_per_visit,
      round(100.0 * t.single_page_visits / nullif(t.visits, 0), 1) as single_page_visit_percent
    from tallies t
  )
  select f.figure, max(f.value) filter (where r.current), max(f.value) filter (where not r.current)
    from rates r
    cross join lateral (values (1, 'pages_per_visit', r.pages_per_visit),
                               (2, 'single_page_visit_percent', r.single_page_visit_percent)) f(position, figure, value)
    group by f.position, f.figure
    order by f.position;
$$;

-- The most frequent items of each list in the period (at most p_limit a list), with their count in the period before:
-- from the events, the pages reached from the navbar and the footer, each catalogue's searches (terms in the report's
-- spelling, private.report_search_term) and its searches that found nothing, the projects and courses opened, the
-- tutorials played, and the ads clicked (titles of the catalogue, routes of the site's pages); from the page views,
-- the site's pages by page views (what is no page, 'other', is the figure pages_not_found, never an item), the sources
-- (the referring site's host, or utm_source) and the campaigns (utm_campaign) by visitors. A source or campaign is
-- listed only once at least three networks sent it in the period: one client can invent any number of them, and none
-- reaches the owner's list.
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
  event_items as (
    select l.list,
      case when l.field = 'searchTerm' then private.report_search_term(e.payload ->> l.field)
           else e.payload ->> l.field end as item,
      e.created_at >= period.starts_at as current
    from period
    join public.analytics_events e
      on e.created_at >= period.previous_starts_at and e.created_at < period.ends_at
    join lists l
      on l.event_name = e.name and (not l.without_results or e.payload -> 'resultCount' = '0')
    where private.in_catalogue(e.name, e.payload)
      and (l.field <> 'route' or public.site_route(e.payload ->> 'route') <> 'other')
  ),
  event_counts as (
    select i.list, i.item,
      count(*) filter (where i.current) as count,
      count(*) filter (where not i.current) as previous_count
    from event_items i
    where i.item <> ''
    group by i.list, i.item
  ),
  views as (
    select v.*, true as current from period, private.page_visits(period.starts_at, period.ends_at) v
    union all
    select v.*, false from period, private.page_visits(period.previous_starts_at, period.starts_at) v
  ),
  page_counts as (
    select 'top_pages' as list, v.path as item,
      count(*) filter (where v.current) as count,
      count(*) filter (where not v.current) as previous_count
    from views v
    where v.path <> 'other'
    group by v.path
  ),
  visitor_words as (
    select 'top_sources' as list, v.source as item, v.* from views v where v.source is not null
    union all
    select 'top_campaigns', v.utm_campaign, v.* from views v where v.utm_campaign is not null
  ),
  word_counts as (
    select w.list, w.item,
      count(distinct (w.day, w.visitor)) filter (where w.current) as count,
      count(distinct (w.day, w.visitor)) filter (where not w.current) as previous_count
    from visitor_words w
    group by w.list, w.item
    having count(distinct w.network) filter (where w.current) >= 3
  ),
  counted as (
    select * from event_counts
    union all select * from page_counts
    union all select * from word_counts
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

-- Everything the report mail shows, as one JSON document made from the functions above: visitors, page views and
-- visits per day, the counts, the rates, the spikes, the top lists and the messages (at most p_message_limit listed;
-- the count of all is among the figures).
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
      (select jsonb_agg(to_jsonb(d) order by d.day) from public.owner_report_days(p_from, p_to, p_time_zone) d),
      '[]'),
    'counts', (
      select jsonb_object_agg(c.figure, jsonb_build_object('count', c.count, 'previous_count', c.previous_count))
        from public.owner_report_counts(p_from, p_to, p_time_zone) c),
    'rates', (
      select jsonb_object_agg(r.figure, jsonb_build_object('value', r.value, 'previous_value', r.previous_value))
        from public.owner_report_rates(p_from, p_to, p_time_zone) r),
    'spikes', coalesce(
      (select jsonb_agg(to_jsonb(s) order by s.day) from public.owner_report_spikes(p_from, p_to, p_time_zone) s),
      '[]'),
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

-- 8. The last full week, as views to open in the dashboard (and to chart: docs/owner.md).
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

create view public.owner_report_week_days
with (security_invoker = true)
as
select d.day, d.visitors, d.pageviews, d.visits
from public.owner_report_week() w
cross join lateral public.owner_report_days(w.starts_at, w.ends_at, w.time_zone) d;

create view public.owner_report_week_rates
with (security_invoker = true)
as
select r.figure, r.value, r.previous_value
from public.owner_report_week() w
cross join lateral public.owner_report_rates(w.starts_at, w.ends_at, w.time_zone) r;

create view public.owner_report_week_spikes
with (security_invoker = true)
as
select s.day, s.visitors, s.usual_visitors, s.source, s.source_visitors
from public.owner_report_week() w
cross join lateral public.owner_report_spikes(w.starts_at, w.ends_at, w.time_zone) s;

comment on view public.owner_report_week_days is
  'Visitors, page views and visits per day of the last full week. Owner only.';
comment on view public.owner_report_week_rates is
  'Pages per visit and the share of one-page visits, last full week and the week before. Owner only.';
comment on view public.owner_report_week_spikes is
  'Days of the last full week with a spike in visitors, and the source that brought it. Owner only.';

comment on view public.owner_report_week_visits_per_day is 'Visits per day of the last full week. Owner only.';
comment on view public.owner_report_week_counts is 'The last full week''s figures, with the week before''s. Owner only.';
comment on view public.owner_report_week_top is 'The last full week''s top pages, searches, opens, plays and ads. Owner only.';
comment on view public.owner_report_week_messages is 'The last full week''s contact messages. Owner only.';

-- The owner and the service role only.
revoke all on table public.owner_report_week_visits_per_day, public.owner_report_week_counts,
  public.owner_report_week_top, public.owner_report_week_messages from anon, authenticated, service_role;
grant select on table public.owner_report_week_visits_per_day, public.owner_report_week_counts,
  public.owner_report_week_top, public.owner_report_week_messages to service_role;
revoke all on function public.owner_report_period(timestamptz, timestamptz, text),
  public.owner_report_week(timestamptz),
  public.owner_report_visits_per_day(timestamptz, timestamptz, text),
  public.owner_report_counts(timestamptz, timestamptz, text),
  public.owner_report_top(timestamptz, timestamptz, text, integer),
  public.owner_report_messages(timestamptz, timestamptz),
  public.owner_report_figures(timestamptz, timestamptz, text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.owner_report_period(timestamptz, timestamptz, text),
  public.owner_report_week(timestamptz),
  public.owner_report_visits_per_day(timestamptz, timestamptz, text),
  public.owner_report_counts(timestamptz, timestamptz, text),
  public.owner_report_top(timestamptz, timestamptz, text, integer),
  public.owner_report_messages(timestamptz, timestamptz),
  public.owner_report_figures(timestamptz, timestamptz, text, integer)
  to service_role;
revoke all on public.owner_report_week_days, public.owner_report_week_rates, public.owner_report_week_spikes
  from public, anon, authenticated, service_role;
grant select on public.owner_report_week_days, public.owner_report_week_rates, public.owner_report_week_spikes
  to service_role;
revoke execute on function public.owner_report_days(timestamptz, timestamptz, text),
  public.owner_report_rates(timestamptz, timestamptz, text),
  public.owner_report_spikes(timestamptz, timestamptz, text)
  from public, anon, authenticated;
grant execute on function public.owner_report_days(timestamptz, timestamptz, text),
  public.owner_report_rates(timestamptz, timestamptz, text),
  public.owner_report_spikes(timestamptz, timestamptz, text)
  to service_role;

-- 9. The owner's report goes through the outbox like every other mail: queuing one stores what it reports (the
-- figures of its period, made by public.owner_report_figures, so the mail says what the views say) as a row of
-- public.owner_reports, with its mail in public.mail_outbox, in one transaction. The mail is written from that stored
-- row when it is sent, so every attempt sends the same figures. The scheduled report is one per week: the week's row
-- has a unique key (the local date the week starts), so a schedule that fires twice, or two calls at once, queue one
-- report; a report asked for on demand has no week and can be asked for again.

create table public.owner_reports (
  id uuid primary key default gen_random_uuid(),
  week_starts_on date,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  time_zone text not null,
  figures jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint owner_reports_one_a_week unique (week_starts_on),
  constraint owner_reports_period check (starts_at < ends_at),
  constraint owner_reports_figures_object check (jsonb_typeof(figures) = 'object')
);

comment on table public.owner_reports is
  'The owner''s reports: the figures each one sent. week_starts_on: the scheduled week (one report each); empty: asked for on demand.';

create trigger owner_reports_set_updated_at
  before update on public.owner_reports
  for each row execute function private.set_updated_at();

alter table public.owner_reports enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on table public.owner_reports from anon, authenticated, service_role;
grant select, insert, update, delete on table public.owner_reports to service_role;

-- The outbox's column for it (owner_report_id) is in 20261122000400_mail_outbox.sql; the reference is made here.
alter table public.mail_outbox
  add constraint mail_outbox_owner_report_id_fkey
  foreign key (owner_report_id) references public.owner_reports (id) on delete cascade;

-- The contact messages an owner's report lists (names, addresses, subjects: public.owner_reports.figures ->
-- 'messages') are kept for what the mail needs and no longer:
--   - a contact message deleted (an erasure request under the privacy policy) leaves every report at once;
--   - once a report's mail is no longer kept (the daily purge deletes finished mail 30 days after its last change),
--     its list of messages goes too (public.purge_mail_records, 20261122000400_mail_outbox.sql). The report's
--     figures stay: they name nobody.

-- A message deleted from public.contacts is deleted from the reports that list it (matched by its address and the
-- time it was received, which the list holds).
create or replace function private.erase_contact_from_owner_reports()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.owner_reports r
    set figures = jsonb_set(r.figures, '{messages}', coalesce(
      (select jsonb_agg(m order by ordinality)
         from jsonb_array_elements(r.figures -> 'messages') with ordinality as listed(m, ordinality)
         where not (m ->> 'email' = old.email and (m ->> 'received_at')::timestamptz = old.created_at)),
      '[]'))
    where jsonb_typeof(r.figures -> 'messages') = 'array'
      and exists (select from jsonb_array_elements(r.figures -> 'messages') m
                   where m ->> 'email' = old.email and (m ->> 'received_at')::timestamptz = old.created_at);
  return old;
end;
$$;
revoke execute on function private.erase_contact_from_owner_reports() from public, anon, authenticated;

create trigger contacts_erase_from_owner_reports
  after delete on public.contacts
  for each row execute function private.erase_contact_from_owner_reports();

-- The fediverse in the owner's weekly report: replies, likes and boosts of the site's posts, and new followers, each
-- against the period before, with the period's replies themselves (who wrote, from which server, its address, its
-- text), for the report's mail beside the newsletter's figures. A report stores them with its other figures when it is
-- queued (under "fediverse" in owner_reports.figures), so every attempt at its mail sends the same ones, whatever the
-- report's other figures are made by.

-- Figures of a period (owner_report_period's rules: the owner's zone unless another is given, at most a year).
create or replace function public.fediverse_report_figures(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text default null
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with period as (select * from public.owner_report_period(p_from, p_to, p_time_zone)),
  counted as (
    select k.figure,
           count(i.id) filter (where i.received_at >= p.starts_at and i.received_at < p.ends_at) as count,
           count(i.id) filter (where i.received_at >= p.previous_starts_at and i.received_at < p.starts_at)
             as previous_count
      from period p
      cross join (values ('replies', 'reply'), ('likes', 'like'), ('boosts', 'boost')) as k(figure, kind)
      left join public.fediverse_interactions i on i.kind = k.kind and i.received_at >= p.previous_starts_at
                                                and i.received_at < p.ends_at
      group by k.figure
  )
  select jsonb_build_object(
    'counts',
      (select jsonb_object_agg(c.figure, jsonb_build_object('count', c.count, 'previous_count', c.previous_count))
         from counted c)
      || jsonb_build_object('new_followers', (
           select jsonb_build_object(
                    'count', count(*) filter (where f.followed_at >= p.starts_at and f.followed_at < p.ends_at),
                    'previous_count',
                      count(*) filter (where f.followed_at >= p.previous_starts_at and f.followed_at < p.starts_at))
             from period p left join public.fediverse_followers f on f.followed_at >= p.previous_starts_at
                                                                 and f.followed_at < p.ends_at)),
    'followers', (select count(*) from public.fediverse_followers),
    'replies', coalesce((
      select jsonb_agg(r order by r.received_at desc)
        from (
          select i.server, i.actor_id, i.reply_url as url, i.reply_text as text, i.received_at, p2.kind as post_kind
            from period p
            join public.fediverse_interactions i on i.kind = 'reply' and i.received_at >= p.starts_at
                                                and i.received_at < p.ends_at
            join public.fediverse_posts p2 on p2.id = i.post_id
            order by i.received_at desc
            limit 20
        ) r), '[]'::jsonb)
  );
$$;

comment on function public.fediverse_report_figures(timestamptz, timestamptz, text) is
  'The owner''s report: replies, likes, boosts and new followers on the fediverse (against the period before), and the replies.';

revoke all on function public.fediverse_report_figures(timestamptz, timestamptz, text)
  from public, anon, authenticated, service_role;
grant execute on function public.fediverse_report_figures(timestamptz, timestamptz, text) to service_role;

-- Each report queued carries them beside its other figures.
create or replace function private.add_fediverse_report_figures()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.figures := new.figures
    || jsonb_build_object('fediverse', public.fediverse_report_figures(new.starts_at, new.ends_at, new.time_zone));
  return new;
end;
$$;

revoke all on function private.add_fediverse_report_figures() from public, anon, authenticated, service_role;

create trigger owner_reports_add_fediverse_figures
  before insert on public.owner_reports
  for each row execute function private.add_fediverse_report_figures();

-- Queues a report of a period (in the settings' zone unless another is given; the week's when p_week_starts_on is
-- given). Returns the report's id, or null when that week's report was queued already.
create or replace function public.queue_owner_report(
  p_from timestamptz,
  p_to timestamptz,
  p_time_zone text,
  p_week_starts_on date default null
)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  zone text := (select p.time_zone from public.owner_report_period(p_from, p_to, p_time_zone) p);
  report uuid;
begin
  insert into public.owner_reports (week_starts_on, starts_at, ends_at, time_zone, figures)
    values (p_week_starts_on, p_from, p_to, zone, public.owner_report_figures(p_from, p_to, zone))
    on conflict (week_starts_on) do nothing
    returning id into report;
  if report is not null then
    insert into public.mail_outbox (kind, owner_report_id) values ('owner_report', report);
  end if;
  return report;
end;
$$;

-- On demand: the last seven days in the owner's zone, today so far and the six days before.
create or replace function public.queue_owner_report_now()
returns table (outcome text, report_id uuid, starts_at timestamptz, ends_at timestamptz)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  zone text := coalesce((select s.time_zone from public.owner_report_settings s), 'UTC');
  period_start timestamptz := (date_trunc('day', now() at time zone zone) - interval '6 days') at time zone zone;
begin
  return query select 'queued', public.queue_owner_report(period_start, now(), zone), period_start, now();
end;
$$;

-- The schedule's call (pg_cron hosted, the stand-in's timer locally: as often as it likes): queues the last full
-- week's report once it is due, once. 'queued', 'not_due' (before the report's hour), 'sent_already' (this week's
-- report was queued before) or 'disabled' (owner_report_settings.enabled is false, or the row is gone).
create or replace function public.queue_weekly_owner_report(p_at timestamptz default now())
returns table (outcome text, report_id uuid, starts_at timestamptz, ends_at timestamptz)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  week record;
  report uuid;
begin
  if not coalesce((select s.enabled from public.owner_report_settings s), false) then
    return query select 'disabled', null::uuid, null::timestamptz, null::timestamptz;
    return;
  end if;
  select * into week from public.owner_report_week(p_at);
  if week.due_at > p_at then
    return query select 'not_due', null::uuid, week.starts_at, week.ends_at;
    return;
  end if;
  -- The hourly calls of the rest of the week stop here, without counting anything (the unique key is what holds
  -- against two calls at once).
  if exists (select from public.owner_reports r where r.week_starts_on = week.week_starts_on) then
    return query select 'sent_already', null::uuid, week.starts_at, week.ends_at;
    return;
  end if;
  report := public.queue_owner_report(week.starts_at, week.ends_at, week.time_zone, week.week_starts_on);
  return query select case when report is null then 'sent_already' else 'queued' end, report, week.starts_at,
    week.ends_at;
end;
$$;

revoke all on function public.queue_owner_report(timestamptz, timestamptz, text, date),
  public.queue_owner_report_now(),
  public.queue_weekly_owner_report(timestamptz)
  from public, anon, authenticated, service_role;
grant execute on function public.queue_owner_report(timestamptz, timestamptz, text, date),
  public.queue_owner_report_now(),
  public.queue_weekly_owner_report(timestamptz)
  to service_role;
