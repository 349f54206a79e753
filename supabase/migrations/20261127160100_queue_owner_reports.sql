-- The owner's report goes through the outbox like every other mail: queuing one stores what it reports (the figures of
-- its period, made by public.owner_report_figures, so the mail says what the views say) as a row of
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
revoke all on public.owner_reports from anon, authenticated;

alter table public.mail_outbox
  add column owner_report_id uuid references public.owner_reports (id) on delete cascade;
comment on column public.mail_outbox.owner_report_id is 'For the owner''s report: the report it sends.';
create index mail_outbox_owner_report_idx on public.mail_outbox (owner_report_id) where owner_report_id is not null;

alter table public.mail_outbox drop constraint mail_outbox_kind_known;
alter table public.mail_outbox add constraint mail_outbox_kind_known check (
  kind in ('newsletter_confirmation', 'newsletter_welcome', 'contact_notification', 'newsletter_issue',
           'newsletter_test', 'owner_report')
);
alter table public.mail_outbox drop constraint mail_outbox_about_one_row;
alter table public.mail_outbox add constraint mail_outbox_about_one_row check (
  case kind
    when 'contact_notification' then
      contact_id is not null and subscriber_id is null and issue_id is null and owner_report_id is null
    when 'newsletter_issue' then
      subscriber_id is not null and issue_id is not null and batch is not null and contact_id is null
      and owner_report_id is null
    when 'newsletter_test' then
      issue_id is not null and batch = -1 and subscriber_id is null and contact_id is null and owner_report_id is null
    when 'owner_report' then
      owner_report_id is not null and subscriber_id is null and contact_id is null and issue_id is null
    else
      subscriber_id is not null and contact_id is null and issue_id is null and owner_report_id is null
  end
);

-- The single-mail sender, as in 20261127150100, with what the owner's report is written from.
create or replace function public.claim_mail_outbox(
  p_limit integer,
  p_lease_seconds integer,
  p_max_attempts integer,
  p_give_up_after_seconds integer
)
returns table (
  id uuid,
  kind text,
  attempts integer,
  claim_token uuid,
  link_expires_at timestamptz,
  details jsonb
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 or p_lease_seconds is null or p_lease_seconds < 1
     or p_max_attempts is null or p_max_attempts < 1 or p_give_up_after_seconds is null
     or p_give_up_after_seconds < 60 then
    raise exception 'claim_mail_outbox needs a limit of 1 to 100, a positive lease and attempt limit, and a give-up '
      'time of a minute or more' using errcode = '22023';
  end if;

  update public.mail_outbox o
    set status = 'failed', claim_token = null,
        last_error = left(
          case
            when o.attempts >= p_max_attempts and o.status = 'sending' then
              format('Given up: claimed %s times, and the last sender stopped without reporting an outcome', o.attempts)
            when o.attempts >= p_max_attempts then
              format('Given up after %s attempts', o.attempts)
            else
              format('Given up: not sent within %s of being queued',
                     justify_interval(make_interval(secs => p_give_up_after_seconds)))
          end || coalesce('. Last error: ' || o.last_error, ''),
          1000)
    where o.status in ('pending', 'sending') and o.issue_id is null and o.next_attempt_at <= now()
      and (o.attempts >= p_max_attempts or o.queued_at < now() - make_interval(secs => p_give_up_after_seconds));

  return query
    with due as (
      select o.id from public.mail_outbox o
        where o.status in ('pending', 'sending') and o.issue_id is null and o.next_attempt_at <= now()
        order by o.next_attempt_at
        limit p_limit
        for update skip locked
    )
    update public.mail_outbox o
      set status = 'sending', attempts = o.attempts + 1, claim_token = gen_random_uuid(),
          next_attempt_at = now() + make_interval(secs => p_lease_seconds)
      from due
      where o.id = due.id
      returning o.id, o.kind, o.attempts, o.claim_token, o.link_expires_at,
        case
          when o.kind = 'contact_notification' then (
            select jsonb_build_object('fullName', c.full_name, 'email', c.email, 'subject', c.subject,
                                      'message', c.message, 'receivedAt', c.created_at)
              from public.contacts c where c.id = o.contact_id)
          when o.kind = 'owner_report' then (
            select jsonb_build_object('reportId', r.id, 'weekStartsOn', r.week_starts_on, 'figures', r.figures)
              from public.owner_reports r where r.id = o.owner_report_id)
          else (
            select jsonb_build_object('subscriberId', e.id, 'email', e.email, 'status', e.status,
                                      'confirmNonce', e.confirm_nonce, 'confirmExpiresAt', e.confirm_expires_at,
                                      'unsubscribeNonce', e.unsubscribe_nonce)
              from public.emails e where e.id = o.subscriber_id)
        end;
end;
$$;

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

revoke execute on function public.queue_owner_report(timestamptz, timestamptz, text, date),
  public.queue_owner_report_now(),
  public.queue_weekly_owner_report(timestamptz)
  from public, anon, authenticated;
grant execute on function public.queue_owner_report(timestamptz, timestamptz, text, date),
  public.queue_owner_report_now(),
  public.queue_weekly_owner_report(timestamptz)
  to service_role;
