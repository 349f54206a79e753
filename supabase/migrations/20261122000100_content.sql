-- The content visitors read (spec §3): projects, courses, testimonials and ads. The owner edits them in the dashboard;
-- open pages follow them through Realtime (the `supabase_realtime` publication).

-- The platforms a course or a testimonial can come from (spec §3).
create type public.course_platform as enum ('YOUTUBE', 'UDEMY', 'SKILLSHARE');

comment on type public.course_platform is 'Where a course is sold or a testimonial was left.';

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

-- Open pages follow it. Visitors only read; the owner (dashboard) and the secret key write.
alter publication supabase_realtime add table public.projects;

revoke all on table public.projects from anon, authenticated, service_role;
grant select on table public.projects to anon, authenticated;
grant select, insert, update, delete on table public.projects to service_role;

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

-- Open pages follow it. Visitors only read; the owner and the secret key write.
alter publication supabase_realtime add table public.courses;

revoke all on table public.courses from anon, authenticated, service_role;
grant select on table public.courses to anon, authenticated;
grant select, insert, update, delete on table public.courses to service_role;

-- What students said (spec §3 "Testimonial"); shown on /tutorials and /courses.
create table public.testimonials (
  id uuid primary key default gen_random_uuid(),
  person_name text not null,
  person_image text,
  platform public.course_platform not null,
  testimonial text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint testimonials_person_name_length check (char_length(btrim(person_name)) between 1 and 100),
  -- NULL shows the default user icon
  constraint testimonials_person_image_format check (
    char_length(person_image) <= 2048
    and (person_image ~ '^https://[^[:space:]]+$' or (person_image ~ '^[A-Za-z0-9][A-Za-z0-9_./-]*$' and person_image !~ '\.\.'))
  ),
  constraint testimonials_testimonial_length check (char_length(btrim(testimonial)) between 1 and 1000)
);

comment on table public.testimonials is 'Student testimonials; person_image NULL shows the default user icon.';
comment on column public.testimonials.person_image is 'Object path in the public storage bucket "content" (e.g. testimonials/ana.webp), an https URL, or NULL.';

create trigger testimonials_set_updated_at
  before update on public.testimonials
  for each row execute function private.set_updated_at();

alter table public.testimonials enable row level security;

create policy "Testimonials are readable by everyone"
  on public.testimonials for select
  to anon, authenticated
  using (true);

-- Open pages follow it. Visitors only read; the owner and the secret key write.
alter publication supabase_realtime add table public.testimonials;

revoke all on table public.testimonials from anon, authenticated, service_role;
grant select on table public.testimonials to anon, authenticated;
grant select, insert, update, delete on table public.testimonials to service_role;

-- Ads for the ad toast (spec §3 "Ad"); the UI shows "GET {promo_percent}% OFF!" when promo_percent is set.
create table public.ads (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text not null default '',
  image_path text not null,
  link text not null,
  promo_percent smallint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ads_title_length check (char_length(btrim(title)) between 1 and 100),
  constraint ads_description_length check (char_length(description) <= 300),
  constraint ads_image_path_format check (
    char_length(image_path) <= 2048
    and (image_path ~ '^https://[^[:space:]]+$' or (image_path ~ '^[A-Za-z0-9][A-Za-z0-9_./-]*$' and image_path !~ '\.\.'))
  ),
  constraint ads_link_format check (char_length(link) <= 2048 and link ~ '^https?://[^[:space:]]+$'),
  constraint ads_promo_percent_range check (promo_percent between 1 and 100)
);

comment on table public.ads is 'Ads for the toast at the bottom left; one is picked at random per visit.';
comment on column public.ads.promo_percent is 'Discount shown as "GET {promo_percent}% OFF!"; NULL shows no promo line.';

create trigger ads_set_updated_at
  before update on public.ads
  for each row execute function private.set_updated_at();

alter table public.ads enable row level security;

create policy "Ads are readable by everyone"
  on public.ads for select
  to anon, authenticated
  using (true);

-- Open pages follow it. Visitors only read; the owner and the secret key write.
alter publication supabase_realtime add table public.ads;

revoke all on table public.ads from anon, authenticated, service_role;
grant select on table public.ads to anon, authenticated;
grant select, insert, update, delete on table public.ads to service_role;

-- Catalogue search: /portfolio and /courses show a page of their catalogue at a time, and a search covers the whole
-- catalogue, not only the page shown. Called through PostgREST as POST /rest/v1/rpc/search_catalogue, by the page's
-- loader on the server and by the page in the browser (the same arguments make the same answer).
--
-- The matching rule of every catalogue (spec §4): a keyword chip keeps the rows whose keywords include it (keywords
-- are stored in lower case; the chip is compared in lower case); otherwise a term keeps the rows whose title contains
-- it, in any case, as a plain substring (% and _ are letters here, not patterns); no term and no keyword keeps every
-- row. The chip wins when both are given, as on the page, where choosing a chip puts its keyword in the box.
--
-- Newest first (created_at, then id, so the order is stable and pages never overlap). The answer is one JSON object:
--   { "total": rows in the catalogue, "matches": rows that match, "rows": the page's rows, as the table has them }
-- so the page can say "3 of 8 courses" and link to the next page without a second request.
-- It runs as the caller (security invoker): row-level security decides what a visitor can find.
create function public.search_catalogue(
  catalogue text,
  search_term text default '',
  keyword text default '',
  page_number integer default 1,
  page_size integer default 24
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  term text := pg_catalog.btrim(coalesce(search_term, ''));
  chosen_keyword text := pg_catalog.lower(pg_catalog.btrim(coalesce(keyword, '')));
  like_pattern text;
  answer jsonb;
begin
  if catalogue is null or catalogue not in ('projects', 'courses') then
    raise exception 'catalogue must be projects or courses, not "%"', catalogue using errcode = '22023';
  end if;
  if pg_catalog.char_length(term) > 200 then
    raise exception 'search_term is longer than 200 characters' using errcode = '22001';
  end if;
  if pg_catalog.char_length(chosen_keyword) > 40 then
    raise exception 'keyword is longer than 40 characters' using errcode = '22001';
  end if;
  if page_number is null or page_number < 1 or page_number > 10000 then
    raise exception 'page_number must be between 1 and 10000' using errcode = '22023';
  end if;
  if page_size is null or page_size < 1 or page_size > 48 then
    raise exception 'page_size must be between 1 and 48' using errcode = '22023';
  end if;

  like_pattern := '%' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  -- The table's name comes from the two above, never from the caller's text; every value is a parameter.
  execute pg_catalog.format(
    $query$
      with matching as (
        select row_.*
        from public.%1$I as row_
        where case
          when $1 <> '' then row_.keywords @> array[$1]
          when $2 <> '' then row_.title ilike $3
          else true
        end
      ),
      page_rows as (
        select *
        from matching
        order by created_at desc, id
        limit $4
        offset $5
      )
      select pg_catalog.jsonb_build_object(
        'total', (select pg_catalog.count(*) from public.%1$I),
        'matches', (select pg_catalog.count(*) from matching),
        'rows', coalesce(
          (select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(page_rows) order by page_rows.created_at desc, page_rows.id)
           from page_rows),
          '[]'::jsonb
        )
      )
    $query$,
    catalogue
  )
  into answer
  using chosen_keyword, term, like_pattern, page_size, (page_number - 1) * page_size;
  return answer;
end;
$$;

comment on function public.search_catalogue(text, text, text, integer, integer) is
  'Catalogue search (projects, courses): a page of the rows matching a keyword chip or a title term, newest first, with the catalogue''s and the matches'' counts.';

-- Newest first is every catalogue page's order: its pages are read from this index.
create index projects_newest_first_idx on public.projects (created_at desc, id);
create index courses_newest_first_idx on public.courses (created_at desc, id);

revoke all on function public.search_catalogue(text, text, text, integer, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.search_catalogue(text, text, text, integer, integer) to anon, authenticated, service_role;
