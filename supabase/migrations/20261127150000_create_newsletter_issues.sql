-- Newsletter issues: what the owner writes in the dashboard (or the site writes as the weekly digest of new videos and
-- courses), sent to every confirmed subscriber by the newsletter-send function (supabase/functions/_shared/mail/
-- newsletterSender.ts), then public as the site's archive (/newsletter/issues/<slug>) and feed. The owner moves an issue
-- through its life by setting `status`:
--   draft      being written (the default); the owner may edit it freely
--   test       the owner asks for one copy to OWNER_EMAIL, as subscribers will see it: it is queued at once and the
--              issue is back to draft (test_requested_at says when)
--   scheduled  to be sent at send_at (empty: at once); back to draft to edit it again
--   sending    being sent (set by the sender only): a copy per confirmed subscriber was queued when it got here;
--              subject and text no longer change
--   sent       every copy was sent or given up (set by the sender only)
-- An issue that is sending or sent is public: the site's archive shows it.
--   cancelled  no copy goes out any more; copies already sent stay sent
create table public.newsletter_issues (
  id uuid primary key default gen_random_uuid(),
  kind text not null default 'issue',
  subject text not null,
  body_markdown text not null default '',
  status text not null default 'draft',
  send_at timestamptz,
  slug text not null,
  test_requested_at timestamptz,
  queued_at timestamptz,
  recipients integer,
  sent_at timestamptz,
  cancelled_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint newsletter_issues_kind_known check (kind in ('issue', 'digest')),
  constraint newsletter_issues_status_known check (
    status in ('draft', 'test', 'scheduled', 'sending', 'sent', 'cancelled')
  ),
  constraint newsletter_issues_subject_length check (char_length(btrim(subject)) between 1 and 200),
  constraint newsletter_issues_subject_one_line check (subject !~ '[[:cntrl:]]'),
  constraint newsletter_issues_body_length check (char_length(body_markdown) <= 100000),
  constraint newsletter_issues_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
  constraint newsletter_issues_slug_key unique (slug),
  constraint newsletter_issues_error_short check (char_length(last_error) <= 1000)
);

comment on table public.newsletter_issues is
  'Newsletter issues: written by the owner (or the weekly digest), sent to every confirmed subscriber, then public.';
comment on column public.newsletter_issues.status is
  'draft -> test (one copy to OWNER_EMAIL, back to draft) | scheduled (at send_at) -> sending -> sent; or cancelled.';
comment on column public.newsletter_issues.send_at is 'When a scheduled issue is sent; empty: as soon as it is scheduled.';
comment on column public.newsletter_issues.slug is 'Its address in the archive: /newsletter/issues/<slug>.';
comment on column public.newsletter_issues.recipients is 'Copies queued when it started sending.';

create index newsletter_issues_due_idx on public.newsletter_issues (send_at) where status = 'scheduled';
create index newsletter_issues_sent_idx on public.newsletter_issues (sent_at desc) where status = 'sent';

-- An address from the subject: lower-case words joined by "-", made unique with a number when another issue has it.
create or replace function private.newsletter_issue_slug(p_subject text, p_id uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  base text := left(btrim(regexp_replace(lower(coalesce(p_subject, '')), '[^a-z0-9]+', '-', 'g'), '-'), 80);
  candidate text;
  n integer := 1;
begin
  base := coalesce(nullif(btrim(base, '-'), ''), 'issue');
  candidate := base;
  while exists (select from public.newsletter_issues i where i.slug = candidate and i.id <> p_id) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end;
$$;

-- The life of an issue (above): which changes of status are allowed, and what can no longer be edited once it is on
-- its way. Only the sender's functions (migration 20261127150100) move an issue to sending and sent: they say so with
-- the transaction-local setting newsletter.sender, which a dashboard edit does not have.
create or replace function private.newsletter_issue_changed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status not in ('draft', 'test', 'scheduled') then
      raise exception 'A new issue is a draft (or test, or scheduled), not %', new.status using errcode = '22023';
    end if;
    new.slug := private.newsletter_issue_slug(new.subject, new.id);
  else
    if old.status in ('sending', 'sent', 'cancelled')
       and (new.subject is distinct from old.subject or new.body_markdown is distinct from old.body_markdown
            or new.kind is distinct from old.kind or new.slug is distinct from old.slug) then
      raise exception 'An issue that is % cannot be edited: write a new one', old.status using errcode = '22023';
    end if;
    if new.status is distinct from old.status and not (
      (old.status in ('draft', 'test') and new.status in ('draft', 'test', 'scheduled', 'cancelled'))
      or (old.status = 'scheduled' and new.status in ('draft', 'cancelled'))
      or (old.status = 'scheduled' and new.status = 'sending' and current_setting('newsletter.sender', true) = 'on')
      or (old.status = 'sending' and new.status = 'sent' and current_setting('newsletter.sender', true) = 'on')
      or (old.status = 'sending' and new.status = 'cancelled')
    ) then
      raise exception 'An issue that is % cannot become %', old.status, new.status using errcode = '22023',
        hint = 'draft -> test, scheduled or cancelled; scheduled -> draft or cancelled; sending -> cancelled';
    end if;
    if old.status in ('draft', 'test', 'scheduled') and new.subject is distinct from old.subject then
      new.slug := private.newsletter_issue_slug(new.subject, new.id);
    end if;
  end if;
  if new.status = 'cancelled' and new.cancelled_at is null then
    new.cancelled_at := now();
  end if;
  if new.status = 'sent' and new.sent_at is null then
    new.sent_at := now();
  end if;
  return new;
end;
$$;

create trigger newsletter_issues_changed
  before insert or update on public.newsletter_issues
  for each row execute function private.newsletter_issue_changed();

create trigger newsletter_issues_set_updated_at
  before update on public.newsletter_issues
  for each row execute function private.set_updated_at();

alter table public.newsletter_issues enable row level security;

-- Visitors read the archive: issues that went out (or are going out: the "view in the browser" link of a copy works
-- at once), and only what the archive shows.
revoke all on public.newsletter_issues from anon, authenticated;
grant select (id, kind, subject, body_markdown, slug, queued_at, sent_at, updated_at) on public.newsletter_issues
  to anon, authenticated;
create policy "issues sent are public" on public.newsletter_issues
  for select to anon, authenticated
  using (status in ('sending', 'sent'));
