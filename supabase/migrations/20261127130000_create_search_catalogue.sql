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

revoke all on function public.search_catalogue(text, text, text, integer, integer) from public;
grant execute on function public.search_catalogue(text, text, text, integer, integer) to anon, authenticated, service_role;
