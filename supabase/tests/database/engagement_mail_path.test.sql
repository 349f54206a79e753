-- A mail path that holds (migrations 20261127120000-20261127120200): claims carry a token and a late finisher cannot
-- overwrite another sender's outcome; waiting for a setting never counts against a mail; what waited too long is
-- given up with its reason; the owner's requeue starts a mail afresh; a confirmation keeps its link's expiry; bounces
-- and complaints suppress addresses (once per event); old records are purged; visitors reach none of it.
begin;
create extension if not exists pgtap with schema extensions;
select plan(51);

select has_table('public', 'mail_suppressions', 'the suppression list exists');
select has_table('public', 'mail_event_receipts', 'the webhook receipts exist');
select results_eq($$ select bool_and(relrowsecurity) from pg_class
                     where oid in ('public.mail_suppressions'::regclass, 'public.mail_event_receipts'::regclass) $$,
  $$ values (true) $$, 'both have row-level security');

-- Nothing else is due while these tests run.
update public.mail_outbox set next_attempt_at = now() + interval '1 day' where status in ('pending', 'sending');

set local role service_role;
select public.store_contact_message('Ana Silva', 'ana@example.com', 'Claims', 'Hello', 0.9, 'contact');
create temporary table mail on commit drop as
  select o.id from public.mail_outbox o join public.contacts c on c.id = o.contact_id where c.subject = 'Claims';
create temporary table claims (sender text, claim_token uuid) on commit drop;

-- 1. Two senders: the first one's lease runs out mid-batch, the second claims the mail again and sends it.
insert into claims select 'first', claim_token from public.claim_mail_outbox(5, 120, 60, 172800);
select results_eq($$ select count(*)::int from claims $$, $$ values (1) $$, 'the first sender claims the mail');
select is(public.finish_mail_outbox((select id from mail), gen_random_uuid(), 'sent'), false,
  'an outcome without the claim''s token is not recorded');
select results_eq($$ select status from public.mail_outbox where id = (select id from mail) $$, $$ values ('sending') $$,
  'and changes nothing');
update public.mail_outbox set next_attempt_at = now() - interval '1 second' where id = (select id from mail);
insert into claims select 'second', claim_token from public.claim_mail_outbox(5, 120, 60, 172800);
select results_eq($$ select count(distinct claim_token)::int from claims $$, $$ values (2) $$,
  'once the lease has run out, a second sender claims it with a new token');
select is(public.finish_mail_outbox((select id from mail), (select claim_token from claims where sender = 'second'),
  'sent'), true, 'the second sender reports it sent');
select is(public.finish_mail_outbox((select id from mail), (select claim_token from claims where sender = 'first'),
  'retry', 'timed out', 5), false, 'the late first sender''s retry is refused');
select results_eq($$ select status, attempts, last_error is null, claim_token is null from public.mail_outbox
                     where id = (select id from mail) $$,
  $$ values ('sent', 2, true, true) $$, 'the mail stays sent, as the holder of the claim reported');

-- 2. Waiting for a setting, and running out of time, do not count.
select public.store_contact_message('Ana Silva', 'ana@example.com', 'Waits', 'Hello', 0.9, 'contact');
delete from mail;
insert into mail select o.id from public.mail_outbox o join public.contacts c on c.id = o.contact_id where c.subject = 'Waits';
reset role;
update public.mail_outbox set queued_at = now() - interval '1 day' where id = (select id from mail);
set local role service_role;
delete from claims;
insert into claims select 'sender', claim_token from public.claim_mail_outbox(5, 120, 60, 172800);
select is(public.finish_mail_outbox((select id from mail), (select claim_token from claims), 'wait',
  'OWNER_EMAIL is not one address', 30), true, 'a mail waiting for a setting is reported');
select results_eq($$ select status, attempts, last_error, queued_at > now() - interval '1 minute',
                            next_attempt_at between now() + interval '29 seconds' and now() + interval '31 seconds'
                     from public.mail_outbox where id = (select id from mail) $$,
  $$ values ('pending', 0, 'OWNER_EMAIL is not one address', true, true) $$,
  'it waits with the setting named, the attempt not counted, its two days started afresh');
update public.mail_outbox set next_attempt_at = now() where id = (select id from mail);
delete from claims;
insert into claims select 'sender', claim_token from public.claim_mail_outbox(5, 120, 60, 172800);
select is(public.finish_mail_outbox((select id from mail), (select claim_token from claims), 'release'), true,
  'a mail the run had no time for is released');
select results_eq($$ select status, attempts, last_error, next_attempt_at <= now() from public.mail_outbox
                     where id = (select id from mail) $$,
  $$ values ('pending', 0, 'OWNER_EMAIL is not one address', true) $$, 'due again at once, the attempt not counted');
select throws_ok($$ select public.finish_mail_outbox((select id from mail), gen_random_uuid(), 'maybe') $$, '22023',
  null, 'an unknown outcome is a mistake');

-- 3. Given up, with the reason: too many claims, or too long since it was queued.
reset role;
update public.mail_outbox set attempts = 60, last_error = 'the mail API answered 503'
  where id = (select id from mail);
set local role service_role;
select is_empty($$ select * from public.claim_mail_outbox(5, 120, 60, 172800) $$, 'a mail tried 60 times is not claimed');
select results_eq($$ select status, last_error from public.mail_outbox where id = (select id from mail) $$,
  $$ values ('failed', 'Given up after 60 attempts. Last error: the mail API answered 503') $$,
  'it is given up, with why');
-- The owner sends it again (docs/owner.md): it starts afresh.
update public.mail_outbox set status = 'pending', next_attempt_at = now() where id = (select id from mail);
select results_eq($$ select status, attempts, queued_at > now() - interval '1 minute' from public.mail_outbox
                     where id = (select id from mail) $$,
  $$ values ('pending', 0, true) $$, 'a requeued mail has its attempts and its two days again');
reset role;
update public.mail_outbox set queued_at = now() - interval '3 days', last_error = null where id = (select id from mail);
set local role service_role;
select is_empty($$ select * from public.claim_mail_outbox(5, 120, 60, 172800) $$,
  'a mail queued three days ago is not claimed');
select results_eq($$ select status, last_error from public.mail_outbox where id = (select id from mail) $$,
  $$ values ('failed', 'Given up: not sent within 2 days of being queued') $$, 'it is given up after two days');
reset role;
update public.mail_outbox set status = 'pending' where id = (select id from mail);
update public.mail_outbox set status = 'sending', claim_token = gen_random_uuid(), attempts = 60,
    next_attempt_at = now() - interval '1 second', last_error = null
  where id = (select id from mail);
set local role service_role;
select is_empty($$ select * from public.claim_mail_outbox(5, 120, 60, 172800) $$,
  'a mail whose senders keep stopping is not claimed a 61st time');
select results_eq($$ select status, last_error, claim_token is null from public.mail_outbox where id = (select id from mail) $$,
  $$ values ('failed', 'Given up: claimed 60 times, and the last sender stopped without reporting an outcome', true) $$,
  'it is given up, with why');

-- 4. A confirmation keeps the expiry of the link it carries.
select is(public.subscribe_newsletter('keeps.expiry@example.com', 3600, 3), true, 'an address subscribes');
create temporary table first_confirmation on commit drop as
  select o.id, o.link_expires_at from public.mail_outbox o join public.emails e on e.id = o.subscriber_id
    where e.email = 'keeps.expiry@example.com';
select results_eq($$ select f.link_expires_at = e.confirm_expires_at from first_confirmation f, public.emails e
                     where e.email = 'keeps.expiry@example.com' $$,
  $$ values (true) $$, 'its confirmation mail carries the link''s expiry');
select is(public.subscribe_newsletter('keeps.expiry@example.com', 7200, 3), true, 'it asks again, for longer');
select results_eq($$ select o.link_expires_at = f.link_expires_at, e.confirm_expires_at > f.link_expires_at
                     from public.mail_outbox o, first_confirmation f, public.emails e
                     where o.id = f.id and e.email = 'keeps.expiry@example.com' $$,
  $$ values (true, true) $$, 'the first mail keeps its expiry (its bytes do not change) while the window grows');
select results_eq($$ select count(distinct o.link_expires_at)::int from public.mail_outbox o
                     join public.emails e on e.id = o.subscriber_id where e.email = 'keeps.expiry@example.com' $$,
  $$ values (2) $$, 'the second mail has the new expiry');

-- 5. Bounces and complaints.
select is(public.subscribe_newsletter('bounces@example.com', 3600, 3), true, 'an address subscribes');
select is(public.record_mail_event('msg_bounce_1', 'email.bounced', 'bounce', array['Bounces@Example.com'],
  'Permanent/General: no such user'), 'suppressed', 'a hard bounce suppresses the address');
select results_eq($$ select email, reason, detail, webhook_id from public.mail_suppressions
                     where email = 'bounces@example.com' $$,
  $$ values ('bounces@example.com', 'bounce', 'Permanent/General: no such user', 'msg_bounce_1') $$,
  'the owner sees the address, why, and which event');
select results_eq($$ select o.status, o.last_error from public.mail_outbox o join public.emails e on e.id = o.subscriber_id
                     where e.email = 'bounces@example.com' $$,
  $$ values ('cancelled', 'The address is on the suppression list (bounce)') $$, 'mail waiting for it is cancelled');
select is(public.record_mail_event('msg_bounce_1', 'email.bounced', 'bounce', array['other@example.com'], null),
  'replayed', 'the same event again is refused');
select results_eq($$ select count(*)::int from public.mail_suppressions where email = 'other@example.com' $$,
  $$ values (0) $$, 'and changes nothing');
select is(public.record_mail_event('msg_delivered_1', 'email.delivered', null, array['someone@example.com'], null),
  'ignored', 'a delivery suppresses nobody');
select is(public.record_mail_event('msg_complaint_1', 'email.complained', 'complaint', array['grumpy@example.com'], null),
  'suppressed', 'a complaint suppresses the address');
select is(public.subscribe_newsletter('grumpy@example.com', 3600, 3), false,
  'a suppressed address that subscribes is sent nothing');
select results_eq($$ select count(*)::int from public.emails where email = 'grumpy@example.com' $$,
  $$ values (0) $$, 'and nothing is stored for it');
insert into public.emails (email) values ('grumpy.subscriber@example.com');
select is(public.record_mail_event('msg_complaint_2', 'email.complained', 'complaint',
  array['grumpy.subscriber@example.com'], null), 'suppressed', 'a subscriber complains');
select results_eq($$ select count(*)::int from public.newsletter_subscribers where email = 'grumpy.subscriber@example.com' $$,
  $$ values (0) $$, 'a suppressed subscriber is not in the owner''s export');
select results_eq($$ select email, reason from public.suppressed_mail_addresses(
                       array['GRUMPY@example.com', 'fine@example.com', 'bounces@example.com']) order by email $$,
  $$ values ('bounces@example.com', 'bounce'), ('grumpy@example.com', 'complaint') $$,
  'the send door learns which addresses are suppressed');
select throws_ok($$ select public.record_mail_event('msg_x', 'email.bounced', 'spam', array['a@b.co'], null) $$,
  '22023', null, 'an unknown reason is a mistake');

-- 6. The daily purge.
reset role;
insert into public.emails (email, status, confirm_nonce, confirm_expires_at)
  values ('expired.pending@example.com', 'pending', replace(gen_random_uuid()::text, '-', ''), now() - interval '1 hour');
alter table public.mail_outbox disable trigger mail_outbox_set_updated_at;
update public.mail_outbox set updated_at = now() - interval '31 days'
  where id in (select id from mail) or id in (select id from first_confirmation);
update public.mail_outbox set status = 'sent', sent_at = now() where id in (select id from first_confirmation);
alter table public.mail_outbox enable trigger mail_outbox_set_updated_at;
update public.mail_event_receipts set received_at = now() - interval '2 days' where webhook_id = 'msg_bounce_1';
set local role service_role;
select results_eq($$ select (r->>'failedMail')::int >= 1, (r->>'sentOrCancelledMail')::int >= 1,
                            (r->>'expiredSubscriptions')::int >= 1, (r->>'eventReceipts')::int >= 1
                     from public.purge_mail_records() r $$,
  $$ values (true, true, true, true) $$, 'the purge removes what is old');
select results_eq($$ select (select count(*)::int from public.mail_outbox where id in (select id from mail)),
                            (select count(*)::int from public.mail_outbox where id in (select id from first_confirmation)),
                            (select count(*)::int from public.emails where email = 'expired.pending@example.com'),
                            (select count(*)::int from public.mail_event_receipts where webhook_id = 'msg_bounce_1') $$,
  $$ values (0, 0, 0, 0) $$, 'failed and sent mail of 31 days ago, an expired subscription, a two-day-old receipt');
select results_eq($$ select (select count(*)::int from public.emails where email = 'keeps.expiry@example.com'),
                            (select count(*)::int from public.mail_event_receipts where webhook_id = 'msg_complaint_1'),
                            (select count(*)::int from public.mail_suppressions) >= 3 $$,
  $$ values (1, 1, true) $$, 'and keeps a current subscription, a recent receipt and the suppression list');

-- 7. Visitors reach none of it.
reset role;
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok($$ select * from public.mail_suppressions $$, '42501', null, 'anon cannot read the suppression list');
select throws_ok($$ insert into public.mail_suppressions (email, reason) values ('victim@example.com', 'manual') $$,
  '42501', null, 'anon cannot suppress an address');
select throws_ok($$ select * from public.mail_event_receipts $$, '42501', null, 'anon cannot read the receipts');
select throws_ok($$ select public.record_mail_event('x', 'email.bounced', 'bounce', array['victim@example.com'], null) $$,
  '42501', null, 'anon cannot record an event but through the function');
reset role;
set local role authenticated;
select throws_ok($$ select * from public.mail_suppressions $$, '42501', null, 'authenticated cannot read the list');
select throws_ok($$ select public.purge_mail_records() $$, '42501', null, 'authenticated cannot purge');
select throws_ok($$ select public.finish_mail_outbox(gen_random_uuid(), gen_random_uuid(), 'sent') $$, '42501', null,
  'authenticated cannot report an outcome');
reset role;

select * from finish();
rollback;
