-- What visitors send: newsletter subscriptions, contact messages and analytics events. None is written by a visitor's
-- own request: an edge function validates it, takes it from the rate limits (one table, below) and writes it with
-- the secret key, so no limit can be dodged by writing directly, and no answer can tell whether an address is
-- subscribed. Visitors' roles have no privilege on any of these tables.

-- Newsletter subscribers: pending until the address is confirmed (double opt-in), then confirmed, until they
-- unsubscribe. The newsletter-subscribe function adds pending ones; a row the owner adds by hand is confirmed.
create table public.emails (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  status text not null default 'confirmed',
  confirm_nonce text,
  confirm_expires_at timestamptz,
  confirmed_at timestamptz,
  unsubscribe_nonce text not null default replace(gen_random_uuid()::text, '-', ''),
  unsubscribed_at timestamptz,
  -- case-insensitive, because emails_normalize_email lower-cases before the check runs
  constraint emails_email_key unique (email),
  constraint emails_email_length check (char_length(email) <= 254),
  -- spec §5: word characters with optional dot or hyphen separators, an @, a domain, a final suffix of 2-3 letters;
  -- the same rule as functions/_shared/isValidEmail.ts (one separator between runs, so no costly backtracking)
  constraint emails_email_format check (
    email ~ '^[A-Za-z0-9_]+([.-][A-Za-z0-9_]+)*@[A-Za-z0-9_]+([.-][A-Za-z0-9_]+)*(\.[A-Za-z]{2,3})+$'
  ),
  constraint emails_status_known check (status in ('pending', 'confirmed', 'unsubscribed')),
  constraint emails_pending_can_confirm check (
    status <> 'pending' or (confirm_nonce is not null and confirm_expires_at is not null)
  ),
  constraint emails_nonces_long check (
    char_length(unsubscribe_nonce) >= 32 and (confirm_nonce is null or char_length(confirm_nonce) >= 32)
  )
);

comment on table public.emails is
  'Newsletter subscribers (lower-cased, unique). Written by the newsletter functions, read only by the owner.';
comment on column public.emails.status is
  'pending: waiting for the address to be confirmed (expires); confirmed: a subscriber; unsubscribed: left, never mailed.';
comment on column public.emails.confirm_nonce is
  'Secret of the confirmation link (single use: cleared once confirmed). Never shown anywhere but in that mail.';
comment on column public.emails.unsubscribe_nonce is 'Secret of the unsubscribe link in every mail to this address.';

create trigger emails_normalize_email
  before insert or update of email on public.emails
  for each row execute function private.normalize_email();

create trigger emails_set_updated_at
  before update on public.emails
  for each row execute function private.set_updated_at();

-- A subscriber's confirmed_at says since when they are one, however they became one: the confirmation link sets it
-- (confirm_newsletter_subscription), and a row the owner adds by hand as confirmed (the default status), or sets
-- confirmed again, gets now() unless the owner gives the day they agreed. The report counts new subscribers by it.
create or replace function private.emails_confirmed_since()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'confirmed' and (
       (tg_op = 'INSERT' and new.confirmed_at is null)
       or (tg_op = 'UPDATE' and old.status is distinct from 'confirmed'
           and new.confirmed_at is not distinct from old.confirmed_at)
     ) then
    new.confirmed_at := now();
  end if;
  return new;
end;
$$;

-- A trigger function: it runs when it fires, and nobody calls it.
revoke all on function private.emails_confirmed_since() from public, anon, authenticated, service_role;

create trigger emails_confirmed_since
  before insert or update of status on public.emails
  for each row execute function private.emails_confirmed_since();

alter table public.emails enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on table public.emails from anon, authenticated, service_role;
grant select, insert, update, delete on table public.emails to service_role;

-- Contact form messages. Only the contact edge function writes here, with the service role, after it has checked the
-- reCAPTCHA token and the rate limit; visitors have no access at all.
create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  full_name text not null,
  email text not null,
  subject text not null,
  message text not null,
  recaptcha_score real,
  recaptcha_action text,
  client_hash text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint contacts_full_name_length check (char_length(btrim(full_name)) between 1 and 100),
  constraint contacts_email_format check (
    char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  constraint contacts_subject_length check (char_length(btrim(subject)) between 1 and 200),
  constraint contacts_message_length check (char_length(btrim(message)) between 1 and 5000),
  constraint contacts_recaptcha_score_range check (recaptcha_score between 0 and 1),
  constraint contacts_recaptcha_action_length check (char_length(recaptcha_action) <= 100),
  constraint contacts_client_hash_length check (char_length(client_hash) between 16 and 128)
);

comment on table public.contacts is 'Contact form messages, written by the contact edge function (service role) only.';
comment on column public.contacts.recaptcha_score is 'reCAPTCHA v3 score (0-1) from the server-side verification; NULL when no secret is configured.';
comment on column public.contacts.client_hash is 'Salted hash identifying the sender for rate limiting. Never an IP address.';

create index contacts_client_hash_created_at_idx on public.contacts (client_hash, created_at desc);

create trigger contacts_set_updated_at
  before update on public.contacts
  for each row execute function private.set_updated_at();

alter table public.contacts enable row level security;

-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on table public.contacts from anon, authenticated, service_role;
grant select, insert, update, delete on table public.contacts to service_role;

-- Analytics events (spec §9), recorded by the site instead of a cloud analytics service (the analytics-events
-- function writes them). No IP address is stored.
create table public.analytics_events (
  id bigint generated always as identity primary key,
  name text not null,
  payload jsonb not null default '{}',
  route text,
  created_at timestamptz not null default now(),
  constraint analytics_events_name_known check (
    name in (
      'userInApp',
      'userRoutes',
      'userRoutesFromFooter',
      'userCancelNewsletterPopup',
      'userViewsCV',
      'userSearchForProject',
      'userViewsTheProject',
      'userSearchForTutorial',
      'userPlaysATutorial',
      'userViewsAllTutorials',
      'userSearchForCourse',
      'userViewsACourse',
      'userClicksOnAd'
    )
  ),
  constraint analytics_events_payload_object check (jsonb_typeof(payload) = 'object'),
  constraint analytics_events_payload_size check (pg_column_size(payload) <= 2048),
  constraint analytics_events_route_length check (char_length(route) <= 2048),
  -- each event's details are small (a search term, a title): 512 bytes is plenty, and bounds what one event weighs
  constraint analytics_events_payload_small check (pg_column_size(payload) <= 512),
  constraint analytics_events_route_short check (char_length(route) <= 512)
);

comment on table public.analytics_events is
  'Visitor events (spec §9). Written by the analytics-events function, read only by the owner.';
comment on column public.analytics_events.payload is 'Event details as a JSON object, e.g. {"searchTerm": "angular"} (at most 2 KB).';

create index analytics_events_name_created_at_idx on public.analytics_events (name, created_at);
-- The owner's report reads ranges of events by their time.
create index analytics_events_created_at_idx on public.analytics_events (created_at);

alter table public.analytics_events enable row level security;

-- No policies: the service role bypasses RLS, everyone else is denied. Its identity column needs no privilege on
-- the sequence behind it.
revoke all on table public.analytics_events from anon, authenticated, service_role;
grant select, insert, update, delete on table public.analytics_events to service_role;
revoke all on sequence public.analytics_events_id_seq from anon, authenticated, service_role;

-- For the owner: analytics events counted per day (UTC) and name, newest day first in the dashboard with
-- `order by day desc`. A security-invoker view, so it shows exactly what the reader may read of analytics_events:
-- everything for the owner and the service role, nothing for visitors (who are also refused the view itself).
create view public.analytics_events_per_day
with (security_invoker = true)
as
select
  (created_at at time zone 'UTC')::date as day,
  name,
  count(*)::bigint as events
from public.analytics_events
group by 1, 2;

comment on view public.analytics_events_per_day is
  'Analytics events per day (UTC) and name. Owner only: select * from analytics_events_per_day order by day desc, events desc;';

revoke all on table public.analytics_events_per_day from anon, authenticated, service_role;
grant select on table public.analytics_events_per_day to service_role;

-- The rate limits of every write a visitor can cause (the numbers live with the functions,
-- supabase/functions/_shared/rateLimits.ts), kept in one table by a bucket name the function chooses: a salted hash of
-- the client address the platform vouches for, or a fixed name for all clients together. Each hit carries its own
-- expiry, and every call purges a batch of expired hits of any bucket, so the table holds only hits inside their
-- window however many client addresses come and go.
create table public.rate_limit_hits (
  id bigint generated always as identity primary key,
  bucket text not null,
  weight integer not null default 1,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 day',
  constraint rate_limit_hits_bucket_length check (char_length(bucket) between 8 and 160),
  constraint rate_limit_hits_weight_positive check (weight between 1 and 1000)
);

comment on table public.rate_limit_hits is
  'Recent writes per rate-limit bucket (a salted client hash, never an address, or a global name). Service role only.';

create index rate_limit_hits_bucket_created_at_idx on public.rate_limit_hits (bucket, created_at);
create index rate_limit_hits_expires_at_idx on public.rate_limit_hits (expires_at);

alter table public.rate_limit_hits enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on table public.rate_limit_hits from anon, authenticated, service_role;
grant select, insert, update, delete on table public.rate_limit_hits to service_role;
revoke all on sequence public.rate_limit_hits_id_seq from anon, authenticated, service_role;

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

-- The one-bucket form: the same rules through take_rate_limits.
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

comment on function public.take_rate_limit(text, integer, integer, integer) is
  'Rate limit of the edge functions: counts p_weight units in the bucket, false when over p_max per window.';

revoke all on function public.take_rate_limits(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.take_rate_limits(jsonb) to service_role;
revoke all on function public.take_rate_limit(text, integer, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.take_rate_limit(text, integer, integer, integer) to service_role;
