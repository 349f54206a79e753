-- The schema as it stands, in rooms, one file each, in the order they depend on one another:
--   000000 private helpers            the `private` schema and the trigger functions every room uses
--   000100 content                    projects, courses, testimonials, ads and the catalogue search
--   000200 videos                     the channel's videos, their sync and their search
--   000300 engagement writes          subscribers, contact messages, analytics events and the rate limits
--   000400 mail outbox                every mail the site sends, its suppressions and the provider's events
--   000500 newsletter                 issues, their copies in the outbox, and the weekly digest
--   000550 fediverse                  the site's account: followers, posts, replies and likes, Fedify's store and queue
--   000600 owner report               page views and visitors, the owner's figures, their views and the weekly report
--   000700 storage                    the public bucket of images
--   000800 schedules                  what pg_cron runs: the calls with a secret key, the purge, the salts' rotation
--
-- Privileges: every table, view, sequence and function says, beside it, what each API role may do with it, whatever
-- the project's default privileges are. A project created today grants the API roles nothing by default; one created
-- before 2026-05-30 granted them everything in `public`. So each object first takes back what the old defaults gave
-- (`revoke all ... from anon, authenticated, service_role`, and from `public` for a function, which PostgreSQL lets
-- everyone execute), then grants what each role uses:
--   anon, authenticated  the visitors (the publishable key): read the content and the archive, run the two searches
--   service_role         the secret key (the edge functions, the schedules, the owner's own tools): reads and writes
--                        rows of every table, reads every view, runs the functions the edge functions call
-- supabase/tests/database/06_privilege_matrix.test.sql states the whole matrix, so an object without its grants fails.

-- Helpers live in `private`, which the visitors' roles cannot use, so PostgREST never exposes them as RPC endpoints.
-- The service role uses it: the newsletter's functions (its caller's rights) call two of its helpers.
create schema if not exists private;

revoke all on schema private from public;
grant usage on schema private to service_role;

-- Keeps `updated_at` honest on every update, and `created_at` as it was when the row was made.
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.created_at := old.created_at;
  new.updated_at := now();
  return new;
end;
$$;

-- Newsletter addresses are stored lower-cased and trimmed, so the unique constraint on `emails.email` is
-- case-insensitive and "Ana@Example.com" subscribes the same person as "ana@example.com".
create or replace function private.normalize_email()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end;
$$;

-- Trigger functions run when their trigger fires, whoever fires it: nobody needs to call them.
revoke all on function private.set_updated_at() from public, anon, authenticated, service_role;
revoke all on function private.normalize_email() from public, anon, authenticated, service_role;
