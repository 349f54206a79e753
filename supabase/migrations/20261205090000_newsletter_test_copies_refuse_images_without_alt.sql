-- The owner's test copy is refused as a scheduled issue is: asking for a test of an issue with an image without alt
-- text queues no copy, and the issue is a draft again with why in last_error (the guide's promise), so nothing goes out
-- later by itself once the text is fixed: the owner asks for a new test. A test that is queued clears an earlier why.
-- The rule is one function, which scheduling uses too (queue_due_newsletter_issues, otherwise as in
-- 20261122000500_newsletter.sql); it also finds a reference-style image without alt text (![][name]), which the mail's
-- Markdown renders as an image as well.

-- Why an issue's text cannot be sent, or null: an image with no alt text leaves a reader of a screen reader, or of a
-- mail program that blocks images, with nothing. p_then says what the owner does once it is fixed.
create or replace function private.newsletter_issue_refusal(p_body_markdown text, p_then text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_body_markdown ~ '!\[\s*\][(\[]'
              then 'An image has no alt text: write ![what it shows](address), then ' || p_then end;
$$;

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

-- The owner's test copy, and cancelling: what a change of an issue's status does to the outbox.
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

-- The rule runs inside the sender's function (as the service role) and the trigger; nobody else calls it. The
-- replaced functions keep their privileges (create or replace), named again here as every migration names them.
revoke all on function private.newsletter_issue_refusal(text, text) from public, anon, authenticated, service_role;
grant execute on function private.newsletter_issue_refusal(text, text) to service_role;
revoke all on function private.newsletter_issue_queued_or_cancelled() from public, anon, authenticated, service_role;
revoke all on function public.queue_due_newsletter_issues(integer) from public, anon, authenticated, service_role;
grant execute on function public.queue_due_newsletter_issues(integer) to service_role;
