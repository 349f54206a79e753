-- The site as an account on the fediverse (docs/owner.md, "The site on Mastodon"): Mastodon users follow
-- @<handle>@<the site's host>, and each new video, course and newsletter issue reaches their timelines. The site's
-- server speaks ActivityPub (Fedify, shell/server/fediverse/) and keeps everything here, with the secret key:
--   fediverse_settings      one row: which kinds of post go out (the owner turns each on or off)
--   fediverse_actor_keys    the account's key pairs (made by the server on its first start; they sign every request)
--   fediverse_followers     who follows the account, and where to deliver to them
--   fediverse_posts         each new item, queued in the transaction that made it new (a trigger), sent once
--   fediverse_interactions  replies, likes and boosts of the site's posts (the owner's report counts them:
--                           public.fediverse_report_figures, 20261122000600_owner_report.sql)
--   fediverse_kv            Fedify's key-value store (remote documents and keys it caches, activities it has seen)
--   fediverse_messages      Fedify's message queue (deliveries, with their retries; activities received)
-- Nothing here is for visitors: row-level security is on everywhere with no policy, and only the service role is
-- granted anything. Nothing a remote server sends is ever shown on the site.

-- 1. Which kinds of post go out: the owner edits this one row in the Table Editor. A kind turned off queues nothing
-- new; what was queued before still goes.
create table public.fediverse_settings (
  id boolean primary key default true,
  post_videos boolean not null default true,
  post_courses boolean not null default true,
  post_issues boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint fediverse_settings_one_row check (id)
);

comment on table public.fediverse_settings is
  'What the site''s fediverse account posts: new videos, new courses, newsletter issues once sent (each on or off).';

insert into public.fediverse_settings default values;

create trigger fediverse_settings_set_updated_at
  before update on public.fediverse_settings
  for each row execute function private.set_updated_at();

alter table public.fediverse_settings enable row level security;
revoke all on table public.fediverse_settings from public, anon, authenticated, service_role;
grant select, update on public.fediverse_settings to service_role;

-- 2. The account's key pairs, one per algorithm: RSA (HTTP signatures, what Mastodon checks) and Ed25519 (object
-- integrity proofs). The first server to start stores its pair; every other one reads it.
create table public.fediverse_actor_keys (
  algorithm text primary key,
  private_key jsonb not null,
  public_key jsonb not null,
  created_at timestamptz not null default now(),
  constraint fediverse_actor_keys_algorithm_known check (algorithm in ('RSASSA-PKCS1-v1_5', 'Ed25519')),
  constraint fediverse_actor_keys_jwk check (
    jsonb_typeof(private_key) = 'object' and jsonb_typeof(public_key) = 'object'
  )
);

comment on table public.fediverse_actor_keys is
  'The fediverse account''s key pairs as JWK (the private halves sign every request the site sends). Never share.';

alter table public.fediverse_actor_keys enable row level security;
revoke all on table public.fediverse_actor_keys from public, anon, authenticated, service_role;
grant select on public.fediverse_actor_keys to service_role;

-- The stored key pairs; the candidates (made by a server that found none) are kept only where none is stored, so
-- two servers starting at once end with one pair, the one both read back.
create or replace function public.fediverse_actor_keys(p_candidates jsonb default null)
returns setof public.fediverse_actor_keys
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_candidates is not null then
    insert into public.fediverse_actor_keys (algorithm, private_key, public_key)
      select c.algorithm, c.private_key, c.public_key
        from jsonb_to_recordset(p_candidates) as c(algorithm text, private_key jsonb, public_key jsonb)
      on conflict (algorithm) do nothing;
  end if;
  return query select k.* from public.fediverse_actor_keys k order by k.algorithm desc;
end;
$$;

-- 3. Followers: one row per remote account, with its inbox and its server's shared inbox (one delivery per server
-- where it has one). A follow from the same account again updates its row; an Undo deletes it; a server whose
-- deliveries keep failing for days (or that answers 404/410) is dropped, as a bouncing mail address is.
create table public.fediverse_followers (
  actor_id text primary key,
  inbox text not null,
  shared_inbox text,
  server text not null,
  follow_id text,
  followed_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint fediverse_followers_actor_id_url check (char_length(actor_id) <= 2048 and actor_id ~ '^https?://[^[:space:]]+$'),
  constraint fediverse_followers_inbox_url check (char_length(inbox) <= 2048 and inbox ~ '^https?://[^[:space:]]+$'),
  constraint fediverse_followers_shared_inbox_url check (
    char_length(shared_inbox) <= 2048 and shared_inbox ~ '^https?://[^[:space:]]+$'
  ),
  constraint fediverse_followers_server_length check (char_length(server) between 1 and 300),
  constraint fediverse_followers_follow_id_length check (char_length(follow_id) <= 2048)
);

comment on table public.fediverse_followers is
  'Fediverse accounts that follow the site, and where deliveries to them go. Written by the site''s server only.';

create index fediverse_followers_server_idx on public.fediverse_followers (server);

create trigger fediverse_followers_set_updated_at
  before update on public.fediverse_followers
  for each row execute function private.set_updated_at();

alter table public.fediverse_followers enable row level security;
revoke all on table public.fediverse_followers from public, anon, authenticated, service_role;
grant select, delete on public.fediverse_followers to service_role;

-- The server of an account, by its address: what limits and reports are counted by.
create or replace function private.fediverse_server_of(p_url text)
returns text
language sql
immutable
set search_path = ''
as $$
  select lower(substring(p_url from '^https?://([^/?#@]+)'));
$$;

revoke all on function private.fediverse_server_of(text) from public, anon, authenticated, service_role;

-- A Follow accepted (the site's server checked its signature and the follower's inboxes): a new row, or the same
-- account's row brought up to date.
create or replace function public.fediverse_follow(
  p_actor_id text,
  p_inbox text,
  p_shared_inbox text default null,
  p_follow_id text default null
)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.fediverse_followers (actor_id, inbox, shared_inbox, server, follow_id)
    values (p_actor_id, p_inbox, p_shared_inbox, private.fediverse_server_of(p_actor_id), p_follow_id)
    on conflict (actor_id) do update
      set inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, server = excluded.server,
          follow_id = excluded.follow_id;
$$;

-- Followers who left (an Undo of their Follow), or whose server is gone (deliveries to p_inbox answered 404 or 410,
-- or failed for days): how many rows went.
create or replace function public.fediverse_unfollow(p_actor_ids text[], p_inbox text default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  gone integer;
begin
  delete from public.fediverse_followers f
    where f.actor_id = any (coalesce(p_actor_ids, '{}'))
       or (p_inbox is not null and (f.inbox = p_inbox or f.shared_inbox = p_inbox));
  get diagnostics gone = row_count;
  return gone;
end;
$$;

-- 4. Posts: each new item once (a unique key per item), queued by the trigger of the row that made it new, in the
-- same transaction. The site's server claims pending posts (a token and a lease), sends each to every follower
-- through the queue (section 7), and marks it sent in the transaction that queues its deliveries, so a post is
-- delivered once however often the server stops and starts.
create table public.fediverse_posts (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  video_id uuid references public.videos (id) on delete cascade,
  course_id uuid references public.courses (id) on delete cascade,
  issue_id uuid references public.newsletter_issues (id) on delete cascade,
  status text not null default 'pending',
  claim_token uuid,
  claimed_until timestamptz,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint fediverse_posts_kind_known check (kind in ('video', 'course', 'issue')),
  constraint fediverse_posts_status_known check (status in ('pending', 'sent')),
  constraint fediverse_posts_about_one_item check (
    case kind
      when 'video' then video_id is not null and course_id is null and issue_id is null
      when 'course' then course_id is not null and video_id is null and issue_id is null
      else issue_id is not null and video_id is null and course_id is null
    end
  ),
  constraint fediverse_posts_one_per_video unique (video_id),
  constraint fediverse_posts_one_per_course unique (course_id),
  constraint fediverse_posts_one_per_issue unique (issue_id),
  constraint fediverse_posts_error_short check (char_length(last_error) <= 1000)
);

comment on table public.fediverse_posts is
  'The fediverse account''s posts: one per new video, course or sent issue; pending until sent to every follower.';

create index fediverse_posts_pending_idx on public.fediverse_posts (created_at) where status = 'pending';
create index fediverse_posts_sent_idx on public.fediverse_posts (sent_at desc) where status = 'sent';

alter table public.fediverse_posts enable row level security;
revoke all on table public.fediverse_posts from public, anon, authenticated, service_role;
grant select on public.fediverse_posts to service_role;

-- What is new enough to post. A video is news when it reaches the site within 7 days of its publication (a first
-- sync, or an import of the channel's back catalogue, posts nothing); a course when it is added (its created_at
-- within 7 days); an issue of the newsletter when it has been sent (not the weekly digest, which repeats the videos
-- and courses already posted).
create or replace function private.queue_fediverse_post()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings public.fediverse_settings;
begin
  select * into settings from public.fediverse_settings where id;
  if not found then
    return null;
  end if;
  if tg_table_name = 'videos' then
    if settings.post_videos and new.removed_at is null and new.published_at > now() - interval '7 days' then
      insert into public.fediverse_posts (kind, video_id) values ('video', new.id) on conflict do nothing;
    end if;
  elsif tg_table_name = 'courses' then
    if settings.post_courses and new.created_at > now() - interval '7 days' then
      insert into public.fediverse_posts (kind, course_id) values ('course', new.id) on conflict do nothing;
    end if;
  elsif tg_table_name = 'newsletter_issues' then
    if settings.post_issues and new.kind = 'issue' and new.status = 'sent' and old.status is distinct from 'sent' then
      insert into public.fediverse_posts (kind, issue_id) values ('issue', new.id) on conflict do nothing;
    end if;
  end if;
  return null;
end;
$$;

revoke all on function private.queue_fediverse_post() from public, anon, authenticated, service_role;

create trigger videos_queue_fediverse_post
  after insert on public.videos
  for each row execute function private.queue_fediverse_post();

create trigger courses_queue_fediverse_post
  after insert on public.courses
  for each row execute function private.queue_fediverse_post();

create trigger newsletter_issues_queue_fediverse_post
  after update of status on public.newsletter_issues
  for each row execute function private.queue_fediverse_post();

-- What a post is made from: its item's row, as JSON (the server maps it to a Note or an Article).
create or replace function private.fediverse_post_item(p_post public.fediverse_posts)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select case p_post.kind
    when 'video' then (
      select jsonb_build_object('video_id', v.video_id, 'title', v.title, 'description', v.description,
                                'thumbnail_url', v.thumbnail_url, 'published_at', v.published_at)
        from public.videos v where v.id = p_post.video_id)
    when 'course' then (
      select jsonb_build_object('id', c.id, 'title', c.title, 'description', c.description,
                                'image_path', c.image_path, 'platform', c.platform, 'keywords', c.keywords,
                                'link_to_course', c.link_to_course, 'created_at', c.created_at)
        from public.courses c where c.id = p_post.course_id)
    else (
      select jsonb_build_object('slug', i.slug, 'subject', i.subject, 'body_markdown', i.body_markdown,
                                'sent_at', i.sent_at, 'queued_at', i.queued_at)
        from public.newsletter_issues i where i.id = p_post.issue_id)
  end;
$$;

revoke all on function private.fediverse_post_item(public.fediverse_posts) from public, anon, authenticated, service_role;

-- Claims up to p_limit pending posts for p_lease_seconds under one new token: each with its item.
create or replace function public.claim_fediverse_posts(p_limit integer, p_lease_seconds integer)
returns table (id uuid, kind text, claim_token uuid, created_at timestamptz, item jsonb)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  token uuid := gen_random_uuid();
begin
  if p_limit is null or p_limit not between 1 and 100 or p_lease_seconds is null
     or p_lease_seconds not between 1 and 3600 then
    raise exception 'claim_fediverse_posts needs a limit of 1 to 100 and a lease of 1 to 3600 seconds'
      using errcode = '22023';
  end if;
  return query
    with due as (
      select p.id from public.fediverse_posts p
        where p.status = 'pending' and (p.claimed_until is null or p.claimed_until < now())
        order by p.created_at
        limit p_limit
        for update skip locked
    ), claimed as (
      update public.fediverse_posts p
        set claim_token = token, claimed_until = now() + make_interval(secs => p_lease_seconds),
            attempts = p.attempts + 1
        from due where p.id = due.id
        returning p.*
    )
    select c.id, c.kind, c.claim_token, c.created_at, private.fediverse_post_item(c) from claimed c;
end;
$$;

-- Marks a claimed post sent and queues its deliveries (p_messages, as fediverse_enqueue takes them) in one
-- transaction; or, with p_error, releases it to be tried again. False when the claim was lost (its lease ran out and
-- another server took it): nothing is queued then, the other server sends it.
create or replace function public.finish_fediverse_post(
  p_id uuid,
  p_claim_token uuid,
  p_messages jsonb default '[]',
  p_error text default null
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_error is not null then
    update public.fediverse_posts
      set claim_token = null, claimed_until = now() + interval '1 minute', last_error = left(p_error, 1000)
      where id = p_id and claim_token = p_claim_token and status = 'pending';
    return found;
  end if;
  update public.fediverse_posts
    set status = 'sent', sent_at = now(), claim_token = null, claimed_until = null, last_error = null
    where id = p_id and claim_token = p_claim_token and status = 'pending';
  if not found then
    return false;
  end if;
  perform public.fediverse_enqueue(p_messages);
  return true;
end;
$$;

-- 5. Replies, likes and boosts of the site's posts, for the owner (the weekly report): a reply's text is kept as plain
-- text, with the address of the reply and the server it came from, and is never shown on the site.
create table public.fediverse_interactions (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  activity_id text not null,
  post_id uuid not null references public.fediverse_posts (id) on delete cascade,
  actor_id text not null,
  server text not null,
  reply_id text,
  reply_url text,
  reply_text text,
  received_at timestamptz not null default now(),
  constraint fediverse_interactions_kind_known check (kind in ('reply', 'like', 'boost')),
  constraint fediverse_interactions_activity_id_key unique (activity_id),
  constraint fediverse_interactions_activity_id_length check (char_length(activity_id) <= 2048),
  constraint fediverse_interactions_actor_id_url check (
    char_length(actor_id) <= 2048 and actor_id ~ '^https?://[^[:space:]]+$'
  ),
  constraint fediverse_interactions_server_length check (char_length(server) between 1 and 300),
  constraint fediverse_interactions_reply_id_length check (char_length(reply_id) <= 2048),
  constraint fediverse_interactions_reply_url check (
    char_length(reply_url) <= 2048 and reply_url ~ '^https?://[^[:space:]]+$'
  ),
  constraint fediverse_interactions_reply_text_length check (char_length(reply_text) <= 5000),
  constraint fediverse_interactions_reply_only check (
    kind = 'reply' or (reply_id is null and reply_url is null and reply_text is null)
  )
);

comment on table public.fediverse_interactions is
  'Replies, likes and boosts of the site''s fediverse posts (for the owner; never shown on the site).';

create index fediverse_interactions_received_idx on public.fediverse_interactions (received_at);
create index fediverse_interactions_reply_idx on public.fediverse_interactions (reply_id) where reply_id is not null;

alter table public.fediverse_interactions enable row level security;
revoke all on table public.fediverse_interactions from public, anon, authenticated, service_role;
grant select, delete on public.fediverse_interactions to service_role;

-- A reply, like or boost of a post the site sent (p_post_kind and p_post_key: the post's address, as
-- fediverse_sent_post reads it). False when it is not about a post that went out, or was stored already.
create or replace function public.fediverse_record_interaction(
  p_kind text,
  p_activity_id text,
  p_post_kind text,
  p_post_key text,
  p_actor_id text,
  p_reply_id text default null,
  p_reply_url text default null,
  p_reply_text text default null
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  post uuid;
begin
  select p.id into post from public.fediverse_sent_post(p_post_kind, p_post_key) p;
  if post is null then
    return false;
  end if;
  insert into public.fediverse_interactions
      (kind, activity_id, post_id, actor_id, server, reply_id, reply_url, reply_text)
    values (p_kind, p_activity_id, post, p_actor_id, private.fediverse_server_of(p_actor_id), p_reply_id,
            p_reply_url, left(p_reply_text, 5000))
    on conflict (activity_id) do nothing;
  return found;
end;
$$;

-- A like or boost taken back (its activity), or a reply deleted (its note), by the account that made it.
create or replace function public.fediverse_remove_interaction(p_actor_id text, p_id text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  gone integer;
begin
  delete from public.fediverse_interactions i
    where i.actor_id = p_actor_id and (i.activity_id = p_id or i.reply_id = p_id);
  get diagnostics gone = row_count;
  return gone;
end;
$$;

-- 6. Fedify's key-value store: keys are arrays of strings (a prefix lists a family), values JSON, each may expire.
create table public.fediverse_kv (
  key text[] primary key,
  value jsonb not null,
  expires_at timestamptz,
  constraint fediverse_kv_key_shape check (cardinality(key) between 1 and 16 and array_position(key, null) is null),
  constraint fediverse_kv_key_length check (char_length(array_to_string(key, ' ')) <= 4096)
);

comment on table public.fediverse_kv is 'Fedify''s key-value store (caches and what it has seen); expired rows go as new ones come.';

create index fediverse_kv_expires_idx on public.fediverse_kv (expires_at) where expires_at is not null;

alter table public.fediverse_kv enable row level security;
revoke all on table public.fediverse_kv from public, anon, authenticated, service_role;

create or replace function public.fediverse_kv_get(p_key text[])
returns table (value jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select k.value from public.fediverse_kv k where k.key = p_key and (k.expires_at is null or k.expires_at > now());
$$;

-- Sets (p_delete: deletes) a key; with p_expected_present, only when its value is p_expected now (or, with
-- p_expected_present false, when it has none): Fedify's compare-and-swap. True when it was written.
create or replace function public.fediverse_kv_set(
  p_key text[],
  p_value jsonb,
  p_ttl_seconds double precision default null,
  p_delete boolean default false,
  p_compare boolean default false,
  p_expected_present boolean default false,
  p_expected jsonb default null
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  current_value jsonb;
  present boolean;
begin
  -- A few expired rows go with every write, so the store stays as large as what is alive.
  delete from public.fediverse_kv
    where key in (select k.key from public.fediverse_kv k where k.expires_at <= now() limit 100);
  if p_compare then
    perform pg_advisory_xact_lock(hashtextextended('fediverse_kv:' || array_to_string(p_key, chr(31)), 0));
    select k.value into current_value from public.fediverse_kv k
      where k.key = p_key and (k.expires_at is null or k.expires_at > now());
    present := found;
    if present is distinct from p_expected_present
       or (present and current_value is distinct from coalesce(p_expected, 'null')) then
      return false;
    end if;
  end if;
  if p_delete then
    delete from public.fediverse_kv where key = p_key;
  else
    insert into public.fediverse_kv (key, value, expires_at)
      values (p_key, coalesce(p_value, 'null'), case when p_ttl_seconds is null then null
                                   else now() + make_interval(secs => p_ttl_seconds) end)
      on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at;
  end if;
  return true;
end;
$$;

create or replace function public.fediverse_kv_list(p_prefix text[])
returns table (key text[], value jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select k.key, k.value from public.fediverse_kv k
    where (k.expires_at is null or k.expires_at > now())
      and (cardinality(p_prefix) = 0 or k.key[1:cardinality(p_prefix)] = p_prefix)
    order by k.key
    limit 10000;
$$;

-- 7. Fedify's message queue: each message is a row, due at deliver_at, claimed by one worker at a time (a token and a
-- lease it renews while it works), deleted when its work is done. The messages its work leads to (a delivery's retry,
-- the deliveries of a fan-out, the Accept of a Follow) are queued in the same transaction that deletes it, so a worker
-- that stops at any point leaves either the message or what came of it, never both. Messages with the same ordering
-- key are handed out one at a time, in order.
create table public.fediverse_messages (
  id bigint generated always as identity primary key,
  message jsonb not null,
  ordering_key text,
  deliver_at timestamptz not null default now(),
  claim_token uuid,
  claimed_until timestamptz,
  created_at timestamptz not null default now(),
  constraint fediverse_messages_object check (jsonb_typeof(message) = 'object'),
  constraint fediverse_messages_ordering_key_length check (char_length(ordering_key) <= 2048)
);

comment on table public.fediverse_messages is
  'Fedify''s queue: deliveries to followers (signed, retried with backoff) and activities received, until done.';

create index fediverse_messages_due_idx on public.fediverse_messages (deliver_at, id);
create index fediverse_messages_ordering_idx on public.fediverse_messages (ordering_key, id)
  where ordering_key is not null;

alter table public.fediverse_messages enable row level security;
revoke all on table public.fediverse_messages from public, anon, authenticated, service_role;
grant select on public.fediverse_messages to service_role;
-- Its ids are made by the queue's functions alone.
revoke all on sequence public.fediverse_messages_id_seq from public, anon, authenticated, service_role;

-- p_messages: [{"message": {...}, "delay_ms": 0, "ordering_key": null}, ...]
create or replace function public.fediverse_enqueue(p_messages jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  if p_messages is null or jsonb_typeof(p_messages) <> 'array' then
    raise exception 'fediverse_enqueue needs an array of messages' using errcode = '22023';
  end if;
  insert into public.fediverse_messages (message, ordering_key, deliver_at)
    select e.item -> 'message', e.item ->> 'ordering_key',
           now() + make_interval(secs => greatest(coalesce((e.item ->> 'delay_ms')::double precision, 0), 0) / 1000.0)
      from jsonb_array_elements(p_messages) with ordinality as e(item, n)
      order by e.n;
  get diagnostics queued = row_count;
  return queued;
end;
$$;

create or replace function public.claim_fediverse_messages(p_limit integer, p_lease_seconds integer)
returns table (id bigint, message jsonb, claim_token uuid)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  token uuid := gen_random_uuid();
begin
  if p_limit is null or p_limit not between 1 and 100 or p_lease_seconds is null
     or p_lease_seconds not between 1 and 3600 then
    raise exception 'claim_fediverse_messages needs a limit of 1 to 100 and a lease of 1 to 3600 seconds'
      using errcode = '22023';
  end if;
  return query
    with due as (
      select m.id from public.fediverse_messages m
        where m.deliver_at <= now() and (m.claimed_until is null or m.claimed_until < now())
          and (m.ordering_key is null or not exists (
            select from public.fediverse_messages earlier
              where earlier.ordering_key = m.ordering_key and earlier.id < m.id))
        order by m.deliver_at, m.id
        limit p_limit
        for update skip locked
    )
    update public.fediverse_messages m
      set claim_token = token, claimed_until = now() + make_interval(secs => p_lease_seconds)
      from due where m.id = due.id
      returning m.id, m.message, m.claim_token;
end;
$$;

-- Keeps a worker's claims while it works on them.
create or replace function public.renew_fediverse_messages(p_ids bigint[], p_claim_token uuid, p_lease_seconds integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  renewed integer;
begin
  update public.fediverse_messages
    set claimed_until = now() + make_interval(secs => least(greatest(p_lease_seconds, 1), 3600))
    where id = any (p_ids) and claim_token = p_claim_token;
  get diagnostics renewed = row_count;
  return renewed;
end;
$$;

-- A message's work is done: it goes, and what its work queued (p_then) comes, in one transaction. With p_release, the
-- work was not done (the worker is stopping, or the work failed): the message is free again after
-- p_retry_after_seconds, and p_then is dropped. False when the claim was lost (nothing changes then: the worker that
-- holds it now finishes it).
create or replace function public.finish_fediverse_message(
  p_id bigint,
  p_claim_token uuid,
  p_then jsonb default '[]',
  p_release boolean default false,
  p_retry_after_seconds double precision default 0
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if p_release then
    update public.fediverse_messages
      set claim_token = null, claimed_until = null,
          deliver_at = now() + make_interval(secs => least(greatest(coalesce(p_retry_after_seconds, 0), 0), 86400))
      where id = p_id and claim_token = p_claim_token;
    return found;
  end if;
  delete from public.fediverse_messages where id = p_id and claim_token = p_claim_token;
  if not found then
    return false;
  end if;
  perform public.fediverse_enqueue(coalesce(p_then, '[]'));
  return true;
end;
$$;

-- 8. What the site's server reads to answer other servers: the posts that went out (its outbox, newest first, and
-- one by its item's address), and the followers' inboxes (for deliveries; never answered to anyone).
create or replace function public.fediverse_sent_posts(p_before timestamptz default null, p_limit integer default 20)
returns table (id uuid, kind text, sent_at timestamptz, created_at timestamptz, item jsonb, total bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.kind, p.sent_at, p.created_at, private.fediverse_post_item(p),
         (select count(*) from public.fediverse_posts s where s.status = 'sent')
    from public.fediverse_posts p
    where p.status = 'sent' and (p_before is null or p.sent_at < p_before)
    order by p.sent_at desc, p.id
    limit least(greatest(coalesce(p_limit, 20), 1), 100);
$$;

-- A sent post by its address: a video's YouTube id, a course's id, an issue's slug; or the post's own id.
create or replace function public.fediverse_sent_post(p_kind text, p_key text)
returns table (id uuid, kind text, sent_at timestamptz, created_at timestamptz, item jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.kind, p.sent_at, p.created_at, private.fediverse_post_item(p)
    from public.fediverse_posts p
    where p.status = 'sent'
      and case p_kind
            when 'post' then p.id::text = p_key
            when 'video' then p.video_id = (select v.id from public.videos v where v.video_id = p_key)
            when 'course' then p.course_id::text = p_key
            when 'issue' then p.issue_id = (select i.id from public.newsletter_issues i where i.slug = p_key)
            else false
          end;
$$;

create or replace function public.fediverse_follower_page(p_after text default null, p_limit integer default 1000)
returns table (actor_id text, inbox text, shared_inbox text)
language sql
stable
security definer
set search_path = ''
as $$
  select f.actor_id, f.inbox, f.shared_inbox from public.fediverse_followers f
    where p_after is null or f.actor_id > p_after
    order by f.actor_id
    limit least(greatest(coalesce(p_limit, 1000), 1), 5000);
$$;

-- How many follow the account, and how many posts it sent (what its collections and NodeInfo say: counts only).
create or replace function public.fediverse_account_counts()
returns table (followers bigint, posts bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select (select count(*) from public.fediverse_followers),
         (select count(*) from public.fediverse_posts p where p.status = 'sent');
$$;

-- The secret key only: every function above is the site's server's, none a visitor's.
revoke execute on function public.fediverse_actor_keys(jsonb), public.claim_fediverse_posts(integer, integer),
  public.finish_fediverse_post(uuid, uuid, jsonb, text), public.fediverse_kv_get(text[]),
  public.fediverse_kv_set(text[], jsonb, double precision, boolean, boolean, boolean, jsonb),
  public.fediverse_kv_list(text[]), public.fediverse_enqueue(jsonb), public.claim_fediverse_messages(integer, integer),
  public.renew_fediverse_messages(bigint[], uuid, integer), public.finish_fediverse_message(bigint, uuid, jsonb, boolean, double precision),
  public.fediverse_sent_posts(timestamptz, integer), public.fediverse_sent_post(text, text),
  public.fediverse_follower_page(text, integer), public.fediverse_follow(text, text, text, text),
  public.fediverse_unfollow(text[], text),
  public.fediverse_record_interaction(text, text, text, text, text, text, text, text),
  public.fediverse_remove_interaction(text, text), public.fediverse_account_counts()
  from public, anon, authenticated, service_role;
grant execute on function public.fediverse_actor_keys(jsonb), public.claim_fediverse_posts(integer, integer),
  public.finish_fediverse_post(uuid, uuid, jsonb, text), public.fediverse_kv_get(text[]),
  public.fediverse_kv_set(text[], jsonb, double precision, boolean, boolean, boolean, jsonb),
  public.fediverse_kv_list(text[]), public.fediverse_enqueue(jsonb), public.claim_fediverse_messages(integer, integer),
  public.renew_fediverse_messages(bigint[], uuid, integer), public.finish_fediverse_message(bigint, uuid, jsonb, boolean, double precision),
  public.fediverse_sent_posts(timestamptz, integer), public.fediverse_sent_post(text, text),
  public.fediverse_follower_page(text, integer), public.fediverse_follow(text, text, text, text),
  public.fediverse_unfollow(text[], text),
  public.fediverse_record_interaction(text, text, text, text, text, text, text, text),
  public.fediverse_remove_interaction(text, text), public.fediverse_account_counts()
  to service_role;
