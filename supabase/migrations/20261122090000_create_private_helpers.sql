-- Helpers that triggers use. They live in the `private` schema, which the API roles cannot use, so PostgREST never
-- exposes them as RPC endpoints.
create schema if not exists private;

revoke all on schema private from public;

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
