-- The contact function's rate limit (issue 6): each attempt that passes the field checks is counted against the
-- client for 10 minutes. A client is a salted hash computed by the function, never an IP address, and attempts are
-- deleted once they are older than the window, so nothing here outlives its purpose.
create table public.contact_attempts (
  id bigint generated always as identity primary key,
  client_hash text not null,
  created_at timestamptz not null default now(),
  constraint contact_attempts_client_hash_length check (char_length(client_hash) between 16 and 128)
);

comment on table public.contact_attempts is
  'Recent contact-form attempts per client (salted hash, no IP), for the rate limit. Service role only.';

create index contact_attempts_client_hash_created_at_idx on public.contact_attempts (client_hash, created_at);
create index contact_attempts_created_at_idx on public.contact_attempts (created_at);

alter table public.contact_attempts enable row level security;

-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on public.contact_attempts from anon, authenticated;

-- Counts one attempt for the client and says whether it is within the limit: true = go on, false = too many in the
-- window (the refused attempt is not counted, so waiting is enough). One statement for the function, so two requests
-- of the same client cannot both take the last free attempt.
create or replace function public.take_contact_attempt(
  p_client_hash text,
  p_max_attempts integer,
  p_window_seconds integer
)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  window_start timestamptz := now() - make_interval(secs => p_window_seconds);
  recent integer;
begin
  if p_client_hash is null or p_max_attempts is null or p_max_attempts < 1
     or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'take_contact_attempt needs a client hash, a positive limit and a positive window'
      using errcode = '22023';
  end if;
  -- Serialises the attempts of one client for the rest of the transaction.
  perform pg_advisory_xact_lock(hashtextextended('contact_attempts:' || p_client_hash, 0));
  delete from public.contact_attempts where created_at < window_start;
  select count(*) into recent
    from public.contact_attempts
    where client_hash = p_client_hash and created_at >= window_start;
  if recent >= p_max_attempts then
    return false;
  end if;
  insert into public.contact_attempts (client_hash) values (p_client_hash);
  return true;
end;
$$;

comment on function public.take_contact_attempt(text, integer, integer) is
  'Rate limit of the contact function: records an attempt and returns false when the client is over the limit.';

-- Supabase grants EXECUTE on new functions to the API roles by default; this one is for the contact function only.
revoke execute on function public.take_contact_attempt(text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_contact_attempt(text, integer, integer) to service_role;
