-- public.search_catalogue: the search and the pages of /portfolio and /courses (migration 20261127130000). Test rows
-- carry the token "zqvk", which no seeded row has, and are dated in the future, so they come first and the seed never
-- changes an answer.
begin;
create extension if not exists pgtap with schema extensions;
select plan(27);

insert into public.projects (id, title, image_path, keywords, link_to_project, created_at)
values
  ('00000000-0000-4000-8000-00000000a001', 'Zqvk Harbour tracker', 'projects/a.webp', '{angular,zqvkchip}',
   'https://example.com/a', '2031-01-05'),
  ('00000000-0000-4000-8000-00000000a002', 'ZQVK harbour map', 'projects/b.webp', '{zqvkchip}',
   'https://example.com/b', '2031-01-04'),
  ('00000000-0000-4000-8000-00000000a003', 'Zqvk 100% free_kit', 'projects/c.webp', '{css}',
   'https://example.com/c', '2031-01-03'),
  ('00000000-0000-4000-8000-00000000a004', 'Zqvk 100x freeXkit', 'projects/d.webp', '{css}',
   'https://example.com/d', '2031-01-02'),
  ('00000000-0000-4000-8000-00000000a005', 'Zqvk hidden draft', 'projects/e.webp', '{zqvkchip}',
   'https://example.com/e', '2031-01-01');
insert into public.courses (id, title, image_path, platform, keywords, link_to_course, created_at)
values
  ('00000000-0000-4000-8000-00000000c001', 'Zqvk Angular course', 'courses/a.webp', 'UDEMY', '{angular}',
   'https://example.com/ca', '2031-02-01');

-- Enough older rows (token "wkpj") that the catalogue holds more than a page.
insert into public.projects (title, image_path, link_to_project, created_at)
select 'Wkpj filler ' || n, 'projects/f.webp', 'https://example.com/f' || n, '2001-01-01'::timestamptz + n * interval '1 day'
from generate_series(1, 30) as n;

create function pg_temp.titles(answer jsonb) returns text[] language sql as $$
  select coalesce(array_agg(row_ ->> 'title' order by position), '{}')
  from jsonb_array_elements(answer -> 'rows') with ordinality as rows_(row_, position)
$$;

-- The function's contract
select has_function(
  'public', 'search_catalogue', array['text', 'text', 'text', 'integer', 'integer'],
  'search_catalogue(catalogue, search_term, keyword, page_number, page_size) exists'
);
select is(
  (select prosecdef from pg_proc
   where oid = 'public.search_catalogue(text, text, text, integer, integer)'::regprocedure),
  false,
  'it runs as the caller (security invoker), so row-level security applies'
);
select ok(
  has_function_privilege('anon', 'public.search_catalogue(text, text, text, integer, integer)', 'execute'),
  'visitors may call it'
);
select has_index('public', 'projects', 'projects_newest_first_idx', 'projects are paged from an index');
select has_index('public', 'courses', 'courses_newest_first_idx', 'courses are paged from an index');

-- A title term: a substring, in any case; the chip's keyword: whole keywords only
select is(
  pg_temp.titles(public.search_catalogue('projects', 'zqvk HARBOUR')),
  array['Zqvk Harbour tracker', 'ZQVK harbour map'],
  'a term keeps the titles that contain it, in any case, newest first'
);
select is(
  pg_temp.titles(public.search_catalogue('projects', '  zqvk harbour  ')),
  pg_temp.titles(public.search_catalogue('projects', 'zqvk harbour')),
  'the spaces around a term do not count'
);
select is(
  pg_temp.titles(public.search_catalogue('projects', '100% free_')),
  array['Zqvk 100% free_kit'],
  '% and _ are letters of the term, not patterns'
);
select is(
  pg_temp.titles(public.search_catalogue('projects', '', 'ZQVKCHIP')),
  array['Zqvk Harbour tracker', 'ZQVK harbour map', 'Zqvk hidden draft'],
  'a chip keeps the rows whose keywords include it, whatever its case'
);
select is(
  pg_temp.titles(public.search_catalogue('projects', '', 'zqvk')),
  '{}'::text[],
  'a chip matches whole keywords, not parts of them'
);
select is(
  pg_temp.titles(public.search_catalogue('projects', 'map', 'zqvkchip')),
  array['Zqvk Harbour tracker', 'ZQVK harbour map', 'Zqvk hidden draft'],
  'the chip wins over a term'
);

-- Counts and pages
select is(
  (public.search_catalogue('projects', 'zqvk', '', 1, 2) -> 'matches')::int,
  5,
  'matches counts every matching row, not only the page'
);
select is(
  (public.search_catalogue('projects', 'zqvk', '', 1, 2) -> 'total')::int,
  (select count(*)::int from public.projects),
  'total counts the whole catalogue'
);
select is(
  pg_temp.titles(public.search_catalogue('projects', 'zqvk', '', 1, 2)),
  array['Zqvk Harbour tracker', 'ZQVK harbour map'],
  'the first page holds the newest'
);
select is(
  pg_temp.titles(public.search_catalogue('projects', 'zqvk', '', 2, 2)),
  array['Zqvk 100% free_kit', 'Zqvk 100x freeXkit'],
  'the second page continues where the first ended'
);
select is(
  pg_temp.titles(public.search_catalogue('projects', 'zqvk', '', 4, 2)),
  '{}'::text[],
  'a page past the last is empty'
);
select is(
  jsonb_array_length(public.search_catalogue('projects') -> 'rows'),
  24,
  'by default a page is 24 rows'
);
select is(
  public.search_catalogue('projects', '', '', 1, 1) -> 'rows' -> 0 ->> 'link_to_project',
  'https://example.com/a',
  'each row is the table''s row, every column as PostgREST sends it'
);
select is(
  pg_temp.titles(public.search_catalogue('courses', 'zqvk')),
  array['Zqvk Angular course'],
  'the courses are a catalogue too'
);

-- Bad arguments are refused, never guessed
select throws_ok($$ select public.search_catalogue('emails') $$, '22023', null, 'only projects and courses');
select throws_ok($$ select public.search_catalogue(null) $$, '22023', null, 'a catalogue is required');
select throws_ok($$ select public.search_catalogue('projects', repeat('x', 201)) $$, '22001', null,
  'a term of more than 200 characters is refused');
select throws_ok($$ select public.search_catalogue('projects', '', '', 0) $$, '22023', null, 'pages start at 1');
select throws_ok($$ select public.search_catalogue('projects', '', '', 1, 49) $$, '22023', null,
  'a page holds at most 48 rows');

-- Row-level security applies to what a visitor finds: a policy that hides a row hides it from the search and its
-- counts.
create policy "catalogue search test hides a row" on public.projects as restrictive for select to anon
  using (title <> 'Zqvk hidden draft');
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon","iss":"supabase-demo"}', true);
select is(
  pg_temp.titles(public.search_catalogue('projects', '', 'zqvkchip')),
  array['Zqvk Harbour tracker', 'ZQVK harbour map'],
  'a row the visitor may not read is not found'
);
select is(
  (public.search_catalogue('projects', 'zqvk') -> 'matches')::int,
  4,
  'nor counted among the matches'
);
reset role;
select is(
  pg_temp.titles(public.search_catalogue('projects', '', 'zqvkchip')),
  array['Zqvk Harbour tracker', 'ZQVK harbour map', 'Zqvk hidden draft'],
  'the owner still finds it'
);

select * from finish();
rollback;
