-- The YouTube channel's videos with their statistics. youtube-sync fills it with the service role; visitors search it,
-- so searches cost no YouTube quota.
create table public.videos (
  id uuid primary key default gen_random_uuid(),
  video_id text not null,
  title text not null,
  description text not null default '',
  thumbnail_url text not null,
  published_at timestamptz not null,
  view_count bigint,
  like_count bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  removed_at timestamptz,
  constraint videos_video_id_key unique (video_id),
  constraint videos_video_id_format check (video_id ~ '^[A-Za-z0-9_-]{11}$'),
  constraint videos_title_length check (char_length(btrim(title)) between 1 and 200),
  -- YouTube allows 5000 bytes; empty means "Description is not available for this video."
  constraint videos_description_length check (char_length(description) <= 5000),
  constraint videos_thumbnail_url_format check (
    char_length(thumbnail_url) <= 2048
    and (thumbnail_url ~ '^https://[^[:space:]]+$' or (thumbnail_url ~ '^[A-Za-z0-9][A-Za-z0-9_./-]*$' and thumbnail_url !~ '\.\.'))
  ),
  constraint videos_view_count_range check (view_count >= 0),
  constraint videos_like_count_range check (like_count >= 0)
);

comment on table public.videos is 'YouTube videos of the channel with view and like counts (NULL when YouTube hides them).';
comment on column public.videos.video_id is 'The 11-character YouTube video id.';
comment on column public.videos.thumbnail_url is 'Object path in the public storage bucket "content" (videos/x.webp) or an https URL (i.ytimg.com).';
comment on column public.videos.removed_at is
  'When youtube-sync last found the video gone from the channel; NULL while it is on the channel.';

create trigger videos_set_updated_at
  before update on public.videos
  for each row execute function private.set_updated_at();

alter table public.videos enable row level security;

-- Videos that disappear from the channel (deleted, made private) are marked, not deleted: youtube-sync sets
-- `removed_at`, and clears it again if the video comes back. Visitors never see a removed video.
create policy "Videos on the channel are readable by everyone"
  on public.videos for select
  to anon, authenticated
  using (removed_at is null);

-- Open pages follow it. Visitors only read; youtube-sync (the secret key) and the owner write.
alter publication supabase_realtime add table public.videos;

revoke all on table public.videos from anon, authenticated, service_role;
grant select on table public.videos to anon, authenticated;
grant select, insert, update, delete on table public.videos to service_role;

-- Tutorial search (spec §4 "Tutorial search"): visitors search the channel's videos in our own table, so a search
-- costs no YouTube API quota. Called through PostgREST as POST /rest/v1/rpc/search_videos.
--
-- Matching is case-insensitive on title and description, and a video matches when any of these holds:
--   * English full-text search (websearch syntax, stemmed: "deploying" finds "deploy"),
--   * every word of the term (two or more characters) as a word prefix ("angul rout" finds "Angular Router"),
--   * the whole term as a substring ("script" finds "JavaScript", "node.js" finds "Node.js").
-- The full-text and prefix matches are read from the two indexes below (a search of 524 videos with long
-- descriptions: 6-14 ms in PGlite, against 55-200 ms building both text-search vectors of every video); the empty
-- term (the first load) reads no index.
--
-- Order: views -> view_count, trending -> like_count (the original used YouTube's "rating" order; likes are what is
-- left of ratings), recent -> published_at; all descending, NULLs last, ties broken by date then video id so the
-- order is stable. Twelve results (spec §9).
create index videos_search_english_idx on public.videos
  using gin (pg_catalog.to_tsvector('english'::regconfig, title || ' ' || description));
create index videos_search_simple_idx on public.videos
  using gin (pg_catalog.to_tsvector('simple'::regconfig, title || ' ' || description));

create or replace function public.search_videos(search_term text default '', sort text default 'views')
returns setof public.videos
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  term text := pg_catalog.btrim(coalesce(search_term, ''));
  chosen_sort text := pg_catalog.lower(coalesce(nullif(pg_catalog.btrim(sort), ''), 'views'));
  words text[];
  full_text_query tsquery;
  prefix_query tsquery;
  like_pattern text;
begin
  if chosen_sort not in ('views', 'trending', 'recent') then
    raise exception 'sort must be views, trending or recent, not "%"', sort using errcode = '22023';
  end if;
  if pg_catalog.char_length(term) > 200 then
    raise exception 'search_term is longer than 200 characters' using errcode = '22001';
  end if;

  -- The first load (spec §4): every video on the channel, no matching.
  if term = '' then
    return query
    select v.*
    from public.videos as v
    where v.removed_at is null
    order by
      case when chosen_sort = 'views' then v.view_count end desc nulls last,
      case when chosen_sort = 'trending' then v.like_count end desc nulls last,
      v.published_at desc nulls last,
      v.video_id
    limit 12;
    return;
  end if;

  full_text_query := pg_catalog.websearch_to_tsquery('english', term);
  -- Only letters and digits reach the tsquery, so no input can break its syntax. A one-letter prefix would match
  -- almost every video, so prefixes start at two characters.
  words := array(
    select word
    from pg_catalog.regexp_split_to_table(pg_catalog.lower(term), '[^[:alnum:]]+') as word
    where pg_catalog.char_length(word) >= 2
    limit 10
  );
  if pg_catalog.cardinality(words) > 0 then
    prefix_query := pg_catalog.to_tsquery(
      'simple',
      pg_catalog.array_to_string(array(select w || ':*' from pg_catalog.unnest(words) as w), ' & ')
    );
  end if;
  like_pattern := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  -- Each way of matching on its own, so the planner can answer the first two from the indexes above.
  return query
  select v.*
  from public.videos as v
  where v.removed_at is null
    and v.id in (
      select f.id from public.videos as f
      where pg_catalog.to_tsvector('english'::regconfig, f.title || ' ' || f.description) @@ full_text_query
      union all
      select p.id from public.videos as p
      where pg_catalog.to_tsvector('simple'::regconfig, p.title || ' ' || p.description) @@ prefix_query
      union all
      select s.id from public.videos as s
      where s.title ilike like_pattern or s.description ilike like_pattern
    )
  order by
    case when chosen_sort = 'views' then v.view_count end desc nulls last,
    case when chosen_sort = 'trending' then v.like_count end desc nulls last,
    v.published_at desc nulls last,
    v.video_id
  limit 12;
end;
$$;

comment on function public.search_videos(text, text) is
  'Tutorial search: up to 12 videos on the channel matching search_term (empty: all), sorted by views, trending or recent.';

revoke all on function public.search_videos(text, text) from public, anon, authenticated, service_role;
grant execute on function public.search_videos(text, text) to anon, authenticated, service_role;

-- How youtube-sync stores what it pulled from the channel: one call, one transaction. Either every video is
-- upserted and the ones gone from the channel are marked removed, or (on any error) nothing changes.
--
-- channel_videos: a JSON array of {video_id, title, description, thumbnail_url, published_at, view_count,
-- like_count}; counts are numbers or null (hidden by the channel). Rows that did not change are not touched, so a sync
-- does not rewrite updated_at or send Realtime events for every video each time.
-- Only the service role may call it (the function runs as its caller, and visitors cannot write to videos anyway).
create or replace function public.sync_channel_videos(channel_videos jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  received integer;
  already_stored integer;
  changed integer;
  removed integer;
begin
  if channel_videos is null or pg_catalog.jsonb_typeof(channel_videos) <> 'array' then
    raise exception 'channel_videos must be a JSON array' using errcode = '22023';
  end if;

  -- One statement: its parts see the same snapshot, and the rows it upserts (on the channel) and the rows it marks
  -- removed (not on the channel) never overlap.
  with incoming as (
    select distinct on (item.video_id)
      item.video_id,
      item.title,
      coalesce(item.description, '') as description,
      item.thumbnail_url,
      item.published_at,
      item.view_count,
      item.like_count
    from pg_catalog.jsonb_to_recordset(channel_videos) as item(
      video_id text,
      title text,
      description text,
      thumbnail_url text,
      published_at timestamptz,
      view_count bigint,
      like_count bigint
    )
    order by item.video_id
  ),
  upserted as (
    insert into public.videos as v
      (video_id, title, description, thumbnail_url, published_at, view_count, like_count, removed_at)
    select video_id, title, description, thumbnail_url, published_at, view_count, like_count, null
    from incoming
    on conflict (video_id) do update set
      title = excluded.title,
      description = excluded.description,
      thumbnail_url = excluded.thumbnail_url,
      published_at = excluded.published_at,
      view_count = excluded.view_count,
      like_count = excluded.like_count,
      removed_at = null
    where (v.title, v.description, v.thumbnail_url, v.published_at, v.view_count, v.like_count, v.removed_at)
      is distinct from
      (excluded.title, excluded.description, excluded.thumbnail_url, excluded.published_at, excluded.view_count,
       excluded.like_count, null::timestamptz)
    returning 1
  ),
  gone as (
    update public.videos as v
    set removed_at = pg_catalog.now()
    where v.removed_at is null
      and not exists (select from incoming where incoming.video_id = v.video_id)
    returning 1
  )
  select
    (select pg_catalog.count(*) from incoming),
    (select pg_catalog.count(*) from incoming join public.videos using (video_id)),
    (select pg_catalog.count(*) from upserted),
    (select pg_catalog.count(*) from gone)
  into received, already_stored, changed, removed;

  return pg_catalog.jsonb_build_object(
    'received', received,
    'inserted', received - already_stored,
    'updated', changed - (received - already_stored),
    'unchanged', already_stored - (changed - (received - already_stored)),
    'removed', removed
  );
end;
$$;

comment on function public.sync_channel_videos(jsonb) is
  'youtube-sync: upserts the channel''s videos and marks the ones gone from it, in one transaction (service role only).';

revoke all on function public.sync_channel_videos(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.sync_channel_videos(jsonb) to service_role;

-- youtube-sync must never empty the videos table by mistake: an answer without items, or another channel's id, would
-- otherwise mark every video removed. It stores through this guard, which refuses (and changes nothing) when a
-- sync would mark more than max_removed_share of the videos shown today as removed. The owner can allow a large
-- removal for one run (youtube-sync's {"allowLargeRemoval": true}, see its README).
create or replace function public.sync_channel_videos_guarded(channel_videos jsonb, max_removed_share numeric)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  shown integer;
  to_remove integer;
begin
  if channel_videos is null or pg_catalog.jsonb_typeof(channel_videos) <> 'array' then
    raise exception 'channel_videos must be a JSON array' using errcode = '22023';
  end if;
  if max_removed_share is null or max_removed_share < 0 or max_removed_share > 1 then
    raise exception 'max_removed_share must be between 0 and 1' using errcode = '22023';
  end if;
  select pg_catalog.count(*) into shown from public.videos where removed_at is null;
  select pg_catalog.count(*) into to_remove
    from public.videos as v
    where v.removed_at is null
      and not exists (
        select from pg_catalog.jsonb_to_recordset(channel_videos) as item(video_id text)
        where item.video_id = v.video_id
      );
  if shown > 0 and to_remove > shown * max_removed_share then
    raise exception 'this sync would mark % of the % videos removed, more than the % allowed in one run',
      to_remove, shown, max_removed_share
      using errcode = 'YT409',
            hint = 'Check the channel id and YouTube''s answer; to remove them anyway, run once with allowLargeRemoval.';
  end if;
  return public.sync_channel_videos(channel_videos);
end;
$$;

comment on function public.sync_channel_videos_guarded(jsonb, numeric) is
  'youtube-sync: sync_channel_videos, refused when it would mark more than max_removed_share of the videos removed.';

revoke all on function public.sync_channel_videos_guarded(jsonb, numeric)
  from public, anon, authenticated, service_role;
grant execute on function public.sync_channel_videos_guarded(jsonb, numeric) to service_role;
