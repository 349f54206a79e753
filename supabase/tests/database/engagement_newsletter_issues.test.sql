-- Newsletter issues (migrations 20261127150000-150200): the life of an issue, its copies queued by one statement to
-- confirmed subscribers only, claimed a whole batch at a time under a token that alone can finish them, nothing sent to
-- someone who left, a cancelled issue stopped, the owner's test copy, the archive public and nothing else, the weekly
-- digest looked at once a week.
begin;
create extension if not exists pgtap with schema extensions;
select plan(53);

select has_table('public', 'newsletter_issues', 'newsletter_issues exists');
select has_table('public', 'newsletter_digests', 'newsletter_digests exists');
select has_view('public', 'newsletter_issue_progress', 'the owner reads each issue''s progress in a view');
select is((select bool_and(relrowsecurity) from pg_class
           where oid in ('public.newsletter_issues'::regclass, 'public.newsletter_digests'::regclass)),
  true, 'both tables have row-level security');

-- Subscribers: three confirmed, one pending, one unsubscribed, one suppressed (a bounce).
insert into public.emails (email) values ('one@example.com'), ('two@example.com'), ('three@example.com'),
  ('bounced@example.com'), ('later.bounced@example.com');
insert into public.mail_suppressions (email, reason) values ('bounced@example.com', 'bounce');
insert into public.emails (email, status, confirm_nonce, confirm_expires_at)
  values ('waiting@example.com', 'pending', repeat('n', 32), now() + interval '1 day');
insert into public.emails (email, status) values ('gone@example.com', 'unsubscribed');

-- The owner writes an issue.
insert into public.newsletter_issues (subject, body_markdown) values ('Hello, world!', 'First **issue**.');
select results_eq($$ select status, slug from public.newsletter_issues where subject = 'Hello, world!' $$,
  $$ values ('draft', 'hello-world') $$, 'a new issue is a draft, with an address from its subject');
insert into public.newsletter_issues (subject) values ('Hello world');
select results_eq($$ select slug from public.newsletter_issues where subject = 'Hello world' $$,
  $$ values ('hello-world-2') $$, 'two issues never share an address');
select throws_ok($$ insert into public.newsletter_issues (subject, status) values ('Sent already', 'sent') $$,
  '22023', null, 'a new issue cannot claim to be sent');
select throws_ok($$ insert into public.newsletter_issues (subject) values (E'Two\nlines') $$,
  '23514', null, 'a subject is one line');
select throws_ok($$ update public.newsletter_issues set status = 'sending' where subject = 'Hello, world!' $$,
  '22023', null, 'the owner cannot set an issue sending: the sender does, with its copies');

-- A test copy: one row for the owner, and the issue is a draft again.
update public.newsletter_issues set status = 'test' where subject = 'Hello, world!';
select results_eq($$ select status, test_requested_at is not null from public.newsletter_issues
                     where subject = 'Hello, world!' $$,
  $$ values ('draft', true) $$, 'asking for a test leaves a draft');
select results_eq($$ select o.kind, o.subscriber_id is null from public.mail_outbox o
                     join public.newsletter_issues i on i.id = o.issue_id where i.subject = 'Hello, world!' $$,
  $$ values ('newsletter_test', true) $$, 'with one test copy queued, to nobody on the list');

-- Scheduling and queuing: one copy per confirmed subscriber, in batches.
update public.newsletter_issues set status = 'scheduled', send_at = now() + interval '1 hour'
  where subject = 'Hello, world!';
set local role service_role;
select is(public.queue_due_newsletter_issues(2), 0, 'an issue scheduled for later waits');
reset role;
update public.newsletter_issues set send_at = null where subject = 'Hello, world!';
set local role service_role;
select is(public.queue_due_newsletter_issues(2), 1, 'an issue scheduled for now starts');
select results_eq($$ select status, recipients, queued_at is not null from public.newsletter_issues
                     where subject = 'Hello, world!' $$,
  $$ values ('sending', 4, true) $$, 'it is sending, to four recipients');
select results_eq($$ select e.email, o.batch, o.status from public.mail_outbox o
                     join public.emails e on e.id = o.subscriber_id
                     join public.newsletter_issues i on i.id = o.issue_id
                     where i.subject = 'Hello, world!' order by e.id $$,
  $$ select e.email, ((row_number() over (order by e.id)) - 1)::int / 2, 'pending'
       from public.emails e
       where e.email in ('one@example.com', 'two@example.com', 'three@example.com', 'later.bounced@example.com')
       order by e.id $$,
  'a copy per confirmed subscriber, none for pending, unsubscribed or suppressed ones, in batches of two');
select is(public.queue_due_newsletter_issues(2), 0, 'an issue is queued once');
select throws_ok($$ update public.newsletter_issues set body_markdown = 'changed' where subject = 'Hello, world!' $$,
  '22023', null, 'a sending issue cannot be edited');
select throws_ok($$ select public.queue_due_newsletter_issues(101) $$, '22023', null,
  'a batch is at most the provider''s hundred');
select is_empty($$ select * from public.claim_mail_outbox(100, 60, 5, 3600)
                   where kind in ('newsletter_issue', 'newsletter_test') $$,
  'the single-mail sender leaves the copies to the newsletter sender');

-- Between queuing and sending, someone leaves, and another address bounces.
reset role;
update public.emails set status = 'unsubscribed' where email = 'three@example.com';
insert into public.mail_suppressions (email, reason) values ('later.bounced@example.com', 'bounce');
set local role service_role;

-- Claims: the test copy (a batch of its own), then whole batches under one token.
create temporary table test_claim on commit drop as select * from public.claim_newsletter_batches(1, 60, 5);
select results_eq($$ select kind, email, batch from test_claim $$,
  $$ values ('newsletter_test', null::text, -1) $$,
  'the owner''s test copy is claimed by the newsletter sender, alone, with no subscriber''s address');
create temporary table first_claim on commit drop as select * from public.claim_newsletter_batches(1, 60, 5);
select results_eq($$ select count(distinct batch)::int, count(distinct claim_token)::int, min(attempts), min(kind)
                     from first_claim $$,
  $$ values (1, 1, 1, 'newsletter_issue') $$, 'a claim takes a whole batch of copies, under one token');
create temporary table second_claim on commit drop as
  select * from public.claim_newsletter_batches(5, 60, 5);
select is((select count(*)::int from second_claim s join first_claim f using (id)), 0,
  'a claimed batch is nobody else''s');
select results_eq($$ select e.email, o.last_error from public.mail_outbox o join public.emails e on e.id = o.subscriber_id
                     where o.status = 'cancelled' and o.kind = 'newsletter_issue' order by e.email $$,
  $$ values ('later.bounced@example.com', 'The address is on the suppression list'),
            ('three@example.com', 'Not sent: the subscriber left before it went out') $$,
  'the copies to someone who left or was suppressed since are cancelled, not claimed');

-- Finishing: by the holder of the token only.
select is(public.finish_newsletter_copies(array(select id from first_claim), gen_random_uuid(), 'sent'), 0,
  'another token records nothing');
select is(public.finish_newsletter_copies(array(select id from first_claim), (select claim_token from first_claim limit 1),
  'retry', 'the mail API answered 500', 5), (select count(*)::int from first_claim), 'the holder records a retry');
select results_eq($$ select distinct status, last_error, next_attempt_at > now() + interval '4 seconds'
                     from public.mail_outbox where id in (select id from first_claim) $$,
  $$ values ('pending', 'the mail API answered 500', true) $$, 'due again after the delay, with why');
select is(public.finish_newsletter_copies(array(select id from first_claim), (select claim_token from first_claim limit 1),
  'sent'), 0, 'a finished claim cannot be finished again');
select throws_ok($$ select public.finish_newsletter_copies(array[gen_random_uuid()], gen_random_uuid(), 'lost') $$,
  '22023', null, 'an unknown outcome is a mistake');
reset role;
update public.mail_outbox set next_attempt_at = now() where id in (select id from first_claim);
set local role service_role;
create temporary table third_claim on commit drop as
  select * from public.claim_newsletter_batches(5, 60, 5) where kind = 'newsletter_issue';
select results_eq($$ select count(*)::int, min(attempts) from third_claim $$,
  $$ values ((select count(*)::int from first_claim), 2) $$, 'the retried batch is the same copies, claimed again');
select is(public.finish_newsletter_copies(array(select id from third_claim), (select claim_token from third_claim limit 1),
  'sent'), (select count(*)::int from third_claim), 'the holder records them sent');
-- The other batch (claimed second), if it held a copy: sent too.
select is(public.finish_newsletter_copies(array(select id from second_claim), (select claim_token from second_claim limit 1),
  'sent'), (select count(*)::int from second_claim), 'the other batch is sent');
select results_eq($$ select i.status, i.sent_at is not null from public.newsletter_issues i where subject = 'Hello, world!' $$,
  $$ values ('sent', true) $$, 'the last copy sent, the issue is sent');
reset role;
select results_eq($$ select recipients, queued, sent, failed, unsubscribed, suppressed, cancelled
                     from public.newsletter_issue_progress where subject = 'Hello, world!' $$,
  $$ values (4, 0, 2, 0, 1, 1, 0) $$, 'the progress view counts each copy');

-- Cancelling stops what has not gone.
insert into public.emails (email) values ('four@example.com');
insert into public.newsletter_issues (subject, status) values ('To be cancelled', 'scheduled');
set local role service_role;
select is(public.queue_due_newsletter_issues(100), 1, 'another issue starts');
reset role;
update public.newsletter_issues set status = 'cancelled' where subject = 'To be cancelled';
set local role service_role;
select is_empty($$ select * from public.claim_newsletter_batches(5, 60, 5) c
                   join public.newsletter_issues i on i.id = c.issue_id where i.subject = 'To be cancelled' $$,
  'nothing of a cancelled issue is claimed');
reset role;
select results_eq($$ select status, cancelled_at is not null from public.newsletter_issues where subject = 'To be cancelled' $$,
  $$ values ('cancelled', true) $$, 'it is cancelled');
select results_eq($$ select queued, sent, cancelled from public.newsletter_issue_progress where subject = 'To be cancelled' $$,
  $$ values (0, 0, 3) $$, 'and none of its copies went');
select throws_ok($$ update public.newsletter_issues set status = 'scheduled' where subject = 'To be cancelled' $$,
  '22023', null, 'a cancelled issue stays cancelled');

-- An image without alt text keeps an issue back.
insert into public.newsletter_issues (subject, body_markdown, status) values ('No alt', 'See ![](x.png)', 'scheduled');
set local role service_role;
select is(public.queue_due_newsletter_issues(100), 0, 'an issue with an image without alt text does not start');
reset role;
select results_eq($$ select status, last_error like 'An image has no alt text%' from public.newsletter_issues
                     where subject = 'No alt' $$,
  $$ values ('draft', true) $$, 'it is a draft again, with why');

-- The weekly digest: each week looked at once; the next look starts where the last ended.
set local role service_role;
select is(public.newsletter_digest_since('2026-11-23 09:00+00'), '2026-11-16 09:00+00'::timestamptz,
  'the first look covers the week before');
select is(public.record_newsletter_digest('2026-11-23 09:00+00', '2026-11-16 09:00+00', '2026-11-23 09:01+00', 0, 0,
  'New this week', '', false), null, 'nothing new: no digest');
select is(public.newsletter_digest_since('2026-11-23 09:00+00'), null, 'the week is looked at once');
select is(public.newsletter_digest_since('2026-11-30 09:00+00'), '2026-11-23 09:01+00'::timestamptz,
  'the next week starts where the last look ended');
select isnt(public.record_newsletter_digest('2026-11-30 09:00+00', '2026-11-23 09:01+00', '2026-11-30 09:02+00', 1, 0,
  'New this week: 1 new video', 'A video.', true), null, 'something new: a digest');
select results_eq($$ select kind, status from public.newsletter_issues where subject = 'New this week: 1 new video' $$,
  $$ values ('digest', 'scheduled') $$, 'written as an issue, scheduled when the owner chose so');
select is(public.record_newsletter_digest('2026-11-30 09:00+00', '2026-11-23 09:01+00', '2026-11-30 09:03+00', 1, 0,
  'Twice', 'A video.', true), null, 'a second look at the same week writes nothing');
reset role;

-- Visitors: the archive, nothing else.
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select results_eq($$ select subject from public.newsletter_issues order by subject $$,
  $$ values ('Hello, world!') $$, 'anon reads issues that were sent, and no draft, test or cancelled one');
select throws_ok($$ select last_error from public.newsletter_issues $$, '42501', null,
  'anon reads only what the archive shows');
select throws_ok($$ insert into public.newsletter_issues (subject) values ('Spam') $$, '42501', null,
  'anon cannot write an issue');
select throws_ok($$ select * from public.newsletter_issue_progress $$, '42501', null, 'anon cannot read the progress');
select throws_ok($$ select public.claim_newsletter_batches(1, 60, 5) $$, '42501', null, 'anon cannot claim copies');
reset role;
set local role authenticated;
select throws_ok($$ select * from public.newsletter_digests $$, '42501', null, 'authenticated cannot read the digests');
reset role;

select * from finish();
rollback;
