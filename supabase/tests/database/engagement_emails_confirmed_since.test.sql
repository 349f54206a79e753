-- A subscriber's confirmed_at says since when they are one, however they became one: a row added by hand (confirmed
-- by default) gets now(), unless the owner gives the day; a row set confirmed again starts a new since; the link's
-- confirmation keeps its own time, and a pending or unsubscribed row has none given.
begin;
create extension if not exists pgtap with schema extensions;
select plan(7);

insert into public.emails (email) values ('by.hand@example.com');
select is((select confirmed_at from public.emails where email = 'by.hand@example.com'), now(),
  'a subscriber added by hand is confirmed since now');
insert into public.emails (email, confirmed_at) values ('agreed@example.com', '2026-11-01 09:00+00');
select is((select confirmed_at from public.emails where email = 'agreed@example.com'),
  '2026-11-01 09:00+00'::timestamptz, 'or since the day the owner gives');
insert into public.emails (email, status, confirm_nonce, confirm_expires_at)
  values ('waiting@example.com', 'pending', repeat('n', 32), now() + interval '1 day');
insert into public.emails (email, status) values ('gone@example.com', 'unsubscribed');
select is((select count(*)::integer from public.emails
           where email in ('waiting@example.com', 'gone@example.com') and confirmed_at is not null), 0,
  'a pending or unsubscribed row is confirmed since nothing');

update public.emails set status = 'confirmed', confirm_nonce = null, confirm_expires_at = null
  where email = 'waiting@example.com';
select is((select confirmed_at from public.emails where email = 'waiting@example.com'), now(),
  'a row the owner sets confirmed is confirmed since now');
update public.emails set status = 'unsubscribed' where email = 'agreed@example.com';
update public.emails set status = 'confirmed' where email = 'agreed@example.com';
select is((select confirmed_at from public.emails where email = 'agreed@example.com'), now(),
  'one who left and is set confirmed again is confirmed since then');
update public.emails set status = 'unsubscribed' where email = 'by.hand@example.com';
update public.emails set status = 'confirmed', confirmed_at = '2026-10-01 09:00+00' where email = 'by.hand@example.com';
select is((select confirmed_at from public.emails where email = 'by.hand@example.com'),
  '2026-10-01 09:00+00'::timestamptz, 'a day the owner gives with the change is kept');
update public.emails set email = 'by.hand2@example.com', status = 'confirmed' where email = 'by.hand@example.com';
select is((select confirmed_at from public.emails where email = 'by.hand2@example.com'),
  '2026-10-01 09:00+00'::timestamptz, 'an edit of a subscriber who stays confirmed keeps their since');

select * from finish();
rollback;
