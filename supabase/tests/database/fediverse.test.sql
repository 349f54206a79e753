-- The fediverse account's tables and functions (20261122000550_fediverse): new items queue a post once, as the
-- settings row says; a post is marked sent in the transaction that queues its deliveries; the queue hands a message
-- to one worker at a time, in order by its ordering key, and queues what its work led to only when it is finished by
-- the claim that holds it; the key-value store expires and compares-and-swaps; interactions are kept only for posts
-- that went out, and taken back only by whoever made them. Visitors reach none of it.
begin;
create extension if not exists pgtap with schema extensions;
select plan(51);

-- Closed to visitors: row-level security on, nothing granted, no function to call.
select ok((select bool_and(c.relrowsecurity) from pg_class c
           where c.oid in ('public.fediverse_settings'::regclass, 'public.fediverse_actor_keys'::regclass,
                           'public.fediverse_followers'::regclass, 'public.fediverse_posts'::regclass,
                           'public.fediverse_interactions'::regclass, 'public.fediverse_kv'::regclass,
                           'public.fediverse_messages'::regclass)),
  'every fediverse table has row-level security');
select ok(not exists (
    select from information_schema.role_table_grants g
      where g.table_schema = 'public' and g.table_name like 'fediverse\_%' and g.grantee in ('anon', 'authenticated')),
  'visitors are granted nothing on the fediverse tables');
select ok(not exists (
    select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and (p.proname like '%fediverse%')
        and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))),
  'visitors may call none of the fediverse functions');
select ok((select bool_and(has_function_privilege('service_role', p.oid, 'execute'))
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public' and p.proname like '%fediverse%'),
  'the site''s server (the secret key) may call every one of them');

set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok($$ select * from public.fediverse_followers $$, '42501', null, 'anon cannot read followers');
select throws_ok($$ select * from public.fediverse_actor_keys $$, '42501', null, 'anon cannot read the account''s keys');
select throws_ok($$ select * from public.fediverse_interactions $$, '42501', null, 'anon cannot read replies and likes');
select throws_ok($$ select public.fediverse_follower_page(null, 10) $$, '42501', null, 'anon cannot list followers');
reset role;

-- 1. Posts: what is new enough, as the settings say.
insert into public.videos (id, video_id, title, thumbnail_url, published_at) values
  ('00000000-0000-4000-8000-0000000000a1', 'fediNewVid1', 'New video', 'videos/x.webp', now() - interval '1 day'),
  ('00000000-0000-4000-8000-0000000000a2', 'fediOldVid1', 'Back catalogue', 'videos/x.webp', now() - interval '30 days');
select results_eq($$ select kind, video_id from public.fediverse_posts where video_id is not null $$,
  $$ values ('video'::text, '00000000-0000-4000-8000-0000000000a1'::uuid) $$,
  'a video published within 7 days is posted; one from the back catalogue is not');

insert into public.courses (id, title, image_path, platform, link_to_course) values
  ('00000000-0000-4000-8000-0000000000b1', 'New course', 'courses/x.webp', 'UDEMY', 'https://example.com/c1');
select is((select count(*)::int from public.fediverse_posts where course_id = '00000000-0000-4000-8000-0000000000b1'),
  1, 'a new course is posted');

update public.fediverse_settings set post_courses = false, post_videos = false;
insert into public.courses (id, title, image_path, platform, link_to_course) values
  ('00000000-0000-4000-8000-0000000000b2', 'Quiet course', 'courses/x.webp', 'UDEMY', 'https://example.com/c2');
insert into public.videos (video_id, title, thumbnail_url, published_at)
  values ('fediQuiet01', 'Quiet video', 'videos/x.webp', now());
select is((select count(*)::int from public.fediverse_posts
           where course_id = '00000000-0000-4000-8000-0000000000b2'
              or video_id = (select id from public.videos where video_id = 'fediQuiet01')),
  0, 'with courses and videos turned off, neither is posted');
update public.fediverse_settings set post_courses = true, post_videos = true;

insert into public.newsletter_issues (id, subject, body_markdown, status) values
  ('00000000-0000-4000-8000-0000000000c1', 'Issue for the fediverse', 'Hello.', 'scheduled');
insert into public.newsletter_issues (id, kind, subject, body_markdown, status) values
  ('00000000-0000-4000-8000-0000000000c2', 'digest', 'This week''s digest', 'New things.', 'scheduled');
select is((select count(*)::int from public.fediverse_posts where issue_id is not null), 0,
  'an issue is not posted while it is only scheduled');
select public.queue_due_newsletter_issues(100);
select results_eq($$ select issue_id from public.fediverse_posts where issue_id is not null $$,
  $$ values ('00000000-0000-4000-8000-0000000000c1'::uuid) $$,
  'an issue is posted once it has been sent; the weekly digest (the same videos and courses again) is not');

update public.fediverse_settings set post_issues = false;
insert into public.newsletter_issues (id, subject, body_markdown, status) values
  ('00000000-0000-4000-8000-0000000000c3', 'Quiet issue', 'Hello, quietly.', 'scheduled');
select public.queue_due_newsletter_issues(100);
select is((select status from public.newsletter_issues where id = '00000000-0000-4000-8000-0000000000c3'), 'sent',
  'the quiet issue went out');
select is((select count(*)::int from public.fediverse_posts where issue_id = '00000000-0000-4000-8000-0000000000c3'),
  0, 'with issues turned off, a sent issue is not posted');
update public.fediverse_settings set post_issues = true;

-- 2. A post is claimed, and marked sent by the transaction that queues its deliveries.
delete from public.fediverse_messages;
create temporary table claimed on commit drop as select * from public.claim_fediverse_posts(10, 60);
select is((select count(*)::int from claimed), 3, 'the three pending posts are claimed');
select is((select count(*)::int from public.claim_fediverse_posts(10, 60)), 0, 'a claimed post is not claimed again');
select ok((select bool_and(c.item ->> 'title' is not null or c.item ->> 'subject' is not null) from claimed c),
  'each comes with its item''s row');
select ok(public.finish_fediverse_post(
    (select id from claimed where kind = 'video'), (select claim_token from claimed where kind = 'video'),
    '[{"message": {"type": "outbox", "n": 1}, "delay_ms": 0}, {"message": {"type": "outbox", "n": 2}}]'),
  'a post is finished by its claim');
select is((select status from public.fediverse_posts where kind = 'video'), 'sent', 'it is sent');
select is((select count(*)::int from public.fediverse_messages), 2, 'and its deliveries are queued with it');
select ok(not public.finish_fediverse_post(
    (select id from claimed where kind = 'video'), (select claim_token from claimed where kind = 'video'),
    '[{"message": {"type": "outbox", "n": 3}}]'),
  'finished again, it is refused');
select ok(not public.finish_fediverse_post((select id from claimed where kind = 'course'), gen_random_uuid(),
    '[{"message": {"type": "outbox", "n": 4}}]'),
  'a claim that is not the post''s finishes nothing');
select is((select count(*)::int from public.fediverse_messages), 2, 'and neither queues anything');
select ok(public.finish_fediverse_post((select id from claimed where kind = 'course'),
    (select claim_token from claimed where kind = 'course'), '[]', 'the backend answered 503'),
  'a post that could not be made is released');
select results_eq($$ select status, last_error from public.fediverse_posts where kind = 'course' $$,
  $$ values ('pending'::text, 'the backend answered 503'::text) $$, 'it waits with its reason');

-- 3. The queue: one worker per message, in order per ordering key, its work queued only by the claim that holds it.
delete from public.fediverse_messages;
select public.fediverse_enqueue('[{"message": {"n": 1}, "ordering_key": "k"}, {"message": {"n": 2}, "ordering_key": "k"},
  {"message": {"n": 3}}, {"message": {"n": 4}, "delay_ms": 3600000}]');
create temporary table first_claim on commit drop as select * from public.claim_fediverse_messages(10, 60);
select results_eq($$ select (message ->> 'n')::int from first_claim order by 1 $$, $$ values (1), (3) $$,
  'due messages are handed out; the second of an ordering key waits for the first; a delayed one waits its time');
select is((select count(*)::int from public.claim_fediverse_messages(10, 60)), 0,
  'nothing is handed out twice while its claim holds');
select ok(public.finish_fediverse_message((select id from first_claim where message ->> 'n' = '1'),
    (select claim_token from first_claim limit 1), '[{"message": {"n": 5}}]'),
  'a message finished by its claim');
select results_eq($$ select (message ->> 'n')::int from public.fediverse_messages order by id $$,
  $$ values (2), (3), (4), (5) $$, 'is gone, and what its work queued is there');
select results_eq($$ select (message ->> 'n')::int from public.claim_fediverse_messages(10, 60) order by 1 $$,
  $$ values (2), (5) $$, 'the next of its ordering key is handed out now');
select ok(not public.finish_fediverse_message((select id from first_claim where message ->> 'n' = '3'),
    gen_random_uuid(), '[{"message": {"n": 6}}]'),
  'a claim that is not the message''s finishes nothing');
select is((select count(*)::int from public.fediverse_messages where message ->> 'n' = '6'), 0, 'and queues nothing');
select ok(public.finish_fediverse_message((select id from first_claim where message ->> 'n' = '3'),
    (select claim_token from first_claim limit 1), '[{"message": {"n": 7}}]', true, 30),
  'work that failed releases its message');
select results_eq(
  $$ select claim_token is null, deliver_at > now() + interval '29 seconds' from public.fediverse_messages
       where message ->> 'n' = '3' $$,
  $$ values (true, true) $$, 'which is free again after its delay');
select is((select count(*)::int from public.fediverse_messages where message ->> 'n' = '7'), 0,
  'and what the failed work queued is dropped');

-- 4. The key-value store.
select ok(public.fediverse_kv_set(array['a', 'b'], '{"x": 1}'), 'a value is set');
select results_eq($$ select value from public.fediverse_kv_get(array['a', 'b']) $$, $$ values ('{"x": 1}'::jsonb) $$,
  'and read');
-- (now() is the transaction's start: a time to live already gone stands for one that ran out since.)
select ok(public.fediverse_kv_set(array['a', 'c'], '2', -1), 'a value whose time to live ran out is set');
select is((select count(*)::int from public.fediverse_kv_get(array['a', 'c'])), 0, 'and is not read');
select ok(not public.fediverse_kv_set(array['a', 'b'], '3', null, false, true, true, '{"x": 2}'),
  'a swap against a value it does not hold is refused');
select ok(public.fediverse_kv_set(array['a', 'b'], '3', null, false, true, true, '{"x": 1}'),
  'a swap against the value it holds is made');
select ok(public.fediverse_kv_set(array['a', 'd'], '4', null, false, true, false, null),
  'a swap against no value writes a new key');
select ok(not public.fediverse_kv_set(array['a', 'd'], '5', null, false, true, false, null),
  'but not a second time');
select results_eq($$ select key, value from public.fediverse_kv_list(array['a']) $$,
  $$ values (array['a', 'b'], '3'::jsonb), (array['a', 'd'], '4'::jsonb) $$, 'a prefix lists its live keys');

-- 5. Followers and what they send back.
select public.fediverse_follow('https://mastodon.example/users/ana', 'https://mastodon.example/users/ana/inbox',
  'https://mastodon.example/inbox', 'https://mastodon.example/follows/1');
select results_eq($$ select server from public.fediverse_followers $$, $$ values ('mastodon.example'::text) $$,
  'a follower is kept with its server');
select ok(public.fediverse_record_interaction('like', 'https://mastodon.example/likes/1', 'video', 'fediNewVid1',
    'https://mastodon.example/users/ana'),
  'a like of a post that went out is kept');
select ok(not public.fediverse_record_interaction('like', 'https://mastodon.example/likes/2', 'course',
    '00000000-0000-4000-8000-0000000000b1', 'https://mastodon.example/users/ana'),
  'a like of a post not sent (yet) is not');
select is(public.fediverse_remove_interaction('https://other.example/users/eve', 'https://mastodon.example/likes/1'),
  0, 'nobody else may take a like back');
select is(public.fediverse_remove_interaction('https://mastodon.example/users/ana', 'https://mastodon.example/likes/1'),
  1, 'its author may');
select is(public.fediverse_unfollow(null, 'https://mastodon.example/inbox'), 1,
  'a server that is gone (its shared inbox) loses its followers');

select * from finish();
rollback;
