-- Mail that reaches people. Newsletter subscribers confirm their address (double opt-in) and can leave with one click;
-- the owner is told of every contact message. Nothing is sent from inside a visitor's request: each mail is a row of
-- public.mail_outbox, written in the same transaction as the row it is about, and the mail-outbox edge function sends
-- what is due and retries what failed with backoff (pg_cron on hosted Supabase, the stand-in's timer locally). So a
-- message or a subscription is stored even while mail cannot be sent, and the owner sees what is waiting or failed.
-- The mails themselves are written by the functions (supabase/functions/_shared/mail/) when they are sent.

-- 1. Subscribers: pending until the address is confirmed, then confirmed, until they unsubscribe.
-- Rows that exist already (subscribed before confirmation existed) and rows the owner adds by hand in the dashboard are
-- confirmed; the newsletter-subscribe function alone adds pending ones.
alter table public.emails
  add column status text not null default 'confirmed',
  add column confirm_nonce text,
  add column confirm_expires_at timestamptz,
  add column confirmed_at timestamptz,
  add column unsubscribe_nonce text not null default replace(gen_random_uuid()::text, '-', ''),
  add column unsubscribed_at timestamptz,
  add constraint emails_status_known check (status in ('pending', 'confirmed', 'unsubscribed')),
  add constraint emails_pending_can_confirm check (
    status <> 'pending' or (confirm_nonce is not null and confirm_expires_at is not null)
  ),
  add constraint emails_nonces_long check (
    char_length(unsubscribe_nonce) >= 32 and (confirm_nonce is null or char_length(confirm_nonce) >= 32)
  );

comment on column public.emails.status is
  'pending: waiting for the address to be confirmed (expires); confirmed: a subscriber; unsubscribed: left, never mailed.';
comment on column public.emails.confirm_nonce is
  'Secret of the confirmation link (single use: cleared once confirmed). Never shown anywhere but in that mail.';
comment on column public.emails.unsubscribe_nonce is 'Secret of the unsubscribe link in every mail to this address.';

-- What the owner exports to send a newsletter: confirmed subscribers only.
create view public.newsletter_subscribers
  with (security_invoker = true)
  as select email, confirmed_at, created_at from public.emails where status = 'confirmed';
comment on view public.newsletter_subscribers is 'Confirmed newsletter subscribers (export these). Owner only.';
revoke all on public.newsletter_subscribers from anon, authenticated;

-- 2. The outbox.
create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  subscriber_id uuid references public.emails (id) on delete cascade,
  contact_id uuid references public.contacts (id) on delete cascade,
  -- pending: due at next_attempt_at; sending: claimed by a sender until next_attempt_at (its lease); sent; failed: given
  -- up (the owner may set it back to pending); cancelled: no longer wanted (the subscriber left or confirmed already).
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint mail_outbox_kind_known check (
    kind in ('newsletter_confirmation', 'newsletter_welcome', 'contact_notification')
  ),
  constraint mail_outbox_status_known check (status in ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  constraint mail_outbox_about_one_row check (
    case kind
      when 'contact_notification' then contact_id is not null and subscriber_id is null
      else subscriber_id is not null and contact_id is null
    end
  ),
  constraint mail_outbox_error_short check (char_length(last_error) <= 1000)
);

comment on table public.mail_outbox is
  'Mail waiting to be sent, sent (kept 30 days) or failed, with the last error. Written by the functions; owner only.';

create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at) where status in ('pending', 'sending');
create index mail_outbox_subscriber_idx on public.mail_outbox (subscriber_id, kind, created_at);
create index mail_outbox_contact_idx on public.mail_outbox (contact_id);

create trigger mail_outbox_set_updated_at
  before update on public.mail_outbox
  for each row execute function private.set_updated_at();

alter table public.mail_outbox enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on public.mail_outbox from anon, authenticated;

-- 3. Subscribing: a pending subscriber and, at most p_max_per_day times a day per address, a confirmation mail.
-- Returns true when a confirmation mail was queued. The caller answers the same whatever happened here, so nobody can
-- learn whether an address is subscribed, and nobody can flood an address through the form.
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
        where id = subscriber.id;
    else
      -- Still pending: the link already sent keeps working, for longer.
      update public.emails
        set confirm_expires_at = now() + make_interval(secs => p_confirm_within_seconds)
        where id = subscriber.id;
    end if;
  end if;

  select count(*) into queued_today
    from public.mail_outbox
    where subscriber_id = subscriber.id and kind = 'newsletter_confirmation'
      and created_at > now() - interval '1 day';
  if queued_today >= p_max_per_day then
    return false;
  end if;
  insert into public.mail_outbox (kind, subscriber_id) values ('newsletter_confirmation', subscriber.id);
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

-- 4. Contact messages: stored with the owner's notification in one transaction.
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

-- 5. Sending. A sender claims what is due (a lease of p_lease_seconds: a sender that dies leaves the mail due again),
-- with what the mail is written from, and reports each outcome.
create or replace function public.claim_mail_outbox(p_limit integer, p_lease_seconds integer)
returns table (id uuid, kind text, attempts integer, details jsonb)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 or p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'claim_mail_outbox needs a limit of 1 to 100 and a positive lease' using errcode = '22023';
  end if;
  -- Sent and cancelled mail is kept for 30 days, for the owner to see; then it goes.
  delete from public.mail_outbox as old
    where old.status in ('sent', 'cancelled') and old.updated_at < now() - interval '30 days';
  return query
    with due as (
      select o.id from public.mail_outbox o
        where o.status in ('pending', 'sending') and o.next_attempt_at <= now()
        order by o.next_attempt_at
        limit p_limit
        for update skip locked
    )
    update public.mail_outbox o
      set status = 'sending', attempts = o.attempts + 1,
          next_attempt_at = now() + make_interval(secs => p_lease_seconds)
      from due
      where o.id = due.id
      returning o.id, o.kind, o.attempts,
        case
          when o.kind = 'contact_notification' then (
            select jsonb_build_object('fullName', c.full_name, 'email', c.email, 'subject', c.subject,
                                      'message', c.message, 'receivedAt', c.created_at)
              from public.contacts c where c.id = o.contact_id)
          else (
            select jsonb_build_object('subscriberId', e.id, 'email', e.email, 'status', e.status,
                                      'confirmNonce', e.confirm_nonce, 'confirmExpiresAt', e.confirm_expires_at,
                                      'unsubscribeNonce', e.unsubscribe_nonce)
              from public.emails e where e.id = o.subscriber_id)
        end;
end;
$$;

-- p_outcome: 'sent'; 'cancelled' (no longer wanted); 'failed' (refused for good: given up at once); 'retry' (tried
-- again after 5 s, 10 s, 20 s ... up to an hour apart, and given up two days after it was queued).
create or replace function public.finish_mail_outbox(p_id uuid, p_outcome text, p_error text default null)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  if p_outcome = 'sent' then
    update public.mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = p_id;
  elsif p_outcome = 'cancelled' then
    update public.mail_outbox set status = 'cancelled', last_error = left(p_error, 1000) where id = p_id;
  elsif p_outcome = 'failed' then
    update public.mail_outbox set status = 'failed', last_error = left(p_error, 1000) where id = p_id;
  elsif p_outcome = 'retry' then
    update public.mail_outbox o
      set status = case when o.created_at < now() - interval '2 days' then 'failed' else 'pending' end,
          next_attempt_at = now() + make_interval(secs => least(3600, 5 * power(2, greatest(o.attempts - 1, 0))::integer)),
          last_error = left(p_error, 1000)
      where o.id = p_id;
  else
    raise exception 'finish_mail_outbox: unknown outcome %', p_outcome using errcode = '22023';
  end if;
end;
$$;

-- 6. Rate limits: every bucket a write needs is taken in one call, or none is (migration 20261124090000 took them one
-- call at a time, so a write refused by the second bucket was still counted in the first). Each hit carries its own
-- expiry, and every call purges a batch of expired hits of any bucket, so the table holds only hits inside their window
-- however many client addresses come and go.
alter table public.rate_limit_hits add column expires_at timestamptz not null default now() + interval '1 day';
update public.rate_limit_hits set expires_at = created_at + interval '1 day';
drop index public.rate_limit_hits_created_at_idx;
create index rate_limit_hits_expires_at_idx on public.rate_limit_hits (expires_at);

-- p_buckets: [{"bucket": text, "weight": int, "max": int, "windowSeconds": int}, ...]. Returns null when every bucket
-- had room (and all were counted), else the name of the first bucket that refused (and nothing was counted).
create or replace function public.take_rate_limits(p_buckets jsonb)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  limit_row record;
  used bigint;
begin
  if p_buckets is null or jsonb_typeof(p_buckets) <> 'array' or jsonb_array_length(p_buckets) not between 1 and 8 then
    raise exception 'take_rate_limits needs an array of 1 to 8 buckets' using errcode = '22023';
  end if;
  if exists (
    select from jsonb_to_recordset(p_buckets) as b(bucket text, weight integer, max integer, "windowSeconds" integer)
      where b.bucket is null or b.weight is null or b.weight < 1 or b.max is null or b.max < 1
         or b."windowSeconds" is null or b."windowSeconds" < 1
  ) then
    raise exception 'take_rate_limits needs, per bucket, a name, a positive weight, limit and window'
      using errcode = '22023';
  end if;
  -- Locks in one order, so two calls sharing buckets cannot wait on each other.
  perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || b.bucket, 0))
    from (select distinct x.bucket from jsonb_to_recordset(p_buckets) as x(bucket text) order by x.bucket) b;
  delete from public.rate_limit_hits
    where id in (select h.id from public.rate_limit_hits h where h.expires_at <= now() limit 1000);
  for limit_row in
    select * from jsonb_to_recordset(p_buckets) as b(bucket text, weight integer, max integer, "windowSeconds" integer)
  loop
    select coalesce(sum(h.weight), 0) into used
      from public.rate_limit_hits h
      where h.bucket = limit_row.bucket
        and h.created_at > now() - make_interval(secs => limit_row."windowSeconds");
    if used + limit_row.weight > limit_row.max then
      return limit_row.bucket;
    end if;
  end loop;
  insert into public.rate_limit_hits (bucket, weight, expires_at)
    select b.bucket, b.weight, now() + make_interval(secs => b."windowSeconds")
      from jsonb_to_recordset(p_buckets) as b(bucket text, weight integer, "windowSeconds" integer);
  return null;
end;
$$;

comment on function public.take_rate_limits(jsonb) is
  'Rate limits of the edge functions: takes every bucket or none; null when taken, else the bucket that refused.';

-- The one-bucket form, kept for callers of the earlier migration: the same rules through take_rate_limits.
create or replace function public.take_rate_limit(
  p_bucket text,
  p_weight integer,
  p_max integer,
  p_window_seconds integer
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  return public.take_rate_limits(jsonb_build_array(jsonb_build_object(
    'bucket', p_bucket, 'weight', p_weight, 'max', p_max, 'windowSeconds', p_window_seconds))) is null;
end;
$$;

-- Only the functions (service role) call these.
revoke execute on function public.subscribe_newsletter(text, integer, integer) from public, anon, authenticated;
revoke execute on function public.confirm_newsletter_subscription(uuid, text) from public, anon, authenticated;
revoke execute on function public.unsubscribe_newsletter(uuid, text) from public, anon, authenticated;
revoke execute on function public.store_contact_message(text, text, text, text, real, text)
  from public, anon, authenticated;
revoke execute on function public.claim_mail_outbox(integer, integer) from public, anon, authenticated;
revoke execute on function public.finish_mail_outbox(uuid, text, text) from public, anon, authenticated;
revoke execute on function public.take_rate_limits(jsonb) from public, anon, authenticated;
grant execute on function public.subscribe_newsletter(text, integer, integer) to service_role;
grant execute on function public.confirm_newsletter_subscription(uuid, text) to service_role;
grant execute on function public.unsubscribe_newsletter(uuid, text) to service_role;
grant execute on function public.store_contact_message(text, text, text, text, real, text) to service_role;
grant execute on function public.claim_mail_outbox(integer, integer) to service_role;
grant execute on function public.finish_mail_outbox(uuid, text, text) to service_role;
grant execute on function public.take_rate_limits(jsonb) to service_role;
