-- Mail through an outbox, double opt-in and one-click leaving (migration 20261125090000): what the functions call, as
-- the service role, and that visitors reach none of it.
begin;
create extension if not exists pgtap with schema extensions;
select plan(51);

select has_table('public', 'mail_outbox', 'mail_outbox exists');
select results_eq($$ select relrowsecurity from pg_class where oid = 'public.mail_outbox'::regclass $$,
  $$ values (true) $$, 'mail_outbox has row-level security');
select has_view('public', 'newsletter_subscribers', 'the owner exports confirmed subscribers from a view');

set local role service_role;

-- Subscribing: a pending subscriber with a secret, and a confirmation mail, at most three a day per address.
select is(public.subscribe_newsletter('New.Reader@Example.com', 172800, 3), true, 'a new address is sent a confirmation');
select results_eq($$ select status, char_length(confirm_nonce) >= 32, confirm_expires_at > now() + interval '47 hours'
                     from public.emails where email = 'new.reader@example.com' $$,
  $$ values ('pending', true, true) $$, 'it is pending, lower-cased, with a secret that expires in 48 hours');
select results_eq($$ select count(*)::int from public.mail_outbox o join public.emails e on e.id = o.subscriber_id
                     where e.email = 'new.reader@example.com' and o.kind = 'newsletter_confirmation' and o.status = 'pending' $$,
  $$ values (1) $$, 'the confirmation mail waits in the outbox');
create temporary table first_nonce on commit drop as
  select confirm_nonce from public.emails where email = 'new.reader@example.com';
select is(public.subscribe_newsletter('new.reader@example.com', 172800, 3), true, 'asking again sends a second one');
select is(public.subscribe_newsletter('new.reader@example.com', 172800, 3), true, 'and a third');
select is(public.subscribe_newsletter('new.reader@example.com', 172800, 3), false, 'but not a fourth in a day');
select results_eq($$ select count(*)::int from public.mail_outbox o join public.emails e on e.id = o.subscriber_id
                     where e.email = 'new.reader@example.com' $$,
  $$ values (3) $$, 'three confirmation mails to that address, whoever asked');
select results_eq($$ select e.confirm_nonce = f.confirm_nonce from public.emails e, first_nonce f
                     where e.email = 'new.reader@example.com' $$,
  $$ values (true) $$, 'a pending address keeps its secret: the first mail''s link still works');
select results_eq($$ select count(*)::int from public.emails where email = 'new.reader@example.com' $$,
  $$ values (1) $$, 'one row per address');
select throws_ok($$ select public.subscribe_newsletter('a@b.co', 10, 3) $$, '22023', null,
  'a confirmation window under a minute is a mistake');

-- A confirmed address: nothing is sent, and the caller cannot tell.
insert into public.emails (email) values ('stored.subscriber@example.com');
select is(public.subscribe_newsletter('stored.subscriber@example.com', 172800, 3), false,
  'a confirmed address is sent nothing');
select results_eq($$ select status from public.emails where email = 'stored.subscriber@example.com' $$,
  $$ values ('confirmed') $$, 'and stays confirmed');

-- Confirming: the right secret, once.
create temporary table reader on commit drop as
  select id, confirm_nonce, unsubscribe_nonce from public.emails where email = 'new.reader@example.com';
select is(public.confirm_newsletter_subscription((select id from reader), 'not-the-secret-0123456789abcdef0123'),
  'invalid', 'a wrong secret confirms nothing');
select is(public.confirm_newsletter_subscription(gen_random_uuid(), (select confirm_nonce from reader)),
  'invalid', 'nor does another subscriber''s id');
select is(public.confirm_newsletter_subscription((select id from reader), (select confirm_nonce from reader)),
  'confirmed', 'the right link confirms');
select results_eq($$ select status, confirm_nonce is null, confirmed_at is not null from public.emails
                     where id = (select id from reader) $$,
  $$ values ('confirmed', true, true) $$, 'the subscriber is confirmed and the link''s secret is gone');
select is(public.confirm_newsletter_subscription((select id from reader), (select confirm_nonce from reader)),
  'invalid', 'a used link is refused');
select results_eq($$ select kind, status from public.mail_outbox where subscriber_id = (select id from reader)
                     order by kind, status $$,
  $$ values ('newsletter_confirmation', 'cancelled'), ('newsletter_confirmation', 'cancelled'),
            ('newsletter_confirmation', 'cancelled'), ('newsletter_welcome', 'pending') $$,
  'the welcome mail is queued, and confirmation mails not yet sent are cancelled');
select results_eq($$ select email from public.newsletter_subscribers where email = 'new.reader@example.com' $$,
  $$ values ('new.reader@example.com') $$, 'a confirmed address is a subscriber');

-- An expired link.
select is(public.subscribe_newsletter('late.reader@example.com', 172800, 3), true, 'another address subscribes');
update public.emails set confirm_expires_at = now() - interval '1 second' where email = 'late.reader@example.com';
select is(public.confirm_newsletter_subscription(
    (select id from public.emails where email = 'late.reader@example.com'),
    (select confirm_nonce from public.emails where email = 'late.reader@example.com')),
  'invalid', 'an expired link is refused');
select results_eq($$ select count(*)::int from public.newsletter_subscribers where email = 'late.reader@example.com' $$,
  $$ values (0) $$, 'a pending address is no subscriber');
select is(public.subscribe_newsletter('someone.else@example.com', 172800, 3), true, 'and another');
select results_eq($$ select count(*)::int from public.emails where email = 'late.reader@example.com' $$,
  $$ values (0) $$, 'an expired pending subscription is forgotten');

-- Leaving.
select is(public.unsubscribe_newsletter((select id from reader), 'not-the-secret-0123456789abcdef0123'),
  'invalid', 'a wrong secret unsubscribes nobody');
select is(public.unsubscribe_newsletter((select id from reader), (select unsubscribe_nonce from reader)),
  'unsubscribed', 'the right link unsubscribes');
select is(public.unsubscribe_newsletter((select id from reader), (select unsubscribe_nonce from reader)),
  'unsubscribed', 'and again, with no error (the provider''s one-click after the visitor''s own)');
select results_eq($$ select status from public.mail_outbox where subscriber_id = (select id from reader)
                     and kind = 'newsletter_welcome' $$,
  $$ values ('cancelled') $$, 'mail not yet sent to them is cancelled');
select results_eq($$ select count(*)::int from public.newsletter_subscribers where email = 'new.reader@example.com' $$,
  $$ values (0) $$, 'they are no longer a subscriber');
-- Coming back after the day's confirmations: the old ones are more than a day old (the trigger keeps created_at).
reset role;
alter table public.mail_outbox disable trigger mail_outbox_set_updated_at;
update public.mail_outbox set created_at = now() - interval '2 days' where subscriber_id = (select id from reader);
alter table public.mail_outbox enable trigger mail_outbox_set_updated_at;
set local role service_role;
select is(public.subscribe_newsletter('new.reader@example.com', 172800, 3), true, 'subscribing again later works');
select results_eq($$ select e.status, e.confirm_nonce <> r.confirm_nonce from public.emails e, reader r
                     where e.id = r.id $$,
  $$ values ('pending', true) $$, 'they are pending again, with a new secret');

-- A contact message and its notification, in one transaction.
select isnt(public.store_contact_message('Ana Silva', 'ana@example.com', 'A project', 'Hello there', 0.9, 'contact'),
  null, 'a contact message is stored');
select results_eq($$ select o.kind, o.status from public.mail_outbox o join public.contacts c on c.id = o.contact_id
                     where c.email = 'ana@example.com' $$,
  $$ values ('contact_notification', 'pending') $$, 'with the owner''s notification in the outbox');

-- Sending: a claim leases what is due, with a token and what the mail is written from.
update public.mail_outbox set next_attempt_at = now() + interval '1 hour' where contact_id is null;
create temporary table claimed on commit drop as
  select id, kind, attempts, claim_token, details from public.claim_mail_outbox(10, 120, 60, 172800);
select results_eq($$ select kind, attempts, details->>'email', details->>'subject', claim_token is not null from claimed $$,
  $$ values ('contact_notification', 1, 'ana@example.com', 'A project', true) $$, 'a claim returns the due mail, with a token');
select is_empty($$ select * from public.claim_mail_outbox(10, 120, 60, 172800) $$, 'a claimed mail is nobody else''s');
select is(public.finish_mail_outbox((select id from claimed), (select claim_token from claimed), 'retry',
  'the SMTP server could not be reached', 5), true, 'a failed send is reported by the claim''s holder');
select results_eq($$ select status, last_error, next_attempt_at between now() + interval '4 seconds' and now() + interval '6 seconds'
                     from public.mail_outbox where id = (select id from claimed) $$,
  $$ values ('pending', 'the SMTP server could not be reached', true) $$, 'and tried again 5 s later, with why');
update public.mail_outbox set next_attempt_at = now() where id = (select id from claimed);
delete from claimed;
insert into claimed select id, kind, attempts, claim_token, details from public.claim_mail_outbox(10, 120, 60, 172800);
select is(public.finish_mail_outbox((select id from claimed), (select claim_token from claimed), 'sent'), true,
  'a sent mail is reported');
select results_eq($$ select status, sent_at is not null from public.mail_outbox where id = (select id from claimed) $$,
  $$ values ('sent', true) $$, 'and kept as sent');

-- Rate limits: every bucket or none, and storage that does not outlive the windows.
select is(public.take_rate_limits('[{"bucket": "client-x-0123456789", "weight": 1, "max": 5, "windowSeconds": 600},
                                     {"bucket": "everyone-0123456789", "weight": 1, "max": 1, "windowSeconds": 600}]'),
  null, 'two buckets with room are both taken');
select is(public.take_rate_limits('[{"bucket": "client-x-0123456789", "weight": 1, "max": 5, "windowSeconds": 600},
                                     {"bucket": "everyone-0123456789", "weight": 1, "max": 1, "windowSeconds": 600}]'),
  'everyone-0123456789', 'the bucket that refuses is named');
select results_eq($$ select count(*)::int from public.rate_limit_hits where bucket = 'client-x-0123456789' $$,
  $$ values (1) $$, 'and the other bucket counted nothing for the refused write');
reset role;
-- Ten thousand one-off clients whose windows have passed.
insert into public.rate_limit_hits (bucket, created_at, expires_at)
  select 'one-off-client-' || n, now() - interval '2 hours', now() - interval '1 hour' from generate_series(1, 10000) n;
set local role service_role;
select results_eq($$ select public.take_rate_limits('[{"bucket": "client-y-0123456789", "weight": 1, "max": 99,
                                                       "windowSeconds": 600}]') is null
                     from generate_series(1, 10) $$,
  $$ select true from generate_series(1, 10) $$, 'ten more writes pass');
reset role;
select results_eq($$ select count(*)::int from public.rate_limit_hits where bucket like 'one-off-client-%' $$,
  $$ values (0) $$, 'expired hits of any bucket are purged as calls come');

-- Visitors: nothing.
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select throws_ok($$ select * from public.mail_outbox $$, '42501', null, 'anon cannot read the outbox');
select throws_ok($$ select * from public.newsletter_subscribers $$, '42501', null, 'anon cannot read subscribers');
select throws_ok($$ select public.subscribe_newsletter('x@example.com', 172800, 3) $$, '42501', null,
  'anon cannot subscribe but through the function');
reset role;
set local role authenticated;
select throws_ok($$ select public.claim_mail_outbox(10, 60, 60, 172800) $$, '42501', null, 'authenticated cannot claim mail');
reset role;

select * from finish();
rollback;
