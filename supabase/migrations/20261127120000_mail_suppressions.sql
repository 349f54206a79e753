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
revoke all on public.mail_suppressions from anon, authenticated;

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
revoke all on public.mail_event_receipts from anon, authenticated;

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
create or replace view public.newsletter_subscribers
  with (security_invoker = true)
  as select e.email, e.confirmed_at, e.created_at from public.emails e
    where e.status = 'confirmed'
      and not exists (select from public.mail_suppressions s where s.email = e.email);
comment on view public.newsletter_subscribers is
  'Confirmed newsletter subscribers, without suppressed addresses (export these). Owner only.';
revoke all on public.newsletter_subscribers from anon, authenticated;

revoke execute on function public.record_mail_event(text, text, text, text[], text) from public, anon, authenticated;
revoke execute on function public.suppressed_mail_addresses(text[]) from public, anon, authenticated;
grant execute on function public.record_mail_event(text, text, text, text[], text) to service_role;
grant execute on function public.suppressed_mail_addresses(text[]) to service_role;
