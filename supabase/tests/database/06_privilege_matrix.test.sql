-- Every privilege the API roles have, stated whole: what anon and authenticated (the visitors, the publishable key)
-- and service_role (the secret key: the edge functions, the schedules, the owner's tools) may do with each table,
-- view, sequence, function and schema the migrations make, whatever the project's default privileges were. A project
-- created today grants the API roles nothing by default and one created before 2026-05-30 granted them everything, so
-- the migrations take back and grant each privilege by name; this test runs on both (supabase/local/test/
-- defaultPrivileges.test.ts builds the old kind) and must pass on both.
--
-- A new table, view or function fails the first assertion until it is added here with what each role may do, and a
-- grant that differs from this list fails the role's assertion. Privileges through PUBLIC count as the role's own
-- (PostgreSQL lets PUBLIC execute a new function unless it is revoked). Column privileges are listed where a role has
-- some columns of a table and not the table.
begin;
create extension if not exists pgtap with schema extensions;
select plan(4);

create temporary table expected_privileges (
  object text primary key,
  anon text not null,
  authenticated text not null,
  service_role text not null
) on commit drop;

insert into expected_privileges (object, anon, authenticated, service_role) values
  ('column public.newsletter_issues.body_markdown', 'select', 'select', ''),
  ('column public.newsletter_issues.id', 'select', 'select', ''),
  ('column public.newsletter_issues.kind', 'select', 'select', ''),
  ('column public.newsletter_issues.queued_at', 'select', 'select', ''),
  ('column public.newsletter_issues.sent_at', 'select', 'select', ''),
  ('column public.newsletter_issues.slug', 'select', 'select', ''),
  ('column public.newsletter_issues.subject', 'select', 'select', ''),
  ('column public.newsletter_issues.updated_at', 'select', 'select', ''),
  ('function private.call_edge_function(text, jsonb, integer)', '', '', ''),
  ('function private.edge_function_request(text)', '', '', ''),
  ('function private.emails_confirmed_since()', '', '', ''),
  ('function private.erase_contact_from_owner_reports()', '', '', ''),
  ('function private.in_catalogue(text, jsonb)', '', '', 'execute'),
  ('function private.mail_outbox_requeued()', '', '', ''),
  ('function private.newsletter_issue_changed()', '', '', ''),
  ('function private.newsletter_issue_queued_or_cancelled()', '', '', ''),
  ('function private.newsletter_issue_refusal(text, text)', '', '', 'execute'),
  ('function private.newsletter_issue_slug(text, uuid)', '', '', 'execute'),
  ('function private.newsletter_skip_reason(text)', '', '', 'execute'),
  ('function private.normalize_email()', '', '', ''),
  ('function private.page_visits(timestamp with time zone, timestamp with time zone)', '', '', 'execute'),
  ('function private.report_search_term(text)', '', '', 'execute'),
  ('function private.set_updated_at()', '', '', ''),
  ('function private.visitor_day(timestamp with time zone)', '', '', 'execute'),
  ('function public.claim_mail_outbox(integer, integer, integer, integer)', '', '', 'execute'),
  ('function public.claim_newsletter_batches(integer, integer, integer)', '', '', 'execute'),
  ('function public.confirm_newsletter_subscription(uuid, text)', '', '', 'execute'),
  ('function public.finish_mail_outbox(uuid, uuid, text, text, integer)', '', '', 'execute'),
  ('function public.finish_newsletter_copies(uuid[], uuid, text, text, integer)', '', '', 'execute'),
  ('function public.newsletter_digest_since(timestamp with time zone)', '', '', 'execute'),
  ('function public.owner_report_counts(timestamp with time zone, timestamp with time zone, text)', '', '', 'execute'),
  ('function public.owner_report_days(timestamp with time zone, timestamp with time zone, text)', '', '', 'execute'),
  ('function public.owner_report_figures(timestamp with time zone, timestamp with time zone, text, integer)', '', '', 'execute'),
  ('function public.owner_report_messages(timestamp with time zone, timestamp with time zone)', '', '', 'execute'),
  ('function public.owner_report_period(timestamp with time zone, timestamp with time zone, text)', '', '', 'execute'),
  ('function public.owner_report_rates(timestamp with time zone, timestamp with time zone, text)', '', '', 'execute'),
  ('function public.owner_report_spikes(timestamp with time zone, timestamp with time zone, text)', '', '', 'execute'),
  ('function public.owner_report_top(timestamp with time zone, timestamp with time zone, text, integer)', '', '', 'execute'),
  ('function public.owner_report_visits_per_day(timestamp with time zone, timestamp with time zone, text)', '', '', 'execute'),
  ('function public.owner_report_week(timestamp with time zone)', '', '', 'execute'),
  ('function public.purge_mail_records()', '', '', 'execute'),
  ('function public.queue_due_newsletter_issues(integer)', '', '', 'execute'),
  ('function public.queue_owner_report(timestamp with time zone, timestamp with time zone, text, date)', '', '', 'execute'),
  ('function public.queue_owner_report_now()', '', '', 'execute'),
  ('function public.queue_weekly_owner_report(timestamp with time zone)', '', '', 'execute'),
  ('function public.record_mail_event(text, text, text, text[], text)', '', '', 'execute'),
  ('function public.record_page_view(text, text, text, text, text, text, text, text, text)', '', '', 'execute'),
  ('function public.record_newsletter_digest(timestamp with time zone, timestamp with time zone, timestamp with time zone, integer, integer, text, text, boolean)', '', '', 'execute'),
  ('function public.rotate_visitor_salts()', '', '', 'execute'),
  ('function public.search_catalogue(text, text, text, integer, integer)', 'execute', 'execute', 'execute'),
  ('function public.search_videos(text, text)', 'execute', 'execute', 'execute'),
  ('function public.site_route(text)', '', '', 'execute'),
  ('function public.store_contact_message(text, text, text, text, real, text)', '', '', 'execute'),
  ('function public.subscribe_newsletter(text, integer, integer)', '', '', 'execute'),
  ('function public.suppressed_mail_addresses(text[])', '', '', 'execute'),
  ('function public.sync_channel_videos(jsonb)', '', '', 'execute'),
  ('function public.sync_channel_videos_guarded(jsonb, numeric)', '', '', 'execute'),
  ('function public.take_rate_limit(text, integer, integer, integer)', '', '', 'execute'),
  ('function public.take_rate_limits(jsonb)', '', '', 'execute'),
  ('function public.unsubscribe_newsletter(uuid, text)', '', '', 'execute'),
  ('function private.add_fediverse_report_figures()', '', '', ''),
  ('function private.fediverse_post_item(fediverse_posts)', '', '', ''),
  ('function private.fediverse_server_of(text)', '', '', ''),
  ('function private.queue_fediverse_post()', '', '', ''),
  ('function public.claim_fediverse_messages(integer, integer)', '', '', 'execute'),
  ('function public.claim_fediverse_posts(integer, integer)', '', '', 'execute'),
  ('function public.fediverse_account_counts()', '', '', 'execute'),
  ('function public.fediverse_actor_keys(jsonb)', '', '', 'execute'),
  ('function public.fediverse_enqueue(jsonb)', '', '', 'execute'),
  ('function public.fediverse_follow(text, text, text, text)', '', '', 'execute'),
  ('function public.fediverse_follower_page(text, integer)', '', '', 'execute'),
  ('function public.fediverse_kv_get(text[])', '', '', 'execute'),
  ('function public.fediverse_kv_list(text[])', '', '', 'execute'),
  ('function public.fediverse_kv_set(text[], jsonb, double precision, boolean, boolean, boolean, jsonb)', '', '', 'execute'),
  ('function public.fediverse_record_interaction(text, text, text, text, text, text, text, text)', '', '', 'execute'),
  ('function public.fediverse_remove_interaction(text, text)', '', '', 'execute'),
  ('function public.fediverse_report_figures(timestamp with time zone, timestamp with time zone, text)', '', '', 'execute'),
  ('function public.fediverse_sent_post(text, text)', '', '', 'execute'),
  ('function public.fediverse_sent_posts(timestamp with time zone, integer)', '', '', 'execute'),
  ('function public.fediverse_unfollow(text[], text)', '', '', 'execute'),
  ('function public.finish_fediverse_message(bigint, uuid, jsonb, boolean, double precision)', '', '', 'execute'),
  ('function public.finish_fediverse_post(uuid, uuid, jsonb, text)', '', '', 'execute'),
  ('function public.renew_fediverse_messages(bigint[], uuid, integer)', '', '', 'execute'),
  ('sequence public.fediverse_messages_id_seq', '', '', ''),
  ('table public.fediverse_actor_keys', '', '', 'select'),
  ('table public.fediverse_followers', '', '', 'delete,select'),
  ('table public.fediverse_interactions', '', '', 'delete,select'),
  ('table public.fediverse_kv', '', '', ''),
  ('table public.fediverse_messages', '', '', 'select'),
  ('table public.fediverse_posts', '', '', 'select'),
  ('table public.fediverse_settings', '', '', 'select,update'),
  ('schema private', '', '', 'usage'),
  ('schema public', 'usage', 'usage', 'usage'),
  ('sequence public.analytics_events_id_seq', '', '', ''),
  ('sequence public.page_views_id_seq', '', '', ''),
  ('sequence public.rate_limit_hits_id_seq', '', '', ''),
  ('table public.ads', 'select', 'select', 'delete,insert,select,update'),
  ('table public.analytics_events', '', '', 'delete,insert,select,update'),
  ('table public.contacts', '', '', 'delete,insert,select,update'),
  ('table public.courses', 'select', 'select', 'delete,insert,select,update'),
  ('table public.emails', '', '', 'delete,insert,select,update'),
  ('table public.mail_event_receipts', '', '', 'delete,insert,select,update'),
  ('table public.mail_outbox', '', '', 'delete,insert,select,update'),
  ('table public.mail_suppressions', '', '', 'delete,insert,select,update'),
  ('table public.newsletter_digests', '', '', 'delete,insert,select,update'),
  ('table public.newsletter_issues', '', '', 'delete,insert,select,update'),
  ('table public.owner_report_settings', '', '', 'delete,insert,select,update'),
  ('table public.owner_reports', '', '', 'delete,insert,select,update'),
  ('table public.page_views', '', '', 'delete,insert,select,update'),
  ('table public.projects', 'select', 'select', 'delete,insert,select,update'),
  ('table public.rate_limit_hits', '', '', 'delete,insert,select,update'),
  ('table public.site_routes', 'select', 'select', 'delete,insert,select,update'),
  ('table public.testimonials', 'select', 'select', 'delete,insert,select,update'),
  ('table public.videos', 'select', 'select', 'delete,insert,select,update'),
  ('view public.analytics_events_per_day', '', '', 'select'),
  ('view public.newsletter_issue_progress', '', '', 'select'),
  ('view public.newsletter_subscribers', '', '', 'select'),
  ('view public.owner_report_week_counts', '', '', 'select'),
  ('view public.owner_report_week_days', '', '', 'select'),
  ('view public.owner_report_week_messages', '', '', 'select'),
  ('view public.owner_report_week_rates', '', '', 'select'),
  ('view public.owner_report_week_spikes', '', '', 'select'),
  ('view public.owner_report_week_top', '', '', 'select'),
  ('view public.owner_report_week_visits_per_day', '', '', 'select');

-- What the catalogue says, one row per object and API role: the role's privileges, comma-separated in order.
create temporary view privilege_matrix as
with objects as (
  select case when c.relkind = 'S' then 'sequence' when c.relkind in ('v', 'm') then 'view' else 'table' end
           || ' ' || n.nspname || '.' || c.relname as object,
         coalesce(c.relacl,
                  pg_catalog.acldefault(case when c.relkind = 'S' then 's'::"char" else 'r'::"char" end, c.relowner))
           as acl
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
  union all
  select 'column ' || n.nspname || '.' || c.relname || '.' || a.attname, a.attacl
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_class c on c.oid = a.attrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and a.attacl is not null
  union all
  select 'function ' || n.nspname || '.' || p.proname || '(' || pg_catalog.oidvectortypes(p.proargtypes) || ')',
         coalesce(p.proacl, pg_catalog.acldefault('f'::"char", p.proowner))
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
  union all
  select 'schema ' || n.nspname, coalesce(n.nspacl, pg_catalog.acldefault('n'::"char", n.nspowner))
    from pg_catalog.pg_namespace n
    where n.nspname in ('public', 'private')
),
api_roles (role) as (values ('anon'), ('authenticated'), ('service_role'))
select o.object, r.role,
  coalesce(
    (select pg_catalog.string_agg(distinct pg_catalog.lower(x.privilege_type), ','
                                  order by pg_catalog.lower(x.privilege_type))
       from pg_catalog.aclexplode(o.acl) x
       where x.grantee = 0 or x.grantee = (select g.oid from pg_catalog.pg_roles g where g.rolname = r.role)),
    '') as privileges
from objects o cross join api_roles r;

select set_eq(
  $$ select distinct object from privilege_matrix where object not like 'column %' $$,
  $$ select object from expected_privileges where object not like 'column %' $$,
  'every table, view, sequence and function in public and private, and both schemas, are in the matrix'
);
select set_eq(
  $$ select object, privileges from privilege_matrix where role = 'anon' and privileges <> '' $$,
  $$ select object, anon from expected_privileges where anon <> '' $$,
  'anon (the publishable key) has exactly the privileges of the matrix'
);
select set_eq(
  $$ select object, privileges from privilege_matrix where role = 'authenticated' and privileges <> '' $$,
  $$ select object, authenticated from expected_privileges where authenticated <> '' $$,
  'authenticated has exactly the privileges of the matrix'
);
select set_eq(
  $$ select object, privileges from privilege_matrix where role = 'service_role' and privileges <> '' $$,
  $$ select object, service_role from expected_privileges where service_role <> '' $$,
  'service_role (the secret key) has exactly the privileges of the matrix'
);

select * from finish();
rollback;
