-- An outbox that never stalls and never sends twice (supabase/functions/_shared/mail/mailOutbox.ts states the whole
-- contract). Each claim carries a token, and only the holder of the current token can report the outcome: a sender
-- whose lease ran out and whose mail was claimed again cannot overwrite what the new holder reported. What is stored
-- with a mail is what its text is made from, so every attempt sends the same bytes: a confirmation keeps the expiry of
-- the link it carries, even when the subscriber asks again and their window is extended. A mail that waits for a
-- setting of ours (MAIL_FROM missing, the provider refusing our sender) waits without counting: the two-day limit runs
-- from when the mail was queued, requeued by the owner, or last waited for a setting. A mail claimed too many times,
-- or due for longer than that limit, is given up, with the reason.

alter table public.mail_outbox
  add column claim_token uuid,
  add column queued_at timestamptz not null default now(),
  add column link_expires_at timestamptz;

comment on column public.mail_outbox.claim_token is
  'The current claim (status sending): only the sender holding it reports the outcome.';
comment on column public.mail_outbox.queued_at is
  'When the mail was queued, requeued (set back to pending) or last waited for a setting: the give-up clock runs from here.';
comment on column public.mail_outbox.link_expires_at is
  'For a confirmation: when the link in this mail expires (the mail says so; a mail whose link expired is cancelled).';

update public.mail_outbox set queued_at = created_at;
update public.mail_outbox o set link_expires_at = e.confirm_expires_at
  from public.emails e
  where o.kind = 'newsletter_confirmation' and e.id = o.subscriber_id;
-- Mail claimed under the old contract has no token: it is due again.
update public.mail_outbox set status = 'pending', next_attempt_at = now() where status = 'sending';

alter table public.mail_outbox
  add constraint mail_outbox_claimed_with_token check ((status = 'sending') = (claim_token is not null));

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

-- Subscribing, as in 20261125090000, but a suppressed address queues nothing, and the confirmation mail keeps the
-- expiry of the link it will carry.
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
  -- A suppressed address (20261127120000) is sent nothing and stored nowhere; the caller answers as for any address.
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

-- Claiming. First, what has been due too long is given up: claimed p_max_attempts times (a sender that dies on a mail
-- leaves it claimed without an outcome, again and again), or queued more than p_give_up_after_seconds ago. Then up to
-- p_limit due mails are leased for p_lease_seconds, each with a new claim token, with what their text is made from.
drop function public.claim_mail_outbox(integer, integer);
create function public.claim_mail_outbox(
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
    where o.status in ('pending', 'sending') and o.next_attempt_at <= now()
      and (o.attempts >= p_max_attempts or o.queued_at < now() - make_interval(secs => p_give_up_after_seconds));

  return query
    with due as (
      select o.id from public.mail_outbox o
        where o.status in ('pending', 'sending') and o.next_attempt_at <= now()
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
drop function public.finish_mail_outbox(uuid, text, text);
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

revoke execute on function public.claim_mail_outbox(integer, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.finish_mail_outbox(uuid, uuid, text, text, integer) from public, anon, authenticated;
grant execute on function public.claim_mail_outbox(integer, integer, integer, integer) to service_role;
grant execute on function public.finish_mail_outbox(uuid, uuid, text, text, integer) to service_role;
