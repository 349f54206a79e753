-- Scheduled calls of the edge functions with the secret key in Vault (migration 20261127100000): the key a project
-- created today stores, the legacy service-role key a project stored before (until a secret key is stored), a clear
-- error while Vault lacks either, and nothing the API's roles can reach.
begin;
create extension if not exists pgtap with schema extensions;
select plan(11);

-- Vault and pg_net are hosted Supabase's. Where they are missing (the local stand-in, plain PostgreSQL), stand-ins
-- with their names and shapes, for this transaction only: Vault's view of secrets, and pg_net's queue of requests.
do $$
begin
  if to_regclass('vault.decrypted_secrets') is null then
    create schema vault;
    create table vault.secrets (name text primary key, secret text not null);
    create view vault.decrypted_secrets as select name, secret as decrypted_secret from vault.secrets;
    create function vault.create_secret(new_secret text, new_name text) returns uuid
      language sql as 'insert into vault.secrets values (new_name, new_secret); select gen_random_uuid()';
  end if;
  if to_regclass('net.http_request_queue') is null then
    create schema net;
    create table net.http_request_queue (
      id bigserial primary key, method text, url text, headers jsonb, body bytea, timeout_milliseconds integer
    );
    create function net.http_post(
      url text, body jsonb default '{}', params jsonb default '{}', headers jsonb default '{}',
      timeout_milliseconds integer default 5000
    ) returns bigint language sql as $f$
      insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
      values ('POST', url, headers, convert_to(body::text, 'utf8'), timeout_milliseconds) returning id
    $f$;
  end if;
end $$;

select throws_ok(
  $$ select * from private.edge_function_request('mail-outbox') $$,
  'P0001', 'Vault holds no project_url for the scheduled call of mail-outbox',
  'without the project URL in Vault a scheduled call says what is missing'
);
select vault.create_secret('https://abcdefghijklmnop.supabase.co/', 'project_url');
select throws_ok(
  $$ select * from private.edge_function_request('mail-outbox') $$,
  'P0001', 'Vault holds no secret_key for the scheduled call of mail-outbox',
  'and without a key'
);

-- A project that stored its legacy service-role key (a JWT) under the old name.
select vault.create_secret('eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.bGVnYWN5', 'service_role_key');
select results_eq(
  $$ select url, headers from private.edge_function_request('mail-outbox') $$,
  $$ values ('https://abcdefghijklmnop.supabase.co/functions/v1/mail-outbox', jsonb_build_object(
       'Content-Type', 'application/json',
       'apikey', 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.bGVnYWN5',
       'Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.bGVnYWN5')) $$,
  'the legacy service-role key stored under its old name is used, in apikey and as the bearer token'
);

-- The owner stores a secret key: every schedule moves to it.
select vault.create_secret('sb_secret_scheduleTestOnly_0123456789', 'secret_key');
select results_eq(
  $$ select url, headers from private.edge_function_request('youtube-sync') $$,
  $$ values ('https://abcdefghijklmnop.supabase.co/functions/v1/youtube-sync', jsonb_build_object(
       'Content-Type', 'application/json', 'apikey', 'sb_secret_scheduleTestOnly_0123456789')) $$,
  'a secret key goes in apikey alone (it is no JWT), and wins over the legacy key'
);

select throws_ok(
  $$ select * from private.edge_function_request('../rest/v1/contacts') $$,
  'P0001', 'not the name of an edge function: ../rest/v1/contacts',
  'only a function name is called'
);

select isnt(private.call_edge_function('mail-outbox'), null, 'a scheduled call queues one request');
select results_eq(
  $$ select method, url, headers->>'apikey', headers ? 'Authorization', timeout_milliseconds
     from net.http_request_queue order by id desc limit 1 $$,
  $$ values ('POST', 'https://abcdefghijklmnop.supabase.co/functions/v1/mail-outbox',
             'sb_secret_scheduleTestOnly_0123456789', false, 60000) $$,
  'a POST to the function with the secret key, and a minute to answer'
);

select ok(
  not has_function_privilege('anon', 'private.call_edge_function(text, jsonb, integer)', 'execute'),
  'visitors cannot call functions with the secret key'
);
select ok(
  not has_function_privilege('authenticated', 'private.edge_function_request(text)', 'execute'),
  'nor read it'
);
select ok(
  not has_function_privilege('service_role', 'private.edge_function_request(text)', 'execute'),
  'nor can the API''s service role read it through SQL'
);
select schema_privs_are('private', 'authenticated', array[]::text[], 'the API''s roles cannot use the schema');

select * from finish();
rollback;
