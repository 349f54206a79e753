-- Newsletter issues: what the owner writes in the dashboard (or the site writes as the weekly digest of new videos and
-- courses), sent to every confirmed subscriber by the newsletter-send function (supabase/functions/_shared/mail/
-- newsletterSender.ts), then public as the site's archive (/newsletter/issues/<slug>) and feed. The owner moves an issue
-- through its life by setting `status`:
--   draft      being written (the default); the owner may edit it freely
--   test       the owner asks for one copy to OWNER_EMAIL, as subscribers will see it: it is queued at once and the
--              issue is back to draft (test_requested_at says when)
--   scheduled  to be sent at send_at (empty: at once); back to draft to edit it again
--   sending    being sent (set by the sender only): a copy per confirmed subscriber was queued when it got here;
--              subject and text no longer change
--   sent       every copy was sent or given up (set by the sender only)
-- An issue that is sending or sent is public: the site's archive shows it.
--   cancelled  no copy goes out any more; copies already sent stay sent
create table public.newsletter_issues (
  id uuid primary key default gen_random_uuid(),
  kind text not null default 'issue',
  subject text not null,
  body_markdown text not null default '',
  status text not null default 'draft',
  send_at timestamptz,
  slug text not null,
  test_requested_at timestamptz,
  queued_at timestamptz,
  recipients integer,
  sent_at timestamptz,
  cancelled_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint newsletter_issues_kind_known check (kind in ('issue', 'digest')),
  constraint newsletter_issues_status_known check (
    status in ('draft', 'test', 'scheduled', 'sending', 'sent', 'cancelled')
  ),
  constraint newsletter_issues_subject_length check (char_length(btrim(subject)) between 1 and 200),
  constraint newsletter_issues_subject_one_line check (subject !~ '[[:cntrl:]]'),
  constraint newsletter_issues_body_length check (char_length(body_markdown) <= 100000),
  constraint newsletter_issues_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
  constraint newsletter_issues_slug_key unique (slug),
  constraint newsletter_issues_error_short check (char_length(last_error) <= 1000)
);

comment on table public.newsletter_issues is
  'Newsletter issues: written by the owner (or the weekly digest), sent to every confirmed subscriber, then public.';
comment on column public.newsletter_issues.status is
  'draft -> test (one copy to OWNER_EMAIL, back to draft) | scheduled (at send_at) -> sending -> sent; or cancelled.';
comment on column public.newsletter_issues.send_at is 'When a scheduled issue is sent; empty: as soon as it is scheduled.';
comment on column public.newsletter_issues.slug is 'Its address in the archive: /newsletter/issues/<slug>.';
comment on column public.newsletter_issues.recipients is 'Copies queued when it started sending.';

create index newsletter_issues_due_idx on public.newsletter_issues (send_at) where status = 'scheduled';
create index newsletter_issues_sent_idx on public.newsletter_issues (sent_at desc) where status = 'sent';

-- An address from the subject: lower-case words joined by "-", made unique with a number when another issue has it.
create or replace function private.newsletter_issue_slug(p_subject text, p_id uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  base text := left(btrim(regexp_replace(lower(coalesce(p_subject, '')), '[^a-z0-9]+', '-', 'g'), '-'), 80);
  candidate text;
  n integer := 1;
begin
  base := coalesce(nullif(btrim(base, '-'), ''), 'issue');
  candidate := base;
  while exists (select from public.newsletter_issues i where i.slug = candidate and i.id <> p_id) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end;
$$;

-- The life of an issue (above): which changes of status are allowed, and what can no longer be edited once it is on
-- its way. Only the sender's functions (below) move an issue to sending and sent: they say so with
-- the transaction-local setting newsletter.sender, which a dashboard edit does not have.
create or replace function private.newsletter_issue_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status not in ('draft', 'test', 'scheduled') then
      raise exception 'A new issue is a draft (or test, or scheduled), not %', new.status using errcode = '22023';
    end if;
    new.slug := private.newsletter_issue_slug(new.subject, new.id);
  else
    if old.status in ('sending', 'sent', 'cancelled')
       and (new.subject is distinct from old.subject or new.body_markdown is distinct from old.body_markdown
            or new.kind is distinct from old.kind or new.slug is distinct from old.slug) then
      raise exception 'An issue that is % cannot be edited: write a new one', old.status using errcode = '22023';
    end if;
    if new.status is distinct from old.status and not (
      (old.status in ('draft', 'test') and new.status in ('draft', 'test', 'scheduled', 'cancelled'))
      or (old.status = 'scheduled' and new.status in ('draft', 'cancelled'))
      or (old.status = 'scheduled' and new.status = 'sending' and current_setting('newsletter.sender', true) = 'on')
      or (old.status = 'sending' and new.status = 'sent' and current_setting('newsletter.sender', true) = 'on')
      or (old.status = 'sending' and new.status = 'cancelled')
    ) then
      raise exception 'An issue that is % cannot become %', old.status, new.status using errcode = '22023',
        hint = 'draft -> test, scheduled or cancelled; scheduled -> draft or cancelled; sending -> cancelled';
    end if;
    if old.status in ('draft', 'test', 'scheduled') and new.subject is distinct from old.subject then
      new.slug := private.newsletter_issue_slug(new.subject, new.id);
    end if;
  end if;
  if new.status = 'cancelled' and new.cancelled_at is null then
    new.cancelled_at := now();
  end if;
  if new.status = 'sent' and new.sent_at is null then
    new.sent_at := now();
  end if;
  return new;
end;
$$;

-- The slug is made by whoever writes the issue (the owner, or the digest through the secret key); the trigger
-- functions run when they fire, and nobody calls them.
revoke all on function private.newsletter_issue_slug(text, uuid) from public, anon, authenticated, service_role;
grant execute on function private.newsletter_issue_slug(text, uuid) to service_role;
revoke all on function private.newsletter_issue_changed() from public, anon, authenticated, service_role;

create trigger newsletter_issues_changed
  before insert or update on public.newsletter_issues
  for each row execute function private.newsletter_issue_changed();

create trigger newsletter_issues_set_updated_at
  before update on public.newsletter_issues
  for each row execute function private.set_updated_at();

alter table public.newsletter_issues enable row level security;

-- Visitors read the archive: issues that went out (or are going out: the "view in the browser" link of a copy works
-- at once), and only what the archive shows.
revoke all on table public.newsletter_issues from anon, authenticated, service_role;
grant select (id, kind, subject, body_markdown, slug, queued_at, sent_at, updated_at) on table public.newsletter_issues
  to anon, authenticated;
grant select, insert, update, delete on table public.newsletter_issues to service_role;
create policy "issues sent are public" on public.newsletter_issues
  for select to anon, authenticated
  using (status in ('sending', 'sent'));

-- Sending an issue: each copy is a row of the outbox (public.mail_outbox, kind newsletter_issue), with the same life as
-- every other mail there (pending; sending under a lease with a claim token; sent, failed or cancelled, with the last
-- error), so the owner reads one table, and the same rules hold: nothing is lost, nothing is sent twice. What is
-- particular to a bulk send:
--   - the copies are queued by one statement when the issue starts sending (queue_due_newsletter_issues): one per
--     confirmed subscriber who is not on the suppression list (public.mail_suppressions), never two (a unique
--     index), numbered into batches of the provider's size, so that a batch is the same copies on every attempt (its idempotency key is the issue and the batch);
--   - they are claimed a whole batch at a time (claim_newsletter_batches), and at each claim a copy to someone who
--     left or was suppressed since it was queued is cancelled instead, while its batch was never handed to the
--     provider: a retried batch is the same request as its first attempt (see the function);
--   - outcomes are reported for many copies at once (finish_newsletter_copies), by the holder of the claim only; the
--     issue is sent when its last copy is;
--   - the single-mail sender (claim_mail_outbox) leaves them to the newsletter sender.
-- The owner's test copy is a row too (kind newsletter_test, to OWNER_EMAIL), sent by the newsletter sender.
-- The outbox's columns for them (issue_id, batch) and its indexes are in 20261122000400_mail_outbox.sql; the
-- reference to the issue is made here, where the issues are.
alter table public.mail_outbox
  add constraint mail_outbox_issue_id_fkey
  foreign key (issue_id) references public.newsletter_issues (id) on delete cascade;

-- Why a copy was not sent: the values of last_error the progress view counts.
create or replace function private.newsletter_skip_reason(p_what text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_what
    when 'unsubscribed' then 'Not sent: the subscriber left before it went out'
    -- The words record_mail_event writes when it cancels mail to an address it suppresses.
    when 'suppressed' then 'The address is on the suppression list'
    when 'cancelled' then 'Not sent: the issue was cancelled'
  end;
$$;

-- Why an issue's text cannot be sent, or null: an image with no alt text (inline, ![](address), or reference-style,
-- ![][name], which the mail's Markdown renders as an image as well) leaves a reader of a screen reader, or of a mail
-- program that blocks images, with nothing. p_then says what the owner does once it is fixed. Scheduling and the
-- owner's test copy both refuse by it.
create or replace function private.newsletter_issue_refusal(p_body_markdown text, p_then text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_body_markdown ~ '!\[\s*\][(\[]'
              then 'An image has no alt text: write ![what it shows](address), then ' || p_then end;
$$;

-- Issues due (scheduled, send_at empty or past) start sending: for each, in one transaction, a copy per confirmed,
-- unsuppressed subscriber is queued by one statement, in batches of p_batch_size, and the issue becomes sending (or
-- sent at once, with nobody to send it to). An issue refused (newsletter_issue_refusal) goes back to draft, with why.
-- Returns how many issues started.
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
  update public.newsletter_issues i
    set status = 'draft', last_error = private.newsletter_issue_refusal(i.body_markdown, 'schedule it again')
    where i.status = 'scheduled' and coalesce(i.send_at, now()) <= now()
      and private.newsletter_issue_refusal(i.body_markdown, 'schedule it again') is not null;
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
-- cancelled, not claimed, in a batch never handed to the provider; copies claimed p_max_attempts times already are
-- given up. Two senders never claim the same batch (a lock per batch, taken or skipped).
--
-- A retried batch is the same request as its first attempt. A batch is one call to the provider under one idempotency
-- key (the issue and the batch); the provider answers a repeat of a key it holds with what it did the first time, and
-- a repeat with another body with 409 (invalid_idempotent_request), which says nothing of whether the first went out.
-- So once a batch has been handed to the provider (a copy of it has an attempt counted: a call was made and its
-- outcome was not known to be final), its copies are no longer cancelled when their subscriber left or was suppressed
-- since: the batch goes again as it went, and whoever was in it gets the one copy that was on its way, once. A batch
-- never tried (no call made yet, or only waits for a setting, which count no attempt) still loses those copies.
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

    -- Only in a batch never handed to the provider (a retry must be the same request: see above).
    update public.mail_outbox o
      set status = 'cancelled', claim_token = null,
          last_error = private.newsletter_skip_reason(case when e.status <> 'confirmed' then 'unsubscribed' else 'suppressed' end)
      from public.emails e
      where o.issue_id = candidate.issue_id and o.batch = candidate.batch and o.kind = 'newsletter_issue'
        and o.status in ('pending', 'sending') and o.next_attempt_at <= now() and e.id = o.subscriber_id
        and not exists (
          select from public.mail_outbox tried
            where tried.issue_id = candidate.issue_id and tried.batch = candidate.batch and tried.attempts > 0)
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

-- The owner's test copy, and cancelling: what a change of an issue's status does to the outbox. A test copy is refused
-- as a scheduled issue is (newsletter_issue_refusal): no copy is queued and the issue is a draft again with why, so
-- nothing goes out later by itself once the text is fixed (the owner asks for a new test); a test that is queued
-- clears an earlier why.
create or replace function private.newsletter_issue_queued_or_cancelled()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  refusal text;
begin
  if new.status = 'test' then
    refusal := private.newsletter_issue_refusal(new.body_markdown, 'ask for a test again');
    if refusal is null then
      -- A batch of its own (-1: the copies' are numbered from 0).
      insert into public.mail_outbox (kind, issue_id, batch) values ('newsletter_test', new.id, -1);
    end if;
    update public.newsletter_issues set status = 'draft', test_requested_at = now(), last_error = refusal
      where id = new.id;
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
revoke all on table public.newsletter_issue_progress from anon, authenticated, service_role;
grant select on table public.newsletter_issue_progress to service_role;

-- The sender's functions run as the service role and write why a copy was not sent, or an issue was refused, with these
-- helpers; the trigger function runs when it fires.
revoke all on function private.newsletter_skip_reason(text) from public, anon, authenticated, service_role;
grant execute on function private.newsletter_skip_reason(text) to service_role;
revoke all on function private.newsletter_issue_refusal(text, text) from public, anon, authenticated, service_role;
grant execute on function private.newsletter_issue_refusal(text, text) to service_role;
revoke all on function private.newsletter_issue_queued_or_cancelled() from public, anon, authenticated, service_role;

revoke all on function public.queue_due_newsletter_issues(integer) from public, anon, authenticated, service_role;
grant execute on function public.queue_due_newsletter_issues(integer) to service_role;
revoke all on function public.claim_newsletter_batches(integer, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.claim_newsletter_batches(integer, integer, integer) to service_role;
revoke all on function public.finish_newsletter_copies(uuid[], uuid, text, text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.finish_newsletter_copies(uuid[], uuid, text, text, integer) to service_role;

-- The weekly digest: each week, at the day and hour the configuration names (NEWSLETTER_DIGEST_DAY, _HOUR, _TIMEZONE),
-- the newsletter-send function looks for videos published and courses added since the last look, and when there are
-- any, writes them as an issue (kind digest): scheduled, to be sent at once, when NEWSLETTER_DIGEST=send, else a draft
-- for the owner to read and schedule. Nothing new: no digest. Each week is looked at once, whoever looks (the primary
-- key), and the next look starts where the last one ended, so nothing new is ever in two digests or in none.
create table public.newsletter_digests (
  week_of timestamptz primary key,
  covers_from timestamptz not null,
  covers_until timestamptz not null,
  new_videos integer not null,
  new_courses integer not null,
  issue_id uuid references public.newsletter_issues (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint newsletter_digests_covers_forward check (covers_from <= covers_until),
  constraint newsletter_digests_counts check (new_videos >= 0 and new_courses >= 0)
);

comment on table public.newsletter_digests is
  'Each week the digest looked for new videos and courses: what it covered, what it found, the issue it wrote if any.';

alter table public.newsletter_digests enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on table public.newsletter_digests from anon, authenticated, service_role;
grant select, insert, update, delete on table public.newsletter_digests to service_role;

-- Where the digest of the week starting at p_week_of begins: the end of the last look (the week before, the first
-- time); null when that week was looked at already.
create or replace function public.newsletter_digest_since(p_week_of timestamptz)
returns timestamptz
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when exists (select from public.newsletter_digests d where d.week_of >= p_week_of) then null
    else coalesce((select max(d.covers_until) from public.newsletter_digests d), p_week_of - interval '7 days')
  end;
$$;

-- Records the week's look, once, and the digest it wrote when it found anything (in one transaction). Returns the new
-- issue's id; null when nothing was new, or when another look recorded this week first (nothing is written then).
create or replace function public.record_newsletter_digest(
  p_week_of timestamptz,
  p_covers_from timestamptz,
  p_covers_until timestamptz,
  p_new_videos integer,
  p_new_courses integer,
  p_subject text,
  p_body_markdown text,
  p_send boolean
)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  written uuid;
begin
  insert into public.newsletter_digests (week_of, covers_from, covers_until, new_videos, new_courses)
    values (p_week_of, p_covers_from, p_covers_until, p_new_videos, p_new_courses)
    on conflict (week_of) do nothing;
  if not found or p_new_videos + p_new_courses = 0 then
    return null;
  end if;
  insert into public.newsletter_issues (kind, subject, body_markdown, status)
    values ('digest', p_subject, p_body_markdown, case when p_send then 'scheduled' else 'draft' end)
    returning id into written;
  update public.newsletter_digests set issue_id = written where week_of = p_week_of;
  return written;
end;
$$;

revoke all on function public.newsletter_digest_since(timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.newsletter_digest_since(timestamptz) to service_role;
revoke all on function public.record_newsletter_digest(timestamptz, timestamptz, timestamptz, integer, integer,
  text, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.record_newsletter_digest(timestamptz, timestamptz, timestamptz, integer, integer,
  text, text, boolean) to service_role;
