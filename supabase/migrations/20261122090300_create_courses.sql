-- Online courses on external platforms (spec §3 "Course").
create table public.courses (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text not null default '',
  image_path text not null,
  platform public.course_platform not null,
  keywords text[] not null default '{}',
  link_to_course text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint courses_title_length check (char_length(btrim(title)) between 1 and 120),
  constraint courses_description_length check (char_length(description) <= 2000),
  constraint courses_image_path_format check (
    char_length(image_path) <= 2048
    and (image_path ~ '^https://[^[:space:]]+$' or (image_path ~ '^[A-Za-z0-9][A-Za-z0-9_./-]*$' and image_path !~ '\.\.'))
  ),
  constraint courses_keywords_format check (
    cardinality(keywords) <= 20
    and array_position(keywords, null) is null
    and not ('' = any (keywords))
    and keywords::text = lower(keywords::text)
    and char_length(array_to_string(keywords, ',')) <= 400
  ),
  constraint courses_link_format check (
    char_length(link_to_course) <= 2048 and link_to_course ~ '^https?://[^[:space:]]+$'
  )
);

comment on table public.courses is 'Courses on Udemy, Skillshare or YouTube, shown on /courses and in the home teaser.';
comment on column public.courses.image_path is 'Object path in the public storage bucket "content" (e.g. courses/nestjs.webp) or an https URL.';
comment on column public.courses.keywords is 'Lower-case search keywords, e.g. {nodejs,expressjs}.';

create trigger courses_set_updated_at
  before update on public.courses
  for each row execute function private.set_updated_at();

alter table public.courses enable row level security;

create policy "Courses are readable by everyone"
  on public.courses for select
  to anon, authenticated
  using (true);

revoke insert, update, delete, truncate, references, trigger on public.courses from anon, authenticated;
