-- Tutorial search (spec §4 "Tutorial search"): visitors search the channel's videos in our own table, so a search
-- costs no YouTube API quota. Called through PostgREST as POST /rest/v1/rpc/search_videos.
--
-- Matching is case-insensitive on title and description, and a video matches when any of these holds:
--   * English full-text search (websearch syntax, stemmed: "deploying" finds "deploy"),
--   * every word of the term (two or more characters) as a word prefix ("angul rout" finds "Angular Router"),
--   * the whole term as a substring ("script" finds "JavaScript", "node.js" finds "Node.js").
-- A channel has hundreds of videos, not millions, so a sequential scan answers in well under a millisecond; an
-- index would not be used with the substring fallback anyway.
--
-- Order: views -> view_count, trending -> like_count (the original used YouTube's "rating" order; likes are what is
-- left of ratings), recent -> published_at; all descending, NULLs last, ties broken by date then video id so the
-- order is stable. Twelve results (spec §9).
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

  if term <> '' then
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
  end if;

  return query
  select v.*
  from public.videos as v
  where v.removed_at is null
    and (
      term = ''
      or pg_catalog.to_tsvector('english', v.title || ' ' || v.description) @@ full_text_query
      or (
        prefix_query is not null
        and pg_catalog.to_tsvector('simple', v.title || ' ' || v.description) @@ prefix_query
      )
      or v.title ilike like_pattern
      or v.description ilike like_pattern
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

revoke all on function public.search_videos(text, text) from public;
grant execute on function public.search_videos(text, text) to anon, authenticated, service_role;
