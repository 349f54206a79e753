-- Contact form messages. Only the contact edge function writes here, with the service role, after it has checked the
-- reCAPTCHA token and the rate limit; visitors have no access at all.
create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  full_name text not null,
  email text not null,
  subject text not null,
  message text not null,
  recaptcha_score real,
  recaptcha_action text,
  client_hash text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint contacts_full_name_length check (char_length(btrim(full_name)) between 1 and 100),
  constraint contacts_email_format check (
    char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  constraint contacts_subject_length check (char_length(btrim(subject)) between 1 and 200),
  constraint contacts_message_length check (char_length(btrim(message)) between 1 and 5000),
  constraint contacts_recaptcha_score_range check (recaptcha_score between 0 and 1),
  constraint contacts_recaptcha_action_length check (char_length(recaptcha_action) <= 100),
  constraint contacts_client_hash_length check (char_length(client_hash) between 16 and 128)
);

comment on table public.contacts is 'Contact form messages, written by the contact edge function (service role) only.';
comment on column public.contacts.recaptcha_score is 'reCAPTCHA v3 score (0-1) from the server-side verification; NULL when no secret is configured.';
comment on column public.contacts.client_hash is 'Salted hash identifying the sender for rate limiting. Never an IP address.';

create index contacts_client_hash_created_at_idx on public.contacts (client_hash, created_at desc);

create trigger contacts_set_updated_at
  before update on public.contacts
  for each row execute function private.set_updated_at();

alter table public.contacts enable row level security;

-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on public.contacts from anon, authenticated;
