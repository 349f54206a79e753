// The tutorials page's search: what the box holds, the chosen sort, and the tutorials the last search found, kept
// live: when the owner edits the videos (a title, the counts), the same search runs again.
import { useCallback, useMemo, useState } from 'react';
import { searchEvent } from '@site/shared-ui/analyticsEvents';
import { publish } from '@site/shared-ui/eventBus';
import { callDatabaseFunction } from '@site/shared-ui/restClient';
import { toTutorial, type Tutorial, type VideoRow } from '@site/shared-ui/rows';
import { functionDataKey, functionLoader } from '@site/shared-ui/sectionData';
import type { CatalogueSearchOutcome } from '@site/shared-ui/catalogueSearch';
import { useCatalogueSearch } from '@site/shared-ui/useCatalogueSearch';
import { prefetchRead, useLiveRead } from '@site/shared-ui/useLiveTable';
import { useRecordShownSearch, useSearchLog } from '@site/shared-ui/useSearchRecord';
import { searchVideos, searchVideosArgs, type TutorialSearch } from './searchTutorials.ts';
import { defaultTutorialSort, type TutorialSort } from './tutorialSort.ts';

export type TutorialSearchStatus = 'loading' | 'ready' | 'error';

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

/** The key of a search's answer: in the page's data, among early reads, and for the kit's live read. */
const searchKey = (search: TutorialSearch) => functionDataKey('search_videos', searchVideosArgs(search));

/** The first search, started when the page's module arrives rather than after React has rendered the page. */
export function prefetchFirstSearch(): void {
  prefetchRead(searchKey(initialSearch), () => searchVideos(initialSearch));
}

function recordTutorialSearch(term: string, resultCount: number | undefined) {
  publish(searchEvent('userSearchForTutorial', term, resultCount));
}

export function useTutorialSearch(): TutorialSearchView {
  // Every search is recorded as userSearchForTutorial once its answer is shown, with how many tutorials it showed;
  // here, unlike projects and courses, so is clearing the box: a tutorial search runs on the server (spec §4), and an
  // empty term is a search of its own (the first load is one), not only a way back to the full list.
  const log = useSearchLog();
  const { searched } = log;
  // The box is the kit's catalogue search, without chips; the sort is this page's own.
  const box = useCatalogueSearch(
    useCallback(
      (outcome: NonNullable<CatalogueSearchOutcome>) =>
        searched(outcome.kind === 'searched' ? outcome.term : ''),
      [searched],
    ),
  );
  const [sort, setSort] = useState<TutorialSort>(defaultTutorialSort);
  const search = useMemo<TutorialSearch>(
    () => ({ searchTerm: box.query.kind === 'title' ? box.query.term : '', sort }),
    [box.query, sort],
  );
  // The search's answer is kept live (an owner's edit of the videos runs the same search again, with the visitor's
  // term and sort); the same search sent again changes nothing, as its answer is live already.
  const read = useCallback(
    (quiet: boolean) => searchVideos(search, (name, args) => callDatabaseFunction(name, args, { quiet })),
    [search],
  );
  const answer = useLiveRead<VideoRow>({
    key: searchKey(search),
    table: 'videos',
    read,
    failureLabel: '[tutorials] search failed:',
  });
  const tutorials = useMemo<Tutorial[]>(() => answer.rows.map(toTutorial), [answer.rows]);
  useRecordShownSearch(
    log,
    recordTutorialSearch,
    answer.status === 'ready' ? { term: search.searchTerm, resultCount: tutorials.length } : undefined,
  );
  return {
    input: box.boxText,
    setInput: box.type,
    sort,
    search,
    status: answer.status,
    firstLoad: answer.firstLoad,
    tutorials,
    searchFor: box.search,
    // Spec §4: choosing a sort re-runs the search with the current term (the one the visitor searched for).
    sortBy: setSort,
    retry: answer.retry,
  };
}
