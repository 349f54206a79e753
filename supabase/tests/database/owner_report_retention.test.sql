-- A report's list of contact messages is kept as long as its mail and no longer (20261122000600_owner_report): a contact
-- deleted (an erasure request) leaves every report at once, and the daily purge empties the lists of reports whose
-- mail is gone, while a report whose mail still waits keeps its list. The figures stay.
begin;
create extension if not exists pgtap with schema extensions;
select plan(6);

delete from public.contacts;
insert into public.contacts (full_name, email, subject, message, created_at) values
  ('Ana Silva', 'ana@example.com', 'A project', 'Hello', '2026-03-04 15:00:00+00'),
  ('Rui Costa', 'rui@example.com', 'A course', 'Hello', '2026-03-05 15:00:00+00');
select public.queue_owner_report('2026-03-02 00:00+00', '2026-03-09 00:00+00', 'UTC', '2026-03-02');
select public.queue_owner_report('2026-03-02 00:00+00', '2026-03-09 00:00+00', 'UTC', null);
select is((select jsonb_array_length(figures -> 'messages') from public.owner_reports where week_starts_on = '2026-03-02'),
  2, 'the report lists the week''s two messages');

delete from public.contacts where email = 'ana@example.com';
select results_eq(
  $$ select m ->> 'email' from public.owner_reports r, jsonb_array_elements(r.figures -> 'messages') m order by 1 $$,
  $$ values ('rui@example.com'), ('rui@example.com') $$,
  'a deleted contact leaves every report at once');
select is((select count(*)::int from public.owner_reports where figures #>> '{counts,contact_messages,count}' = '2'), 2,
  'the figures stay as they were sent');

-- The weekly report's mail was sent 31 days ago, and is purged; the other's still waits for a setting.
alter table public.mail_outbox disable trigger user;
update public.mail_outbox set status = 'sent', updated_at = now() - interval '31 days'
  where owner_report_id = (select id from public.owner_reports where week_starts_on = '2026-03-02');
alter table public.mail_outbox enable trigger user;
select is((public.purge_mail_records() ->> 'reportMessageLists')::int, 1, 'the purge empties one list');
select is((select jsonb_array_length(figures -> 'messages') from public.owner_reports where week_starts_on = '2026-03-02'),
  0, 'the list of the report whose mail is gone');
select is((select jsonb_array_length(figures -> 'messages') from public.owner_reports where week_starts_on is null),
  1, 'a report whose mail still waits keeps its list');

select * from finish();
rollback;
