-- The shape the front-end is written against: tables, column types, the enum, RLS switched on everywhere, the
-- realtime publication and the triggers that keep timestamps and e-mail addresses tidy. Content tables may gain
-- columns in later migrations (has_column); the tables holding personal data must not (columns_are).
begin;
create extension if not exists pgtap with schema extensions;
select plan(93);

select has_table('public', t, 'public.' || t || ' exists')
  from unnest(array['projects', 'courses', 'testimonials', 'ads', 'videos', 'emails', 'contacts', 'analytics_events']) t;

select enum_has_labels('public', 'course_platform', array['YOUTUBE', 'UDEMY', 'SKILLSHARE'], 'course_platform lists the three platforms');

-- RLS on every table, deny by default
select ok((select bool_and(c.relrowsecurity) from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r'), 'row-level security is enabled on every public table');

select has_column('public', 'projects', c, 'projects.' || c)
  from unnest(array['id', 'title', 'description', 'image_path', 'keywords', 'link_to_project', 'featured_rank', 'updated_at']) c;
select col_type_is('public', 'projects', 'keywords', 'text[]', 'projects.keywords is text[]');
select col_type_is('public', 'projects', 'featured_rank', 'smallint', 'projects.featured_rank is smallint');
select col_is_null('public', 'projects', 'featured_rank', 'projects.featured_rank is optional');
select col_is_pk('public', 'projects', 'id', 'projects.id is the primary key');
select col_type_is('public', 'projects', 'id', 'uuid', 'projects.id is a uuid');
select col_has_default('public', 'projects', 'id', 'projects.id has a default');

select has_column('public', 'courses', c, 'courses.' || c)
  from unnest(array['id', 'title', 'description', 'image_path', 'platform', 'keywords', 'link_to_course', 'updated_at']) c;
select col_type_is('public', 'courses', 'platform', 'course_platform', 'courses.platform is the enum');
select col_type_is('public', 'courses', 'keywords', 'text[]', 'courses.keywords is text[]');

select has_column('public', 'testimonials', c, 'testimonials.' || c)
  from unnest(array['id', 'person_name', 'person_image', 'platform', 'testimonial', 'updated_at']) c;
select col_is_null('public', 'testimonials', 'person_image', 'testimonials.person_image is optional');
select col_type_is('public', 'testimonials', 'platform', 'course_platform', 'testimonials.platform is the enum');

select has_column('public', 'ads', c, 'ads.' || c)
  from unnest(array['id', 'title', 'description', 'image_path', 'link', 'promo_percent', 'updated_at']) c;
select col_type_is('public', 'ads', 'promo_percent', 'smallint', 'ads.promo_percent is smallint');
select col_is_null('public', 'ads', 'promo_percent', 'ads.promo_percent is optional');

select has_column('public', 'videos', c, 'videos.' || c)
  from unnest(array['id', 'video_id', 'title', 'description', 'thumbnail_url', 'published_at', 'view_count', 'like_count',
                    'updated_at']) c;
select col_type_is('public', 'videos', 'view_count', 'bigint', 'videos.view_count is bigint');
select col_type_is('public', 'videos', 'like_count', 'bigint', 'videos.like_count is bigint');
select col_type_is('public', 'videos', 'published_at', 'timestamp with time zone', 'videos.published_at is timestamptz');
select col_default_is('public', 'videos', 'description', '', 'videos.description defaults to empty');
select col_is_unique('public', 'videos', 'video_id', 'videos.video_id is unique');

select columns_are('public', 'emails', array['id', 'email', 'created_at', 'updated_at', 'status', 'confirm_nonce',
  'confirm_expires_at', 'confirmed_at', 'unsubscribe_nonce', 'unsubscribed_at'], 'emails columns');
select col_is_unique('public', 'emails', 'email', 'emails.email is unique (the upsert target)');

select columns_are('public', 'contacts',
  array['id', 'full_name', 'email', 'subject', 'message', 'recaptcha_score', 'recaptcha_action', 'client_hash',
        'created_at', 'updated_at'],
  'contacts columns');
select col_type_is('public', 'contacts', 'recaptcha_score', 'real', 'contacts.recaptcha_score is real');

select columns_are('public', 'analytics_events', array['id', 'name', 'payload', 'route', 'created_at'],
  'analytics_events columns (no IP address)');
select col_type_is('public', 'analytics_events', 'id', 'bigint', 'analytics_events.id is bigint');
select col_type_is('public', 'analytics_events', 'payload', 'jsonb', 'analytics_events.payload is jsonb');
select col_not_null('public', 'analytics_events', 'payload', 'analytics_events.payload is required');

-- every table keeps creation and change times
select has_column('public', t, 'created_at', t || ' has created_at')
  from unnest(array['projects', 'courses', 'testimonials', 'ads', 'videos', 'emails', 'contacts', 'analytics_events']) t;
select has_trigger('public', t, t || '_set_updated_at', t || ' maintains updated_at')
  from unnest(array['projects', 'courses', 'testimonials', 'ads', 'videos', 'emails', 'contacts']) t;
select has_trigger('public', 'emails', 'emails_normalize_email', 'emails lower-cases addresses');

select set_has(
  $$ select tablename::text from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' $$,
  $$ values ('projects'), ('courses'), ('testimonials'), ('ads'), ('videos') $$,
  'the content tables are in the supabase_realtime publication');
select is_empty(
  $$ select tablename::text from pg_publication_tables
     where pubname = 'supabase_realtime' and tablename in ('emails', 'contacts', 'analytics_events') $$,
  'no table with personal data or analytics is broadcast');

-- triggers keep timestamps honest
insert into public.projects (id, title, image_path, link_to_project, created_at, updated_at)
  values ('00000000-0000-4000-8000-0000000000aa', 'Timestamps', 'projects/t.webp', 'https://example.com',
          '2020-01-01', '2020-01-01');
update public.projects set title = 'Timestamps changed', created_at = '1999-01-01'
  where id = '00000000-0000-4000-8000-0000000000aa';
select results_eq(
  $$ select created_at = '2020-01-01'::timestamptz, updated_at = now() from public.projects
     where id = '00000000-0000-4000-8000-0000000000aa' $$,
  $$ values (true, true) $$,
  'an update refreshes updated_at and keeps created_at');

select schema_privs_are('private', 'anon', array[]::text[], 'anon cannot use the private helper schema');

select * from finish();
rollback;
