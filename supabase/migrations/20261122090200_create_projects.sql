-- Portfolio projects (spec §3 "Project"). The home page shows the rows that have a `featured_rank`, ordered by it.
create table public.projects (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text not null default '',
  image_path text not null,
  keywords text[] not null default '{}',
  link_to_project text not null,
  featured_rank smallint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint projects_title_length check (char_length(btrim(title)) between 1 and 120),
  constraint projects_description_length check (char_length(description) <= 2000),
  -- a storage object path in the `content` bucket (projects/x.webp) or a full https URL
  constraint projects_image_path_format check (
    char_length(image_path) <= 2048
    and (image_path ~ '^https://[^[:space:]]+$' or (image_path ~ '^[A-Za-z0-9][A-Za-z0-9_./-]*$' and image_path !~ '\.\.'))
  ),
  constraint projects_keywords_format check (
    cardinality(keywords) <= 20
    and array_position(keywords, null) is null
    and not ('' = any (keywords))
    and keywords::text = lower(keywords::text)
    and char_length(array_to_string(keywords, ',')) <= 400
  ),
  constraint projects_link_format check (
    char_length(link_to_project) <= 2048 and link_to_project ~ '^https?://[^[:space:]]+$'
  ),
  constraint projects_featured_rank_range check (featured_rank between 1 and 3),
  -- deferrable, so the owner can swap two ranks inside one transaction
  constraint projects_featured_rank_key unique (featured_rank) deferrable initially deferred
);

comment on table public.projects is 'Portfolio projects shown on /portfolio; rows with a featured_rank appear on the home page.';
comment on column public.projects.image_path is 'Object path in the public storage bucket "content" (e.g. projects/task-board.webp) or an https URL.';
comment on column public.projects.keywords is 'Lower-case search keywords, e.g. {html,css,bootstrap}.';
comment on column public.projects.featured_rank is 'Position 1-3 on the home page; NULL means not featured.';

create trigger projects_set_updated_at
  before update on public.projects
  for each row execute function private.set_updated_at();

alter table public.projects enable row level security;

create policy "Projects are readable by everyone"
  on public.projects for select
  to anon, authenticated
  using (true);

-- Visitors only read. Writes come from the owner (dashboard) or the service role.
revoke insert, update, delete, truncate, references, trigger on public.projects from anon, authenticated;
