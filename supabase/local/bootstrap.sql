-- What a hosted Supabase project created today provides before the first migration runs, for databases that are not
-- Supabase: the local stand-in (PGlite) and the throwaway real PostgreSQL clusters of the checks (supabase/scripts/
-- verify-postgres.mjs), where it runs as the cluster's superuser, supabase_admin, and the migrations then run as
-- `postgres`, which is not a superuser, as on a hosted project. Modelled on supabase/postgres (migrations/db) and the
-- auth helpers of Supabase Auth. Never run against a hosted project. Safe to run twice.
--
-- Default privileges: a project created since 2026-05-30 gives the API roles nothing on what `postgres` creates in
-- `public` ("Default privileges for new entities" off), so neither does this. A project created before gave them
-- everything: bootstrap-old-default-privileges.sql, run after this file, makes that project, and the privilege
-- matrix must come out the same on both (local/test/defaultPrivileges.test.ts).

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit login;
  end if;
  -- The platform's superuser, which owns what the platform itself creates. On the real clusters of the checks it is
  -- the cluster's superuser already; PGlite has only `postgres`.
  if not exists (select from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin nologin;
  end if;
  -- The project's owner, as on a hosted project: not a superuser (on PGlite it is the superuser, the only role there
  -- can be). PostgREST switches to the API roles from here and from authenticator.
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login createdb createrole replication bypassrls;
  end if;
end;
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant all on database postgres to postgres;
grant all on schema public to postgres;

-- As on hosted Supabase: a slow statement of an API role is cancelled (anon 3 s, authenticated 8 s; PostgREST applies
-- the impersonated role's settings). PGlite, the local stand-in's engine, cannot interrupt a running statement
-- (measured), so the stand-in also bounds what one request may ask for (src/rest/queryGrammar.ts).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- Extensions live in their own schema, as on Supabase.
create schema if not exists extensions;
grant all on schema extensions to postgres;
grant usage on schema extensions to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;
-- What the platform itself creates in `public` (supabase_admin's objects, never the migrations') is granted to the
-- API roles, on every project; what `postgres` creates, nothing: the migrations grant it by name.
alter default privileges for role supabase_admin in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;

-- The JWT of the current request, as PostgREST sets it: request.jwt.claims holds the claims as JSON.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create or replace function auth.jwt()
returns jsonb
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid()
returns uuid
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email()
returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- Realtime's publication, empty until a migration adds tables; the project's owner owns it, as hosted.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end;
$$;
alter publication supabase_realtime owner to postgres;

-- The owner's sessions find extension functions (pgTAP among them) without a schema prefix, as on Supabase.
alter role postgres set search_path to "$user", public, extensions;
