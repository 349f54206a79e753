-- The weekly digest: each week, at the day and hour the configuration names (NEWSLETTER_DIGEST_DAY, _HOUR, _TIMEZONE),
-- the newsletter-send function looks for videos published and courses added since the last look, and when there are
-- any, writes them as an issue (kind digest): scheduled, to be sent at once, when NEWSLETTER_DIGEST=send, else a draft
-- for the owner to read and schedule. Nothing new: no digest. Each week is looked at once, whoever looks (the primary
-- key), and the next look starts where the last one ended, so nothing new is ever in two digests or in none.
create table public.newsletter_digests (
  week_of timestamptz primary key,
  covers_from timestamptz not null,
  covers_until timestamptz not null,
  new_videos integer not null,
  new_courses integer not null,
  issue_id uuid references public.newsletter_issues (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint newsletter_digests_covers_forward check (covers_from <= covers_until),
  constraint newsletter_digests_counts check (new_videos >= 0 and new_courses >= 0)
);

comment on table public.newsletter_digests is
  'Each week the digest looked for new videos and courses: what it covered, what it found, the issue it wrote if any.';

alter table public.newsletter_digests enable row level security;
-- No policies: the service role bypasses RLS, everyone else is denied.
revoke all on public.newsletter_digests from anon, authenticated;

-- Where the digest of the week starting at p_week_of begins: the end of the last look (the week before, the first
-- time); null when that week was looked at already.
create or replace function public.newsletter_digest_since(p_week_of timestamptz)
returns timestamptz
language sql
stable
security invoker
set search_path = ''
as $$
  select case
    when exists (select from public.newsletter_digests d where d.week_of >= p_week_of) then null
    else coalesce((select max(d.covers_until) from public.newsletter_digests d), p_week_of - interval '7 days')
  end;
$$;

-- Records the week's look, once, and the digest it wrote when it found anything (in one transaction). Returns the new
-- issue's id; null when nothing was new, or when another look recorded this week first (nothing is written then).
create or replace function public.record_newsletter_digest(
  p_week_of timestamptz,
  p_covers_from timestamptz,
  p_covers_until timestamptz,
  p_new_videos integer,
  p_new_courses integer,
  p_subject text,
  p_body_markdown text,
  p_send boolean
)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  written uuid;
begin
  insert into public.newsletter_digests (week_of, covers_from, covers_until, new_videos, new_courses)
    values (p_week_of, p_covers_from, p_covers_until, p_new_videos, p_new_courses)
    on conflict (week_of) do nothing;
  if not found or p_new_videos + p_new_courses = 0 then
    return null;
  end if;
  insert into public.newsletter_issues (kind, subject, body_markdown, status)
    values ('digest', p_subject, p_body_markdown, case when p_send then 'scheduled' else 'draft' end)
    returning id into written;
  update public.newsletter_digests set issue_id = written where week_of = p_week_of;
  return written;
end;
$$;

revoke execute on function public.newsletter_digest_since(timestamptz) from public, anon, authenticated;
revoke execute on function public.record_newsletter_digest(timestamptz, timestamptz, timestamptz, integer, integer,
  text, text, boolean) from public, anon, authenticated;
grant execute on function public.newsletter_digest_since(timestamptz) to service_role;
grant execute on function public.record_newsletter_digest(timestamptz, timestamptz, timestamptz, integer, integer,
  text, text, boolean) to service_role;
