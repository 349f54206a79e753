-- What hosted Supabase provides before the first migration runs, for databases that are not Supabase: the local
-- stand-in (PGlite) and the throwaway PostgreSQL 15 of scripts/verify-postgres15.sh. Modelled on supabase/postgres
-- (migrations/db/init-scripts) and the auth helpers of Supabase Auth. Never run against a hosted project.
-- Safe to run twice.

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
    create role authenticator noinherit nologin;
  end if;
end;
$$;

grant anon, authenticated, service_role to authenticator;

-- As on hosted Supabase: a slow statement of an API role is cancelled (anon 3 s, authenticated 8 s; PostgREST applies
-- the impersonated role's settings). PGlite, the local stand-in's engine, cannot interrupt a running statement
-- (measured), so the stand-in also bounds what one request may ask for (src/rest/queryGrammar.ts).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- Extensions live in their own schema, as on Supabase.
create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

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

-- Realtime's publication, empty until a migration adds tables.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end;
$$;

-- The owner's sessions find extension functions (pgTAP among them) without a schema prefix, as on Supabase.
alter role postgres set search_path to "$user", public, extensions;
