-- A retried newsletter batch is the same request as its first attempt (20261122000500_newsletter): once a batch was
-- handed to the provider, a subscriber who leaves or is suppressed before its retry keeps their copy in it, so the
-- retry sends the same bytes under the same key; a batch never tried (only waiting for a setting) still loses them.
begin;
create extension if not exists pgtap with schema extensions;
select plan(6);

insert into public.emails (email) values ('stays@example.com'), ('leaves@example.com'), ('bounces@example.com');
insert into public.newsletter_issues (subject, status) values ('Tried once', 'scheduled');
set local role service_role;
select is(public.queue_due_newsletter_issues(100), 1, 'the issue starts, its copies in one batch');
create temporary table first_try on commit drop as select * from public.claim_newsletter_batches(1, 60, 5);
select is(public.finish_newsletter_copies(array(select id from first_try), (select claim_token from first_try limit 1),
  'retry', 'the mail API answered 500', 0), 3, 'the call failed: the batch is due again');

-- Before the retry, one subscriber leaves and another address bounces.
reset role;
update public.emails set status = 'unsubscribed' where email = 'leaves@example.com';
insert into public.mail_suppressions (email, reason) values ('bounces@example.com', 'bounce');
set local role service_role;
create temporary table retry on commit drop as select * from public.claim_newsletter_batches(1, 60, 5);
select results_eq($$ select email, attempts from retry order by email $$,
  $$ values ('bounces@example.com', 2), ('leaves@example.com', 2), ('stays@example.com', 2) $$,
  'the retried batch is the same copies: none cancelled once it was handed to the provider');

-- A batch that only waited for a setting was never handed over: its copies still follow the subscribers.
reset role;
insert into public.emails (email) values ('waits@example.com'), ('leaves.before@example.com');
update public.emails set status = 'unsubscribed' where email in ('leaves@example.com', 'stays@example.com');
delete from public.mail_suppressions where email = 'bounces@example.com';
update public.emails set status = 'unsubscribed' where email = 'bounces@example.com';
insert into public.newsletter_issues (subject, status) values ('Never tried', 'scheduled');
set local role service_role;
select is(public.queue_due_newsletter_issues(100), 1, 'another issue starts');
create temporary table waited on commit drop as
  select c.* from public.claim_newsletter_batches(5, 60, 5) c
    join public.newsletter_issues i on i.id = c.issue_id where i.subject = 'Never tried';
select is(public.finish_newsletter_copies(array(select id from waited), (select claim_token from waited limit 1),
  'wait', 'No mail transport', 0), 2, 'its batch waits for a setting, no attempt counted');
reset role;
update public.emails set status = 'unsubscribed' where email = 'leaves.before@example.com';
set local role service_role;
create temporary table after_wait on commit drop as
  select c.* from public.claim_newsletter_batches(5, 60, 5) c
    join public.newsletter_issues i on i.id = c.issue_id where i.subject = 'Never tried';
select results_eq($$ select email from after_wait $$, $$ values ('waits@example.com') $$,
  'the copy of someone who left before any call is cancelled, not claimed');

select * from finish();
rollback;
