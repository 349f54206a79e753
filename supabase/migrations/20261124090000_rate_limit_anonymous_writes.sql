-- Bounded anonymous writes (issue 10). Everything a visitor can add to the database now goes through an edge function
-- that validates it and takes it from a rate limit first: newsletter-subscribe (emails), analytics-events
-- (analytics_events) and contact (contacts). The limits are kept here, in one table, by a bucket name the function
-- chooses (a salted hash of the client address the platform vouches for, or a fixed name for all clients together).
-- The numbers live with the functions (supabase/functions/_shared/rateLimits.ts).

create table public.rate_limit_hits (
  id bigint generated always as identity primary key,
  bucket text not null,
  weight integer not null default 1,
  created_at timestamptz not null default now(),
  constraint rate_limit_hits_bucket_length check (char_length(bucket) between 8 and 160),
  constraint rate_limit_hits_weight_positive check (weight between 1 and 1000)
);

comment on table public.rate_limit_hits is
  'Recent writes per rate-limit bucket (a salted client hash, never an address, or a global name). Service role only.';

create index rate_limit_hits_bucket_created_at_idx on public.rate_limit_hits (bucket, created_at);
create index rate_limit_hits_created_at_idx on public.rate_limit_hits (created_at);

alter table public.rate_limit_hits enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on public.rate_limit_hits from anon, authenticated;

-- Takes `p_weight` units from the bucket: true when they fit within `p_max` units per `p_window_seconds` (and are
-- counted), false when they do not (nothing is counted, so waiting is enough). One statement, serialised per bucket,
-- so two requests cannot both take the last free unit. Hits older than the window are deleted as it goes.
create or replace function public.take_rate_limit(
  p_bucket text,
  p_weight integer,
  p_max integer,
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
  used bigint;
begin
  if p_bucket is null or p_weight is null or p_weight < 1 or p_max is null or p_max < 1
     or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'take_rate_limit needs a bucket, a positive weight, a positive limit and a positive window'
      using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || p_bucket, 0));
  delete from public.rate_limit_hits where bucket = p_bucket and created_at < window_start;
  select coalesce(sum(weight), 0) into used
    from public.rate_limit_hits
    where bucket = p_bucket and created_at >= window_start;
  if used + p_weight > p_max then
    return false;
  end if;
  insert into public.rate_limit_hits (bucket, weight) values (p_bucket, p_weight);
  return true;
end;
$$;

comment on function public.take_rate_limit(text, integer, integer, integer) is
  'Rate limit of the edge functions: counts p_weight units in the bucket, false when over p_max per window.';

revoke execute on function public.take_rate_limit(text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, integer, integer, integer) to service_role;

-- The contact function now uses take_rate_limit too (per client and for all clients together).
drop function public.take_contact_attempt(text, integer, integer);
drop table public.contact_attempts;

-- Visitors no longer write emails and analytics_events directly: no limit could hold on a direct insert, and an
-- upsert could tell whether an address is subscribed. The functions write with the service role.
drop policy "Visitors can subscribe" on public.emails;
drop policy "Visitors see only the address their own request adds" on public.emails;
revoke all on public.emails from anon, authenticated;

drop policy "Visitors can record events" on public.analytics_events;
revoke all on public.analytics_events from anon, authenticated;

-- Each event's details are small (a search term, a title): 512 bytes is plenty, and bounds what one event can weigh.
alter table public.analytics_events
  add constraint analytics_events_payload_small check (pg_column_size(payload) <= 512),
  add constraint analytics_events_route_short check (char_length(route) <= 512);
