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

create trigger videos_set_updated_at
  before update on public.videos
  for each row execute function private.set_updated_at();

alter table public.videos enable row level security;

create policy "Videos are readable by everyone"
  on public.videos for select
  to anon, authenticated
  using (true);

revoke insert, update, delete, truncate, references, trigger on public.videos from anon, authenticated;
