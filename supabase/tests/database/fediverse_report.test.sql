-- The fediverse in the owner's report (20261122000600_owner_report): replies, likes, boosts and new followers of a
-- period against the period before, the period's replies with their server, address and text, and a report queued
-- carries them. The owner and the service role only.
begin;
create extension if not exists pgtap with schema extensions;
select plan(7);

insert into public.courses (id, title, image_path, platform, link_to_course, created_at) values
  ('00000000-0000-4000-8000-0000000000d1', 'Reported course', 'courses/x.webp', 'UDEMY', 'https://example.com/r',
   now());
update public.fediverse_posts set status = 'sent', sent_at = '2026-03-01 12:00+00'
  where course_id = '00000000-0000-4000-8000-0000000000d1';
insert into public.fediverse_interactions (kind, activity_id, post_id, actor_id, server, reply_id, reply_url, reply_text,
    received_at)
  select v.kind, v.activity_id, p.id, v.actor_id, v.server, v.reply_id, v.reply_url, v.reply_text, v.received_at::timestamptz
    from public.fediverse_posts p,
      (values
        ('like', 'https://a.example/likes/1', 'https://a.example/users/ana', 'a.example', null, null, null,
         '2026-03-03 10:00+00'),
        ('like', 'https://b.example/likes/1', 'https://b.example/users/bo', 'b.example', null, null, null,
         '2026-03-04 10:00+00'),
        ('boost', 'https://a.example/boosts/1', 'https://a.example/users/ana', 'a.example', null, null, null,
         '2026-03-05 10:00+00'),
        ('reply', 'https://b.example/statuses/9/activity', 'https://b.example/users/bo', 'b.example',
         'https://b.example/statuses/9', 'https://b.example/@bo/9', 'Loved it', '2026-03-06 10:00+00'),
        ('like', 'https://c.example/likes/1', 'https://c.example/users/cy', 'c.example', null, null, null,
         '2026-02-25 10:00+00')
      ) as v(kind, activity_id, actor_id, server, reply_id, reply_url, reply_text, received_at)
    where p.course_id = '00000000-0000-4000-8000-0000000000d1';
insert into public.fediverse_followers (actor_id, inbox, server, followed_at) values
  ('https://a.example/users/ana', 'https://a.example/users/ana/inbox', 'a.example', '2026-03-02 09:00+00'),
  ('https://c.example/users/cy', 'https://c.example/users/cy/inbox', 'c.example', '2026-02-26 09:00+00');

set local role service_role;
create temporary table figures on commit drop as
  select public.fediverse_report_figures('2026-03-02 00:00+00', '2026-03-09 00:00+00', 'UTC') as f;
select is((select f -> 'counts' -> 'likes' from figures), '{"count": 2, "previous_count": 1}'::jsonb,
  'likes of the week, against the week before');
select is((select f -> 'counts' -> 'boosts' from figures), '{"count": 1, "previous_count": 0}'::jsonb, 'boosts');
select is((select f -> 'counts' -> 'replies' from figures), '{"count": 1, "previous_count": 0}'::jsonb, 'replies');
select is((select f -> 'counts' -> 'new_followers' from figures), '{"count": 1, "previous_count": 1}'::jsonb,
  'new followers');
select results_eq(
  $$ select r ->> 'server', r ->> 'url', r ->> 'text', r ->> 'post_kind' from figures, jsonb_array_elements(f -> 'replies') r $$,
  $$ values ('b.example', 'https://b.example/@bo/9', 'Loved it', 'course') $$,
  'the week''s replies, each with the server it came from, its address and its text');
reset role;

select is((select (public.queue_owner_report_now()).report_id is not null), true,
  'a report queued now');
select ok((select figures ? 'fediverse' from public.owner_reports order by created_at desc limit 1),
  'carries the fediverse''s figures beside its others');

select * from finish();
rollback;
