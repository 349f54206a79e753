-- Scheduled calls of the edge functions (pg_cron and pg_net on hosted Supabase) with a secret key kept in Vault.
-- A project created today has publishable and secret keys, which are not JWTs: the functions check their caller's key
-- themselves (functions/_shared/apiKeys.ts, verify_jwt off), and a schedule sends a secret key in the `apikey` header.
-- The owner keeps the project's URL and a secret key in Vault, once (docs/owner.md, "The schedules"):
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('sb_secret_...', 'secret_key');
-- and schedules each function with one line: select cron.schedule('mail-outbox', '* * * * *',
--   $$select private.call_edge_function('mail-outbox')$$);
-- A project that keeps its legacy service-role key in Vault under the name 'service_role_key' (the name an older guide
-- gave it) keeps working: that key is used while Vault holds no 'secret_key', and sent as a legacy key goes (in
-- `apikey` and as the bearer token). Storing a 'secret_key' moves every schedule to it at once.
-- Vault, pg_net and pg_cron are hosted Supabase's: these functions name them only when they run, so this migration
-- applies unchanged on the local stand-in (PGlite) and on plain PostgreSQL too. They live in `private`, which the
-- API's roles cannot use; pg_cron runs a job as the owner who scheduled it.

-- Where a scheduled call goes and what it carries, read from Vault at each call (a rotated key applies at once).
create or replace function private.edge_function_request(function_name text)
returns table (url text, headers jsonb)
language plpgsql
stable
set search_path = ''
as $$
declare
  project_url text;
  secret_key text;
begin
  if function_name is null or function_name !~ '^[a-z0-9][a-z0-9_-]*$' then
    raise exception 'not the name of an edge function: %', function_name;
  end if;
  select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'project_url';
  select s.decrypted_secret into secret_key from vault.decrypted_secrets s where s.name = 'secret_key';
  if secret_key is null then
    select s.decrypted_secret into secret_key from vault.decrypted_secrets s where s.name = 'service_role_key';
  end if;
  if project_url is null or secret_key is null then
    raise exception 'Vault holds no % for the scheduled call of %',
      case when project_url is null then 'project_url' else 'secret_key' end, function_name
      using hint = 'Store the project''s URL and a secret key once: see docs/owner.md, "The schedules".';
  end if;
  url := rtrim(project_url, '/') || '/functions/v1/' || function_name;
  headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', secret_key);
  -- A legacy service-role key is a JWT, which the functions (and the gateway) also read as the bearer token.
  if secret_key !~ '^sb_' then
    headers := headers || jsonb_build_object('Authorization', 'Bearer ' || secret_key);
  end if;
  return next;
end;
$$;

comment on function private.edge_function_request(text) is
  'The URL and headers of a scheduled call of an edge function: the project URL and secret key from Vault.';

-- Calls an edge function from a pg_cron job; returns pg_net's request id (the answer lands in net._http_response).
create or replace function private.call_edge_function(
  function_name text,
  body jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 60000
)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  request record;
begin
  select r.url, r.headers into request from private.edge_function_request(function_name) r;
  return net.http_post(
    url := request.url,
    body := body,
    headers := request.headers,
    timeout_milliseconds := timeout_milliseconds
  );
end;
$$;

comment on function private.call_edge_function(text, jsonb, integer) is
  'Calls an edge function with the secret key in Vault; for pg_cron jobs (docs/owner.md, "The schedules").';

-- pg_cron runs a job as the owner who scheduled it; nobody else calls these.
revoke all on function private.edge_function_request(text) from public, anon, authenticated, service_role;
revoke all on function private.call_edge_function(text, jsonb, integer) from public, anon, authenticated, service_role;

-- The daily purge of mail records (public.purge_mail_records, 20261122000400_mail_outbox.sql) and the hourly
-- destruction of the visitor salts whose day is over (public.rotate_visitor_salts, 20261122000600_owner_report.sql).
-- Scheduled here where pg_cron is enabled (hosted Supabase: Database -> Extensions); docs/owner.md has the same
-- statements for a project that enables pg_cron later. PGlite and a plain PostgreSQL have no pg_cron: the local
-- stand-in runs both itself.
do $$
begin
  if exists (select from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('purge-mail-records', '17 3 * * *', 'select public.purge_mail_records()');
    perform cron.schedule('rotate-visitor-salts', '1 * * * *', 'select public.rotate_visitor_salts()');
  end if;
end;
$$;
