// The tutorials page's search: what the box holds, the chosen sort, and the tutorials the last search found, kept
// live: when the owner edits the videos (a title, the counts), the same search runs again.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { retryDelayMs } from '@site/shared-ui/deadlines';
import { publish } from '@site/shared-ui/eventBus';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import { callDatabaseFunction } from '@site/shared-ui/restClient';
import { toTutorial, type Tutorial, type VideoRow } from '@site/shared-ui/rows';
import {
  embeddedPageData,
  functionDataKey,
  functionLoader,
  useSectionData,
} from '@site/shared-ui/sectionData';
import type { CatalogueSearchOutcome } from '@site/shared-ui/catalogueSearch';
import { useCatalogueSearch } from '@site/shared-ui/useCatalogueSearch';
import { watchTableChanges } from '@site/shared-ui/tableChanges';
import {
  searchTutorials,
  searchVideosArgs,
  type SearchVideosCaller,
  type TutorialSearch,
} from './searchTutorials.ts';
import { defaultTutorialSort, type TutorialSort } from './tutorialSort.ts';

export type TutorialSearchStatus = 'loading' | 'ready' | 'error';

interface SearchResult {
  status: TutorialSearchStatus;
  tutorials: Tutorial[];
  /** The search these tutorials answer. */
  search: TutorialSearch;
}

export interface TutorialSearchView {
  /** The text in the search box. */
  input: string;
  setInput: (value: string) => void;
  sort: TutorialSort;
  /** The search under way or last answered. */
  search: TutorialSearch;
  status: TutorialSearchStatus;
  /** No search has answered yet. */
  firstLoad: boolean;
  tutorials: Tutorial[];
  /** The visitor searches (submits the box, or clears it). */
  searchFor: (term: string) => void;
  /** The visitor picks a sort: the search runs again with the current term. */
  sortBy: (sort: TutorialSort) => void;
  /** The visitor's "Try again" after a failed search: it runs again at once. */
  retry: () => void;
}

/** Spec §4: the first load searches with an empty term, sorted by views. */
const initialSearch: TutorialSearch = { searchTerm: '', sort: defaultTutorialSort };

/** On the server, the page loads the first search before rendering (the page's loader); the browser hydrates from it. */
export const firstSearchLoader = functionLoader('search_videos', searchVideosArgs(initialSearch), ['videos']);
const firstSearchKey = functionDataKey('search_videos', searchVideosArgs(initialSearch));

/** The first search, started when the page's module arrives rather than after React has rendered the page. */
let earlyFirstSearch: { tutorials: Promise<Tutorial[]>; startedAt: number } | undefined;
const earlySearchFreshForMs = 10_000;

export function prefetchFirstSearch(): void {
  // On the server the loader runs instead; a server-rendered page already holds the answer.
  if (typeof window === 'undefined' || firstSearchKey in embeddedPageData().data) return;
  if (earlyFirstSearch) return;
  const tutorials = searchTutorials(initialSearch);
  tutorials.catch(() => undefined); // the page reports a failure when it takes the result
  earlyFirstSearch = { tutorials, startedAt: Date.now() };
}

function takeEarlyFirstSearch(search: TutorialSearch): Promise<Tutorial[]> | undefined {
  const early = earlyFirstSearch;
  earlyFirstSearch = undefined;
  return search === initialSearch && early && Date.now() - early.startedAt < earlySearchFreshForMs
    ? early.tutorials
    : undefined;
}

/**
 * Every search is recorded as userSearchForTutorial, and here, unlike projects and courses, so is clearing the box:
 * a tutorial search runs on the server (spec §4), and an empty term is a search of its own (the first load is one),
 * not only a way back to the full list.
 */
function recordTutorialSearch(outcome: NonNullable<CatalogueSearchOutcome>) {
  publish({ name: 'userSearchForTutorial', searchTerm: outcome.kind === 'searched' ? outcome.term : '' });
}

/** A search run again because the videos changed: in the background, without the loading bar. */
const searchQuietly: SearchVideosCaller = (name, args) => callDatabaseFunction(name, args, { quiet: true });

/** Changes that come together (a sync touches many videos) are answered by one search. */
const liveRefreshDelayMs = 200;

export function useTutorialSearch(): TutorialSearchView {
  // The box is the kit's catalogue search, without chips; the sort is this page's own.
  const box = useCatalogueSearch(recordTutorialSearch);
  const [sort, setSort] = useState<TutorialSort>(defaultTutorialSort);
  // A new search whenever the visitor searches (even the same term again) or sorts: the effect below runs per search.
  const search = useMemo<TutorialSearch>(() => {
    const searchTerm = box.query.kind === 'title' ? box.query.term : '';
    return searchTerm === '' && sort === defaultTutorialSort ? initialSearch : { searchTerm, sort };
  }, [box.query, sort]);
  // The first search's answer the page was rendered with (server-rendered pages): no first request.
  const rendered = useSectionData<VideoRow[]>(firstSearchKey);
  const [result, setResult] = useState<SearchResult>(() =>
    rendered
      ? { status: 'ready', tutorials: rendered.map(toTutorial), search: initialSearch }
      : { status: 'loading', tutorials: [], search: initialSearch },
  );
  const renderedFirstSearch = useRef(rendered !== undefined);
  // Counts the owner's edits to the videos (and each time live updates start, to catch up on earlier ones).
  const [videosRevision, setVideosRevision] = useState(0);
  const started = useRef<TutorialSearch | undefined>(undefined);
  // A failed search runs again by itself, with backoff (readRetry), until it is answered or replaced.
  const [retryRevision, setRetryRevision] = useState(0);
  const failures = useRef(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setVideosRevision((revision) => revision + 1), liveRefreshDelayMs);
    };
    const stopWatching = watchTableChanges('videos', { onChange: refreshSoon, onLive: refreshSoon });
    return () => {
      clearTimeout(timer);
      stopWatching();
    };
  }, []);

  useEffect(() => {
    if (
      renderedFirstSearch.current &&
      search === initialSearch &&
      videosRevision === 0 &&
      retryRevision === 0
    ) {
      // Shown already, from the page's data; live updates (videosRevision) search again.
      started.current = search;
      return undefined;
    }
    renderedFirstSearch.current = false;
    let cancelled = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    // The same search again means the videos changed (or a retry): the visitor's term and sort still apply, and what
    // is shown stays if the new answer fails.
    const again = started.current === search;
    if (!again) failures.current = 0;
    started.current = search;
    (again
      ? searchTutorials(search, searchQuietly)
      : (takeEarlyFirstSearch(search) ?? searchTutorials(search))
    )
      .then((tutorials) => {
        if (cancelled) return;
        failures.current = 0;
        setResult({ status: 'ready', tutorials, search });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        reportFailure('[tutorials] search failed:', error);
        setResult((current) =>
          again && current.search === search && current.status === 'ready'
            ? current
            : { status: 'error', tutorials: [], search },
        );
        failures.current += 1;
        retryTimer = setTimeout(
          () => setRetryRevision((revision) => revision + 1),
          retryDelayMs(failures.current),
        );
      });
    // A newer search replaces this one: its late answer must not overwrite the newer one.
    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
    };
  }, [search, videosRevision, retryRevision]);

  const retry = useCallback(() => {
    setResult((current) => (current.status === 'error' ? { ...current, status: 'loading' } : current));
    setRetryRevision((revision) => revision + 1);
  }, []);

  const loading = result.search !== search;
  return {
    input: box.boxText,
    setInput: box.type,
    sort: search.sort,
    search,
    status: loading ? 'loading' : result.status,
    firstLoad: result.status === 'loading',
    tutorials: result.tutorials,
    searchFor: box.search,
    // Spec §4: choosing a sort re-runs the search with the current term (the one the visitor searched for).
    sortBy: setSort,
    retry,
  };
}
