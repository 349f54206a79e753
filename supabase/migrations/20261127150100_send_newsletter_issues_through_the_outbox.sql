-- Sending an issue: each copy is a row of the outbox (public.mail_outbox, kind newsletter_issue), with the same life as
-- every other mail there (pending; sending under a lease with a claim token; sent, failed or cancelled, with the last
-- error), so the owner reads one table, and the same rules hold: nothing is lost, nothing is sent twice. What is
-- particular to a bulk send:
--   - the copies are queued by one statement when the issue starts sending (queue_due_newsletter_issues): one per
--     confirmed subscriber who is not on the suppression list (public.mail_suppressions), never two (a unique index), numbered into batches of the provider's
--     size, so that a batch is the same copies on every attempt (its idempotency key is the issue and the batch);
--   - they are claimed a whole batch at a time (claim_newsletter_batches), and at each claim a copy to someone who
--     left or was suppressed since it was queued is cancelled instead;
--   - outcomes are reported for many copies at once (finish_newsletter_copies), by the holder of the claim only; the
--     issue is sent when its last copy is;
--   - the single-mail sender (claim_mail_outbox) leaves them to the newsletter sender.
-- The owner's test copy is a row too (kind newsletter_test, to OWNER_EMAIL), sent by the newsletter sender.

alter table public.mail_outbox
  add column issue_id uuid references public.newsletter_issues (id) on delete cascade,
  add column batch integer;

comment on column public.mail_outbox.issue_id is 'For a newsletter copy or test copy: the issue.';
comment on column public.mail_outbox.batch is
  'For a newsletter copy: its batch (sent in one call to the provider, the same copies on every attempt).';

alter table public.mail_outbox drop constraint mail_outbox_kind_known;
alter table public.mail_outbox add constraint mail_outbox_kind_known check (
  kind in ('newsletter_confirmation', 'newsletter_welcome', 'contact_notification', 'newsletter_issue', 'newsletter_test')
);
alter table public.mail_outbox drop constraint mail_outbox_about_one_row;
alter table public.mail_outbox add constraint mail_outbox_about_one_row check (
  case kind
    when 'contact_notification' then
      contact_id is not null and subscriber_id is null and issue_id is null
    when 'newsletter_issue' then
      subscriber_id is not null and issue_id is not null and batch is not null and contact_id is null
    when 'newsletter_test' then
      issue_id is not null and batch = -1 and subscriber_id is null and contact_id is null
    else
      subscriber_id is not null and contact_id is null and issue_id is null
  end
);

-- One copy of an issue per subscriber, whoever queues it and however often.
create unique index mail_outbox_issue_copy_key on public.mail_outbox (issue_id, subscriber_id)
  where kind = 'newsletter_issue';
-- The newsletter sender's due batches, in order.
create index mail_outbox_issue_due_idx on public.mail_outbox (issue_id, batch)
  where issue_id is not null and status in ('pending', 'sending');
-- The single-mail sender's due mail, without the copies of an issue (a hundred thousand of them must not be in its way).
drop index public.mail_outbox_due_idx;
create index mail_outbox_due_idx on public.mail_outbox (next_attempt_at)
  where status in ('pending', 'sending') and issue_id is null;

-- Why a copy was not sent: the values of last_error the progress view counts.
create or replace function private.newsletter_skip_reason(p_what text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_what
    when 'unsubscribed' then 'Not sent: the subscriber left before it went out'
    -- The words record_mail_event (20261127120000) writes when it cancels mail to an address it suppresses.
    when 'suppressed' then 'The address is on the suppression list'
    when 'cancelled' then 'Not sent: the issue was cancelled'
  end;
$$;

-- The single-mail sender, as in 20261127120100, without the copies of an issue (neither given up nor claimed there).
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
          else (
            select jsonb_build_object('subscriberId', e.id, 'email', e.email, 'status', e.status,
                                      'confirmNonce', e.confirm_nonce, 'confirmExpiresAt', e.confirm_expires_at,
                                      'unsubscribeNonce', e.unsubscribe_nonce)
              from public.emails e where e.id = o.subscriber_id)
        end;
end;
$$;


-- Issues due (scheduled, send_at empty or past) start sending: for each, in one transaction, a copy per confirmed,
-- unsuppressed subscriber is queued by one statement, in batches of p_batch_size, and the issue becomes sending (or
-- sent at once, with nobody to send it to). Returns how many issues started.
create or replace function public.queue_due_newsletter_issues(p_batch_size integer)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  due record;
  queued integer;
  started integer := 0;
begin
  if p_batch_size is null or p_batch_size not between 1 and 100 then
    raise exception 'queue_due_newsletter_issues needs a batch size of 1 to 100' using errcode = '22023';
  end if;
  perform set_config('newsletter.sender', 'on', true);
  -- An image with no alt text leaves a reader of a screen reader, or of a mail program that blocks images, with
  -- nothing: the issue goes back to draft, with why.
  update public.newsletter_issues i
    set status = 'draft', last_error = 'An image has no alt text: write ![what it shows](address), then schedule it again'
    where i.status = 'scheduled' and coalesce(i.send_at, now()) <= now() and i.body_markdown ~ '!\[\s*\]\(';
  for due in
    select i.id from public.newsletter_issues i
      where i.status = 'scheduled' and coalesce(i.send_at, now()) <= now()
      order by coalesce(i.send_at, i.updated_at)
      for update skip locked
  loop
    insert into public.mail_outbox (kind, subscriber_id, issue_id, batch)
      select 'newsletter_issue', e.id, due.id, (row_number() over (order by e.id) - 1) / p_batch_size
        from public.emails e
        where e.status = 'confirmed'
          and not exists (select from public.mail_suppressions s where s.email = e.email)
      on conflict (issue_id, subscriber_id) where kind = 'newsletter_issue' do nothing;
    get diagnostics queued = row_count;
    update public.newsletter_issues
      set status = 'sending', queued_at = now(), recipients = queued, last_error = null
      where id = due.id;
    if queued = 0 then
      update public.newsletter_issues set status = 'sent' where id = due.id;
    end if;
    started := started + 1;
  end loop;
  return started;
end;
$$;

-- Claims up to p_batches due batches (whole: a batch is one call to the provider) for p_lease_seconds, under one new
-- claim token, and returns their copies with what each is written from. Copies of issues no longer sending are not
-- claimed (a cancelled issue's are cancelled); copies to someone who left or was suppressed since they were queued are
-- cancelled, not claimed; copies claimed p_max_attempts times already are given up. Two senders never claim the same
-- batch (a lock per batch, taken or skipped).
create or replace function public.claim_newsletter_batches(
  p_batches integer,
  p_lease_seconds integer,
  p_max_attempts integer
)
returns table (
  id uuid,
  kind text,
  issue_id uuid,
  batch integer,
  attempts integer,
  claim_token uuid,
  subscriber_id uuid,
  email text,
  unsubscribe_nonce text
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  token uuid := gen_random_uuid();
  candidate record;
  copies integer;
  claimed integer := 0;
begin
  if p_batches is null or p_batches not between 1 and 50 or p_lease_seconds is null or p_lease_seconds < 1
     or p_max_attempts is null or p_max_attempts < 1 then
    raise exception 'claim_newsletter_batches needs 1 to 50 batches, a positive lease and attempt limit'
      using errcode = '22023';
  end if;
  perform set_config('newsletter.sender', 'on', true);

  -- Copies of a cancelled issue still waiting (claimed by a sender that stopped) go no further.
  update public.mail_outbox o
    set status = 'cancelled', claim_token = null, last_error = private.newsletter_skip_reason('cancelled')
    from public.newsletter_issues i
    where o.issue_id = i.id and i.status = 'cancelled' and o.status in ('pending', 'sending')
      and o.next_attempt_at <= now();

  for candidate in
    select distinct d.issue_id, d.batch
      from (
        select o.issue_id, o.batch from public.mail_outbox o
          join public.newsletter_issues i on i.id = o.issue_id
          where o.issue_id is not null and o.status in ('pending', 'sending') and o.next_attempt_at <= now()
            and (i.status = 'sending' or (o.kind = 'newsletter_test' and i.status <> 'cancelled'))
          order by o.issue_id, o.batch
          limit p_batches * 100
      ) d
      order by d.issue_id, d.batch
  loop
    exit when claimed >= p_batches;
    continue when not pg_try_advisory_xact_lock(hashtextextended('newsletter_batch:' || candidate.issue_id || ':' || candidate.batch, 0));

    update public.mail_outbox o
      set status = 'failed', claim_token = null,
          last_error = left(format('Given up after %s attempts', o.attempts) || coalesce('. Last error: ' || o.last_error, ''), 1000)
      where o.issue_id = candidate.issue_id and o.batch = candidate.batch and o.status in ('pending', 'sending')
        and o.next_attempt_at <= now() and o.attempts >= p_max_attempts;

    update public.mail_outbox o
      set status = 'cancelled', claim_token = null,
          last_error = private.newsletter_skip_reason(case when e.status <> 'confirmed' then 'unsubscribed' else 'suppressed' end)
      from public.emails e
      where o.issue_id = candidate.issue_id and o.batch = candidate.batch and o.kind = 'newsletter_issue'
        and o.status in ('pending', 'sending') and o.next_attempt_at <= now() and e.id = o.subscriber_id
        and (e.status <> 'confirmed'
             or exists (select from public.mail_suppressions s where s.email = e.email));

    update public.mail_outbox o
      set status = 'sending', attempts = o.attempts + 1, claim_token = token,
          next_attempt_at = now() + make_interval(secs => p_lease_seconds)
      where o.issue_id = candidate.issue_id and o.batch = candidate.batch and o.status in ('pending', 'sending')
        and o.next_attempt_at <= now();
    get diagnostics copies = row_count;
    -- A batch whose every copy was cancelled or given up is not one of the batches asked for.
    if copies > 0 then
      claimed := claimed + 1;
    end if;
  end loop;

  return query
    select o.id, o.kind, o.issue_id, o.batch, o.attempts, o.claim_token, o.subscriber_id, e.email, e.unsubscribe_nonce
      from public.mail_outbox o
      left join public.emails e on e.id = o.subscriber_id
      where o.claim_token = token and o.status = 'sending'
      order by o.issue_id, o.batch, o.id;
end;
$$;

-- The outcome of claimed copies, by the holder of the claim only (p_claim_token): sent; failed (refused for good);
-- retry (due again in p_retry_after_seconds); wait (not tried, a setting of ours is missing: due again in
-- p_retry_after_seconds, the attempt not counted); release (not tried: due again at once, not counted). Returns
-- how many were recorded (fewer when another sender holds some now). An issue whose last copy is done is sent.
create or replace function public.finish_newsletter_copies(
  p_ids uuid[],
  p_claim_token uuid,
  p_outcome text,
  p_error text default null,
  p_retry_after_seconds integer default 0
)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  recorded integer;
begin
  if p_outcome is null or p_outcome not in ('sent', 'failed', 'retry', 'wait', 'release') then
    raise exception 'finish_newsletter_copies: unknown outcome %', p_outcome using errcode = '22023';
  end if;
  if p_retry_after_seconds is null or p_retry_after_seconds < 0 or cardinality(p_ids) > 1000 then
    raise exception 'finish_newsletter_copies: at most 1000 copies, and a retry delay of 0 s or more'
      using errcode = '22023';
  end if;
  perform set_config('newsletter.sender', 'on', true);
  update public.mail_outbox o
    set status = case p_outcome when 'sent' then 'sent' when 'failed' then 'failed' else 'pending' end,
        claim_token = null,
        sent_at = case when p_outcome = 'sent' then now() else o.sent_at end,
        last_error = case when p_outcome = 'release' then o.last_error else left(p_error, 1000) end,
        attempts = case when p_outcome in ('wait', 'release') then greatest(o.attempts - 1, 0) else o.attempts end,
        next_attempt_at = case
                            when p_outcome in ('retry', 'wait') then now() + make_interval(secs => p_retry_after_seconds)
                            when p_outcome = 'release' then now()
                            else o.next_attempt_at
                          end
    where o.id = any (p_ids) and o.status = 'sending' and o.claim_token = p_claim_token;
  get diagnostics recorded = row_count;

  update public.newsletter_issues i
    set status = 'sent'
    where i.status = 'sending'
      and i.id in (select o.issue_id from public.mail_outbox o where o.id = any (p_ids))
      and not exists (
        select from public.mail_outbox o
          where o.issue_id = i.id and o.kind = 'newsletter_issue' and o.status in ('pending', 'sending'));
  return recorded;
end;
$$;

-- The owner's test copy, and cancelling: what a change of an issue's status does to the outbox.
create or replace function private.newsletter_issue_queued_or_cancelled()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'test' then
    -- A batch of its own (-1: the copies' are numbered from 0).
    insert into public.mail_outbox (kind, issue_id, batch) values ('newsletter_test', new.id, -1);
    update public.newsletter_issues set status = 'draft', test_requested_at = now() where id = new.id;
  elsif new.status = 'cancelled' and old.status is distinct from 'cancelled' then
    update public.mail_outbox
      set status = 'cancelled', last_error = private.newsletter_skip_reason('cancelled')
      where issue_id = new.id and status = 'pending';
  end if;
  return null;
end;
$$;

create trigger newsletter_issues_queued_or_cancelled
  after insert or update of status on public.newsletter_issues
  for each row execute function private.newsletter_issue_queued_or_cancelled();

-- What the owner reads for each issue: how far it is, copy by copy.
create view public.newsletter_issue_progress
  with (security_invoker = true)
  as select i.id, i.subject, i.kind, i.status, i.send_at, i.queued_at, i.sent_at, i.recipients,
            count(o.id) filter (where o.status in ('pending', 'sending'))::integer as queued,
            count(o.id) filter (where o.status = 'sent')::integer as sent,
            count(o.id) filter (where o.status = 'failed')::integer as failed,
            count(o.id) filter (where o.status = 'cancelled'
                                  and o.last_error like private.newsletter_skip_reason('suppressed') || '%')::integer
              as suppressed,
            count(o.id) filter (where o.last_error = private.newsletter_skip_reason('unsubscribed'))::integer
              as unsubscribed,
            count(o.id) filter (where o.last_error = private.newsletter_skip_reason('cancelled'))::integer
              as cancelled
       from public.newsletter_issues i
       left join public.mail_outbox o on o.issue_id = i.id and o.kind = 'newsletter_issue'
       group by i.id;
comment on view public.newsletter_issue_progress is
  'Each newsletter issue and its copies: queued, sent, failed, and not sent (suppressed, unsubscribed, cancelled).';
revoke all on public.newsletter_issue_progress from anon, authenticated;

-- The sender's functions run as the service role and write why a copy was not sent with this helper.
grant usage on schema private to service_role;
grant execute on function private.newsletter_skip_reason(text) to service_role;

revoke execute on function public.queue_due_newsletter_issues(integer) from public, anon, authenticated;
revoke execute on function public.claim_newsletter_batches(integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.finish_newsletter_copies(uuid[], uuid, text, text, integer)
  from public, anon, authenticated;
grant execute on function public.queue_due_newsletter_issues(integer) to service_role;
grant execute on function public.claim_newsletter_batches(integer, integer, integer) to service_role;
grant execute on function public.finish_newsletter_copies(uuid[], uuid, text, text, integer) to service_role;
