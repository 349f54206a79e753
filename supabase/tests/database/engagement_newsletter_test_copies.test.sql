-- The owner's test copy of an issue whose text cannot be sent (an image without alt text, inline or by reference):
-- no copy is queued, the issue is a draft again with why in last_error, and nothing goes out once the text is fixed
-- until the owner asks again; a test that is queued clears the earlier why.
begin;
create extension if not exists pgtap with schema extensions;
select plan(8);

insert into public.newsletter_issues (subject, body_markdown) values ('Pictured', 'See ![](cover.png)');
update public.newsletter_issues set status = 'test' where subject = 'Pictured';
select results_eq($$ select status, test_requested_at is not null, last_error from public.newsletter_issues
                     where subject = 'Pictured' $$,
  $$ values ('draft', true,
             'An image has no alt text: write ![what it shows](address), then ask for a test again'::text) $$,
  'a test of an issue with an image without alt text leaves a draft that says why');
select is_empty($$ select o.id from public.mail_outbox o join public.newsletter_issues i on i.id = o.issue_id
                   where i.subject = 'Pictured' $$,
  'and queues no test copy');

update public.newsletter_issues set body_markdown = 'See ![The cover](cover.png)' where subject = 'Pictured';
set local role service_role;
select is_empty($$ select * from public.claim_newsletter_batches(10, 60, 5) $$,
  'once the text is fixed, no refused test copy waits to be sent');
reset role;

update public.newsletter_issues set status = 'test' where subject = 'Pictured';
select results_eq($$ select status, last_error from public.newsletter_issues where subject = 'Pictured' $$,
  $$ values ('draft', null::text) $$, 'the new test leaves a draft with no error');
select results_eq($$ select o.kind, o.status from public.mail_outbox o join public.newsletter_issues i on i.id = o.issue_id
                     where i.subject = 'Pictured' $$,
  $$ values ('newsletter_test', 'pending') $$, 'with its test copy queued');

-- A reference-style image is an image too (the mail's Markdown renders it).
insert into public.newsletter_issues (subject, body_markdown, status)
  values ('By reference', E'See ![][cover]\n\n[cover]: https://example.com/cover.png', 'test');
select results_eq($$ select status, last_error like 'An image has no alt text%' from public.newsletter_issues
                     where subject = 'By reference' $$,
  $$ values ('draft', true) $$, 'a test of an issue with a reference-style image without alt text is refused too');
insert into public.newsletter_issues (subject, body_markdown, status)
  values ('Scheduled by reference', E'See ![][cover]\n\n[cover]: https://example.com/cover.png', 'scheduled');
set local role service_role;
select is(public.queue_due_newsletter_issues(100), 0, 'and so is its scheduling');
reset role;
select results_eq($$ select status, last_error from public.newsletter_issues where subject = 'Scheduled by reference' $$,
  $$ values ('draft',
             'An image has no alt text: write ![what it shows](address), then schedule it again'::text) $$,
  'a draft again, with why');

select * from finish();
rollback;
