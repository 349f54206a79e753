-- Newsletter subscribers. Visitors may add an address and do nothing else with the table: they cannot read, change
-- or delete addresses, their own included.
create table public.emails (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- case-insensitive, because emails_normalize_email lower-cases before the check runs; lets the client upsert
  -- with on_conflict=email and ignore-duplicates, so subscribing twice is no error and keeps one row
  constraint emails_email_key unique (email),
  constraint emails_email_length check (char_length(email) <= 254),
  -- spec §5: word characters with optional dot or hyphen separators, an @, a domain, a final suffix of 2-3 letters;
  -- the same rule as functions/_shared/isValidEmail.ts (one separator between runs, so no costly backtracking)
  constraint emails_email_format check (
    email ~ '^[A-Za-z0-9_]+([.-][A-Za-z0-9_]+)*@[A-Za-z0-9_]+([.-][A-Za-z0-9_]+)*(\.[A-Za-z]{2,3})+$'
  )
);

comment on table public.emails is 'Newsletter subscribers (lower-cased, unique). Written by visitors, read only by the owner.';

create trigger emails_normalize_email
  before insert or update of email on public.emails
  for each row execute function private.normalize_email();

create trigger emails_set_updated_at
  before update on public.emails
  for each row execute function private.set_updated_at();

alter table public.emails enable row level security;

create policy "Visitors can subscribe"
  on public.emails for insert
  to anon, authenticated
  with check (email = lower(email) and char_length(email) <= 254);

-- Only the address itself may come from a visitor; id and timestamps are always the defaults.
revoke all on public.emails from anon, authenticated;
grant insert (email) on public.emails to anon, authenticated;

-- Why a visitor needs any SELECT at all: INSERT ... ON CONFLICT (email) DO NOTHING (the client's upsert with
-- ignore-duplicates) requires the SELECT privilege on the conflict column, and PostgreSQL then checks the proposed row
-- against the SELECT policies as well (without one, the upsert fails with "new row violates row-level security
-- policy"). This policy admits only a row created by the visitor's own transaction (created_at defaults to now(),
-- the transaction's start, and visitors cannot set it), so no stored address is ever readable by a visitor.
grant select (email) on public.emails to anon, authenticated;

create policy "Visitors see only the address their own request adds"
  on public.emails for select
  to anon, authenticated
  using (created_at = now());
