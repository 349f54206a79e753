-- A Supabase project created before 2026-05-30 ("Default privileges for new entities" on): everything `postgres`
-- creates in `public` is granted to the API roles at once. Run after bootstrap.sql, only by the test that proves the
-- migrations end with the same privileges on such a project as on one created today
-- (local/test/defaultPrivileges.test.ts, and verify-postgres.mjs --default-privileges old). Safe to run twice.
alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;
