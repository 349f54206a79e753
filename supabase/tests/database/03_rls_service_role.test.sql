-- The service role (the owner's tools and the edge functions) bypasses row-level security and may do everything the
-- site needs: edit content, read subscribers, store contact messages, read analytics.
begin;
create extension if not exists pgtap with schema extensions;
select plan(14);

insert into public.emails (email, created_at) values ('stored.subscriber@example.com', now() - interval '1 day');
insert into public.analytics_events (name) values ('userInApp');

set local role service_role;
select set_config('request.jwt.claims', '{"role":"service_role","iss":"supabase-demo"}', true);

select ok((select rolbypassrls from pg_roles where rolname = 'service_role'), 'service_role bypasses RLS');

select lives_ok($$ insert into public.projects (id, title, image_path, link_to_project)
  values ('00000000-0000-4000-8000-0000000000b1', 'Service project', 'projects/s.webp', 'https://example.com') $$,
  'service_role can insert projects');
select lives_ok($$ update public.projects set title = 'Service project, edited' where id = '00000000-0000-4000-8000-0000000000b1' $$,
  'service_role can update projects');
select lives_ok($$ delete from public.projects where id = '00000000-0000-4000-8000-0000000000b1' $$,
  'service_role can delete projects');

select lives_ok($$ insert into public.videos (video_id, title, thumbnail_url, published_at, view_count, like_count)
  values ('svcVideo_01', 'Synced video', 'https://i.ytimg.com/vi/svcVideo_01/mqdefault.jpg', now(), 10, 1)
  on conflict (video_id) do update set view_count = excluded.view_count $$,
  'service_role can upsert videos (youtube-sync)');

select results_eq($$ select email from public.emails where email = 'stored.subscriber@example.com' $$,
  $$ values ('stored.subscriber@example.com') $$, 'service_role can read subscribers');
select lives_ok($$ delete from public.emails where email = 'stored.subscriber@example.com' $$,
  'service_role can remove a subscriber');

select lives_ok($$ insert into public.contacts (full_name, email, subject, message, recaptcha_score, recaptcha_action, client_hash)
  values ('Maria Santos', 'maria@example.pt', 'A new website', 'Could we talk about a shop?', 0.9, 'contact',
          'b5d4045c3f466fa91fe2cc6abe79232a1a57cdf104f7a26e716e0a1e2789df78') $$,
  'service_role can store a contact message');
select results_eq($$ select count(*)::int from public.contacts where full_name = 'Maria Santos' $$,
  $$ values (1) $$, 'service_role can read contact messages');
select lives_ok($$ update public.contacts set subject = 'A new web shop' where full_name = 'Maria Santos' $$,
  'service_role can update contact messages');

select lives_ok($$ insert into public.analytics_events (name, route) values ('userViewsCV', '/about') $$,
  'service_role can record an analytics event (its identity column needs no privilege on the sequence behind it)');
select isnt_empty($$ select * from public.analytics_events $$, 'service_role can read analytics events');
select lives_ok($$ delete from public.analytics_events where name = 'userInApp' $$, 'service_role can delete analytics events');

reset role;
select results_eq($$ select count(*)::int from public.videos where video_id = 'svcVideo_01' $$, $$ values (1) $$,
  'the upserted video is stored once');

select * from finish();
rollback;
