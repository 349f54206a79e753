-- Mail that reaches people. Nothing is sent from inside a visitor's request: each mail is a row of public.mail_outbox,
-- written in the same transaction as the row it is about, and the mail-outbox edge function sends what is due and
-- retries what failed with backoff (pg_cron on hosted Supabase, the stand-in's timer locally). So a message or a
-- subscription is stored even while mail cannot be sent, and the owner sees what is waiting or failed. The mails
-- themselves are written by the functions (supabase/functions/_shared/mail/) when they are sent; the whole contract
-- of a claim (lease, token, retry, give up) is at the top of functions/_shared/mail/mailOutbox.ts.
--
-- Bounces and complaints stop mail. The mail provider tells the site, by signed webhooks (the mail-events function),
-- when a mail bounced for good or its recipient marked it as spam; the address then goes on the suppression list, and
-- nothing more is sent to it: mail waiting for it is cancelled, the outbox checks the list before every send, and a
-- new subscription of a suppressed address queues nothing (the visitor is answered as for any address). Sending on to
-- such addresses is what gets a sender's account suspended. The owner sees the list in the dashboard, and may remove
-- an address from it (or add one, reason 'manual').

create table public.mail_suppressions (
  email text primary key,
  reason text not null,
  detail text,
  webhook_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint mail_suppressions_reason_known check (reason in ('bounce', 'complaint', 'manual')),
  constraint mail_suppressions_email_length check (char_length(email) between 3 and 254),
  constraint mail_suppressions_detail_short check (char_length(detail) <= 500),
  constraint mail_suppressions_webhook_id_short check (char_length(webhook_id) <= 200)
);

comment on table public.mail_suppressions is
  'Addresses the site never mails: a hard bounce or a spam complaint (from the provider''s webhooks), or added by hand.';
comment on column public.mail_suppressions.detail is 'What the provider said (bounce type and message).';
comment on column public.mail_suppressions.webhook_id is 'The provider''s event that put the address here.';

create trigger mail_suppressions_normalize_email
  before insert or update of email on public.mail_suppressions
  for each row execute function private.normalize_email();

create trigger mail_suppressions_set_updated_at
  before update on public.mail_suppressions
  for each row execute function private.set_updated_at();

alter table public.mail_suppressions enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on table public.mail_suppressions from anon, authenticated, service_role;
grant select, insert, update, delete on table public.mail_suppressions to service_role;

-- Every webhook event taken, by its id, so that the same event posted twice (a replay) is refused. Kept a day (longer
-- than the five minutes a signature is accepted for), then purged.
create table public.mail_event_receipts (
  webhook_id text primary key,
  event_type text not null,
  received_at timestamptz not null default now(),
  constraint mail_event_receipts_webhook_id_length check (char_length(webhook_id) between 1 and 200),
  constraint mail_event_receipts_event_type_short check (char_length(event_type) <= 100)
);

comment on table public.mail_event_receipts is
  'The mail provider''s webhook events already taken (replays are refused). Kept a day.';

alter table public.mail_event_receipts enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on table public.mail_event_receipts from anon, authenticated, service_role;
grant select, insert, update, delete on table public.mail_event_receipts to service_role;

-- The outbox. status: pending (due at next_attempt_at); sending (claimed by a sender, under its claim_token, until
-- next_attempt_at: its lease); sent; failed (given up: the owner may set it back to pending); cancelled (no longer
-- wanted: the subscriber left or confirmed already, the address is suppressed). Each row is about one thing: a
-- subscriber (confirmation, welcome), a contact message (the owner's copy), a newsletter issue (a copy to a subscriber,
-- in a numbered batch, or the owner's test copy) or an owner's report; issue_id and owner_report_id reference tables
-- of later rooms, and get their foreign keys there.
create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  subscriber_id uuid references public.emails (id) on delete cascade,
  contact_id uuid references public.contacts (id) on delete cascade,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  claim_token uuid,
  queued_at timestamptz not null default now(),
  link_expires_at timestamptz,
  issue_id uuid,
  batch integer,
  owner_report_id uuid,
  constraint mail_outbox_kind_known check (
    kind in ('newsletter_confirmation', 'newsletter_welcome', 'contact_notification', 'newsletter_issue',
             'newsletter_test', 'owner_report')
  ),
  constraint mail_outbox_status_known check (status in ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  constraint mail_outbox_about_one_row check (
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
  ),
  constraint mail_outbox_error_short check (char_length(last_error) <= 1000),
  constraint mail_outbox_claimed_with_token check ((status = 'sending') = (claim_token is not null))
);

comment on table public.mail_outbox is
  'Mail waiting to be sent, sent (kept 30 days) or failed, with the last error. Written by the functions; owner only.';
comment on column public.mail_outbox.claim_token is
  'The current claim (status sending): only the sender holding it reports the outcome.';
comment on column public.mail_outbox.queued_at is
  'When the mail was queued, requeued (set back to pending) or last waited for a setting: the give-up clock runs from here.';
comment on column public.mail_outbox.link_expires_at is
  'For a confirmation: when the link in this mail expires (the mail says so; a mail whose link expired is cancelled).';
comment on column public.mail_outbox.issue_id is 'For a newsletter copy or test copy: the issue.';
comment on column public.mail_outbox.batch is
  'For a newsletter copy: its batch (sent in one call to the provider, the same copies on every attempt).';
comment on column public.mail_outbox.owner_report_id is 'For the owner''s report: the report it sends.';

-- The single-mail sender's due mail, without the copies of an issue (a hundred thousand of them must not be in its way).
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at)
  where status in ('pending', 'sending') and issue_id is null;
create index mail_outbox_subscriber_idx on public.mail_outbox (subscriber_id, kind, created_at);
create index mail_outbox_contact_idx on public.mail_outbox (contact_id);
-- One copy of an issue per subscriber, whoever queues it and however often.
create unique index mail_outbox_issue_copy_key on public.mail_outbox (issue_id, subscriber_id)
  where kind = 'newsletter_issue';
-- The newsletter sender's due batches, in order.
create index mail_outbox_issue_due_idx on public.mail_outbox (issue_id, batch)
  where issue_id is not null and status in ('pending', 'sending');
create index mail_outbox_owner_report_idx on public.mail_outbox (owner_report_id) where owner_report_id is not null;

create trigger mail_outbox_set_updated_at
  before update on public.mail_outbox
  for each row execute function private.set_updated_at();

-- The owner sends a failed or cancelled mail again by setting it back to pending: it starts afresh (its attempts and
-- its two days), whoever holds no claim on it.
create or replace function private.mail_outbox_requeued()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status in ('failed', 'cancelled') and new.status = 'pending' then
    new.queued_at := now();
    new.attempts := 0;
    new.claim_token := null;
  end if;
  return new;
end;
$$;

create trigger mail_outbox_requeued
  before update of status on public.mail_outbox
  for each row execute function private.mail_outbox_requeued();

revoke all on function private.mail_outbox_requeued() from public, anon, authenticated, service_role;

alter table public.mail_outbox enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on table public.mail_outbox from anon, authenticated, service_role;
grant select, insert, update, delete on table public.mail_outbox to service_role;

-- Subscribing: a pending subscriber and, at most p_max_per_day times a day per address, a confirmation mail that
-- keeps the expiry of the link it carries; a suppressed address queues nothing. Returns true when a confirmation mail
-- was queued. The caller answers the same whatever happened here, so nobody can learn whether an address is
-- subscribed, and nobody can flood an address through the form.
create or replace function public.subscribe_newsletter(
  p_email text,
  p_confirm_within_seconds integer,
  p_max_per_day integer
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  subscriber public.emails;
  queued_today integer;
begin
  if p_email is null or p_confirm_within_seconds is null or p_confirm_within_seconds < 60
     or p_max_per_day is null or p_max_per_day < 1 then
    raise exception 'subscribe_newsletter needs an address, a confirmation window of a minute or more and a daily limit'
      using errcode = '22023';
  end if;
  -- Pending subscriptions whose link has expired are forgotten.
  delete from public.emails where status = 'pending' and confirm_expires_at < now();
  -- A suppressed address is sent nothing and stored nowhere; the caller answers as for any address.
  if exists (select from public.mail_suppressions s where s.email = lower(btrim(p_email))) then
    return false;
  end if;

  insert into public.emails (email, status, confirm_nonce, confirm_expires_at)
    values (p_email, 'pending', replace(gen_random_uuid()::text, '-', ''),
            now() + make_interval(secs => p_confirm_within_seconds))
    on conflict (email) do nothing
    returning * into subscriber;
  if subscriber.id is null then
    select * into subscriber from public.emails where email = lower(btrim(p_email)) for update;
    if subscriber.status = 'confirmed' then
      return false;
    elsif subscriber.status = 'unsubscribed' then
      update public.emails
        set status = 'pending', unsubscribed_at = null,
            confirm_nonce = replace(gen_random_uuid()::text, '-', ''),
            confirm_expires_at = now() + make_interval(secs => p_confirm_within_seconds)
        where id = subscriber.id
        returning * into subscriber;
    else
      -- Still pending: the link already sent keeps working, for longer.
      update public.emails
        set confirm_expires_at = now() + make_interval(secs => p_confirm_within_seconds)
        where id = subscriber.id
        returning * into subscriber;
    end if;
  end if;

  select count(*) into queued_today
    from public.mail_outbox
    where subscriber_id = subscriber.id and kind = 'newsletter_confirmation'
      and created_at > now() - interval '1 day';
  if queued_today >= p_max_per_day then
    return false;
  end if;
  insert into public.mail_outbox (kind, subscriber_id, link_expires_at)
    values ('newsletter_confirmation', subscriber.id, subscriber.confirm_expires_at);
  return true;
end;
$$;

comment on function public.subscribe_newsletter(text, integer, integer) is
  'Newsletter subscription: a pending subscriber and a confirmation mail (at most p_max_per_day per address).';

-- Confirming: the link's subscriber and secret, once. Queues the welcome mail. 'confirmed' or 'invalid'.
create or replace function public.confirm_newsletter_subscription(p_subscriber uuid, p_nonce text)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  confirmed uuid;
begin
  update public.emails
    set status = 'confirmed', confirmed_at = now(), confirm_nonce = null, confirm_expires_at = null
    where id = p_subscriber and status = 'pending' and confirm_nonce = p_nonce and confirm_expires_at >= now()
    returning id into confirmed;
  if confirmed is null then
    return 'invalid';
  end if;
  -- A confirmation mail still waiting is no longer wanted.
  update public.mail_outbox set status = 'cancelled'
    where subscriber_id = confirmed and kind = 'newsletter_confirmation' and status = 'pending';
  insert into public.mail_outbox (kind, subscriber_id) values ('newsletter_welcome', confirmed);
  return 'confirmed';
end;
$$;

-- Leaving: the link's subscriber and secret. Nothing more is sent to them. 'unsubscribed' (also when they had left
-- already: a second click or the mail provider's one-click POST after the visitor's own) or 'invalid'.
create or replace function public.unsubscribe_newsletter(p_subscriber uuid, p_nonce text)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  left_list uuid;
begin
  update public.emails
    set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()),
        confirm_nonce = null, confirm_expires_at = null
    where id = p_subscriber and unsubscribe_nonce = p_nonce
    returning id into left_list;
  if left_list is null then
    return 'invalid';
  end if;
  update public.mail_outbox set status = 'cancelled'
    where subscriber_id = left_list and status in ('pending', 'failed');
  return 'unsubscribed';
end;
$$;

-- Contact messages: stored with the owner's notification in one transaction.
create or replace function public.store_contact_message(
  p_full_name text,
  p_email text,
  p_subject text,
  p_message text,
  p_recaptcha_score real,
  p_recaptcha_action text
)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  stored uuid;
begin
  insert into public.contacts (full_name, email, subject, message, recaptcha_score, recaptcha_action)
    values (p_full_name, p_email, p_subject, p_message, p_recaptcha_score, p_recaptcha_action)
    returning id into stored;
  insert into public.mail_outbox (kind, contact_id) values ('contact_notification', stored);
  return stored;
end;
$$;

-- Claiming. First, what has been due too long is given up: claimed p_max_attempts times (a sender that dies on a mail
-- leaves it claimed without an outcome, again and again), or queued more than p_give_up_after_seconds ago. Then up to
-- p_limit due mails are leased for p_lease_seconds, each with a new claim token, with what their text is made from.
-- The copies of a newsletter issue are the newsletter sender's (claim_newsletter_batches), never claimed here.
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

comment on function public.claim_mail_outbox(integer, integer, integer, integer) is
  'The mail outbox: gives up what waited too long, then leases due mail with a claim token (mailOutbox.ts).';

-- Reporting an outcome, by the holder of the claim only: true when it was recorded, false when the claim is no
-- longer theirs (their lease ran out and another sender claimed the mail; what that one reports stands).
--   sent       sent (p_error: a note, e.g. the provider had it already)
--   cancelled  no longer wanted (the subscriber left, the link expired, the address is suppressed)
--   failed     refused for good (an address the provider will not take)
--   retry      tried and failed for now: due again in p_retry_after_seconds
--   wait       not tried, a setting of ours is missing or wrong: due again in p_retry_after_seconds, the attempt not
--              counted and the give-up clock started afresh (a settings mistake never makes mail fail)
--   release    not tried, the run ran out of time: due again at once, the attempt not counted
create function public.finish_mail_outbox(
  p_id uuid,
  p_claim_token uuid,
  p_outcome text,
  p_error text default null,
  p_retry_after_seconds integer default 0
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  recorded uuid;
begin
  if p_outcome is null or p_outcome not in ('sent', 'cancelled', 'failed', 'retry', 'wait', 'release') then
    raise exception 'finish_mail_outbox: unknown outcome %', p_outcome using errcode = '22023';
  end if;
  if p_retry_after_seconds is null or p_retry_after_seconds < 0 then
    raise exception 'finish_mail_outbox: a retry delay of 0 s or more' using errcode = '22023';
  end if;
  update public.mail_outbox o
    set status = case p_outcome
                   when 'sent' then 'sent'
                   when 'cancelled' then 'cancelled'
                   when 'failed' then 'failed'
                   else 'pending'
                 end,
        claim_token = null,
        sent_at = case when p_outcome = 'sent' then now() else o.sent_at end,
        last_error = case when p_outcome = 'release' then o.last_error else left(p_error, 1000) end,
        attempts = case when p_outcome in ('wait', 'release') then greatest(o.attempts - 1, 0) else o.attempts end,
        queued_at = case when p_outcome = 'wait' then now() else o.queued_at end,
        next_attempt_at = case
                            when p_outcome in ('retry', 'wait') then now() + make_interval(secs => p_retry_after_seconds)
                            when p_outcome = 'release' then now()
                            else o.next_attempt_at
                          end
    where o.id = p_id and o.status = 'sending' and o.claim_token = p_claim_token
    returning o.id into recorded;
  return recorded is not null;
end;
$$;

comment on function public.finish_mail_outbox(uuid, uuid, text, text, integer) is
  'The mail outbox: the outcome of a claimed mail, recorded only for the holder of its claim token.';

-- Takes one verified event: 'replayed' when its id was taken before (nothing changes), 'ignored' when it suppresses
-- nobody (p_reason null: a delivery, an open...), 'suppressed' when p_addresses went on the list (and the mail waiting
-- for them was cancelled).
create or replace function public.record_mail_event(
  p_webhook_id text,
  p_event_type text,
  p_reason text,
  p_addresses text[],
  p_detail text
)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  addresses text[];
begin
  if p_webhook_id is null or p_event_type is null or (p_reason is not null and p_reason not in ('bounce', 'complaint'))
     or cardinality(p_addresses) > 50 then
    raise exception 'record_mail_event needs an event id and type, a known reason and at most 50 addresses'
      using errcode = '22023';
  end if;
  insert into public.mail_event_receipts (webhook_id, event_type) values (p_webhook_id, p_event_type)
    on conflict (webhook_id) do nothing;
  if not found then
    return 'replayed';
  end if;
  select coalesce(array_agg(distinct lower(btrim(a))), '{}') into addresses
    from unnest(coalesce(p_addresses, '{}')) a
    where btrim(a) <> '';
  if p_reason is null or cardinality(addresses) = 0 then
    return 'ignored';
  end if;
  insert into public.mail_suppressions (email, reason, detail, webhook_id)
    select a, p_reason, left(p_detail, 500), p_webhook_id from unnest(addresses) a
    on conflict (email) do update
      set reason = excluded.reason, detail = excluded.detail, webhook_id = excluded.webhook_id;
  update public.mail_outbox o
    set status = 'cancelled', last_error = format('The address is on the suppression list (%s)', p_reason)
    from public.emails e
    where o.subscriber_id = e.id and e.email = any (addresses) and o.status in ('pending', 'failed');
  return 'suppressed';
end;
$$;

comment on function public.record_mail_event(text, text, text, text[], text) is
  'The mail-events function: a verified provider event, once; bounces and complaints suppress their addresses.';

-- The send door asks before every batch: which of these addresses are suppressed, and why.
create or replace function public.suppressed_mail_addresses(p_addresses text[])
returns table (email text, reason text)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.email, s.reason
    from public.mail_suppressions s
    where cardinality(p_addresses) <= 200
      and s.email = any (array(select lower(btrim(a)) from unnest(p_addresses) a));
$$;

comment on function public.suppressed_mail_addresses(text[]) is
  'The mail outbox: which of up to 200 addresses are on the suppression list.';

-- The owner's export of subscribers leaves suppressed addresses out: nobody should mail them.
create view public.newsletter_subscribers
  with (security_invoker = true)
  as select e.email, e.confirmed_at, e.created_at from public.emails e
    where e.status = 'confirmed'
      and not exists (select from public.mail_suppressions s where s.email = e.email);
comment on view public.newsletter_subscribers is
  'Confirmed newsletter subscribers, without suppressed addresses (export these). Owner only.';
revoke all on table public.newsletter_subscribers from anon, authenticated, service_role;
grant select on table public.newsletter_subscribers to service_role;

-- Mail records do not pile up. Once a day (pg_cron on hosted Supabase: 20261122000800_schedules.sql; the local
-- stand-in's own schedule locally):
-- sent, cancelled and failed mail goes 30 days after its last change (failed mail is there for the owner to read and
-- send again meanwhile), pending subscriptions go once their link has expired (they were never anyone's consent), and
-- the webhook receipts that refuse replays go after a day (a signature is accepted for five minutes only). An owner's
-- report whose mail is gone loses its list of contact messages (public.owner_reports, 20261122000600_owner_report.sql:
-- its figures name nobody and stay).
create or replace function public.purge_mail_records()
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  finished_mail integer;
  failed_mail integer;
  expired_subscriptions integer;
  receipts integer;
  report_messages integer;
begin
  delete from public.mail_outbox where status in ('sent', 'cancelled') and updated_at < now() - interval '30 days';
  get diagnostics finished_mail = row_count;
  delete from public.mail_outbox where status = 'failed' and updated_at < now() - interval '30 days';
  get diagnostics failed_mail = row_count;
  delete from public.emails where status = 'pending' and confirm_expires_at < now();
  get diagnostics expired_subscriptions = row_count;
  delete from public.mail_event_receipts where received_at < now() - interval '1 day';
  get diagnostics receipts = row_count;
  update public.owner_reports r set figures = jsonb_set(r.figures, '{messages}', '[]')
    where jsonb_array_length(coalesce(r.figures -> 'messages', '[]')) > 0
      and not exists (select from public.mail_outbox o where o.owner_report_id = r.id);
  get diagnostics report_messages = row_count;
  return jsonb_build_object('sentOrCancelledMail', finished_mail, 'failedMail', failed_mail,
                            'expiredSubscriptions', expired_subscriptions, 'eventReceipts', receipts,
                            'reportMessageLists', report_messages);
end;
$$;

comment on function public.purge_mail_records() is
  'Daily: mail finished or failed 30 days ago, pending subscriptions whose link expired, day-old webhook receipts, '
  'and the message lists of reports whose mail is gone.';

-- Only the functions (the secret key) call these.
revoke all on function public.subscribe_newsletter(text, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.subscribe_newsletter(text, integer, integer) to service_role;
revoke all on function public.confirm_newsletter_subscription(uuid, text)
  from public, anon, authenticated, service_role;
grant execute on function public.confirm_newsletter_subscription(uuid, text) to service_role;
revoke all on function public.unsubscribe_newsletter(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.unsubscribe_newsletter(uuid, text) to service_role;
revoke all on function public.store_contact_message(text, text, text, text, real, text)
  from public, anon, authenticated, service_role;
grant execute on function public.store_contact_message(text, text, text, text, real, text) to service_role;
revoke all on function public.claim_mail_outbox(integer, integer, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.claim_mail_outbox(integer, integer, integer, integer) to service_role;
revoke all on function public.finish_mail_outbox(uuid, uuid, text, text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.finish_mail_outbox(uuid, uuid, text, text, integer) to service_role;
revoke all on function public.record_mail_event(text, text, text, text[], text)
  from public, anon, authenticated, service_role;
grant execute on function public.record_mail_event(text, text, text, text[], text) to service_role;
revoke all on function public.suppressed_mail_addresses(text[]) from public, anon, authenticated, service_role;
grant execute on function public.suppressed_mail_addresses(text[]) to service_role;
revoke all on function public.purge_mail_records() from public, anon, authenticated, service_role;
grant execute on function public.purge_mail_records() to service_role;
