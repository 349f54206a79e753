// The tutorials page's search: what the box holds, the chosen sort, and the tutorials the last search found, kept
// live: when the owner edits the videos (a title, the counts), the same search runs again. The search is the page's
// address (/tutorials?q=Signals&sort=recent, see the kit's searchAddress): rendered on the server, restored by the
// back button.
import { useCallback, useMemo } from 'react';
import { callDatabaseFunction } from '@site/shared-ui/restClient';
import { keepScrollState, useNavigate } from '@site/shared-ui/router';
import { toTutorial, type Tutorial, type VideoRow } from '@site/shared-ui/rows';
import { functionDataKey, functionLoader, type SectionLoader } from '@site/shared-ui/sectionData';
import { readSearchAddress, type SearchAddress } from '@site/shared-ui/searchAddress';
import { prefetchRead, useLiveRead } from '@site/shared-ui/useLiveTable';
import {
  recordSearchAs,
  useLoggedCatalogueSearch,
  useRecordShownSearch,
} from '@site/shared-ui/catalogueSearch';
import { searchVideos, searchVideosArgs, type TutorialSearch } from './searchTutorials.ts';
import { parseTutorialSort, serverSortFor, type TutorialSort } from './tutorialSort.ts';

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

/**
 * The search an address asks for (spec §4: none asks for an empty term, sorted by views: the first load). The address
 * writes the sort as the server names it (`sort=recent`).
 */
function tutorialSearchOf({ term, sort }: SearchAddress): TutorialSearch {
  return { searchTerm: term, sort: parseTutorialSort(sort.toUpperCase()) };
}

/** The key of a search's answer: in the page's data, among early reads, and for the kit's live read. */
const searchKey = (search: TutorialSearch) => functionDataKey('search_videos', searchVideosArgs(search));

/** On the server, the page loads the search its address asks for before rendering; the browser hydrates from it. */
export const searchLoader: SectionLoader = (context) =>
  functionLoader(
    'search_videos',
    searchVideosArgs(tutorialSearchOf(readSearchAddress(context.address.path, context.address.search))),
    ['videos'],
  )(context);

/** The address's search, started when the page's module arrives rather than after React has rendered the page. */
export function prefetchAddressSearch(): void {
  if (typeof window === 'undefined') return;
  const search = tutorialSearchOf(readSearchAddress(window.location.pathname, window.location.search));
  prefetchRead(searchKey(search), () => searchVideos(search));
}

/**
 * Every search is recorded as userSearchForTutorial once its answer is shown, with how many tutorials it showed; here,
 * unlike projects and courses, so is clearing the box: a tutorial search runs on the server (spec §4), and an empty
 * term is a search of its own (the first load is one), not only a way back to the full list.
 */
const recordTutorialSearch = recordSearchAs('userSearchForTutorial');

const noVideos: VideoRow[] = [];

export function useTutorialSearch(): TutorialSearchView {
  // The box is the kit's catalogue search, without chips; the sort is the address's too.
  const box = useLoggedCatalogueSearch(true);
  const navigate = useNavigate();
  const search = useMemo<TutorialSearch>(
    () => tutorialSearchOf(box.address),
    // The address's fields, not the object (a new one each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [box.address.term, box.address.sort],
  );
  // The search's answer is kept live (an owner's edit of the videos runs the same search again, with the visitor's
  // term and sort); the same search sent again changes nothing, as its answer is live already.
  const read = useCallback(
    (quiet: boolean) => searchVideos(search, (name, args) => callDatabaseFunction(name, args, { quiet })),
    [search],
  );
  const answer = useLiveRead<VideoRow[]>({
    key: searchKey(search),
    table: 'videos',
    read,
    initial: noVideos,
    failureLabel: '[tutorials] search failed:',
  });
  const tutorials = useMemo<Tutorial[]>(() => answer.answer.map(toTutorial), [answer.answer]);
  useRecordShownSearch(
    box.log,
    recordTutorialSearch,
    answer.status === 'ready' ? { term: search.searchTerm, resultCount: tutorials.length } : undefined,
  );
  const { addressOf } = box;
  // Spec §4: choosing a sort re-runs the search with the current term (the one the visitor searched for).
  const sortBy = useCallback(
    (sort: TutorialSort) => {
      void navigate({ search: addressOf({ sort: serverSortFor(sort) }) }, { state: keepScrollState });
    },
    [addressOf, navigate],
  );
  return {
    input: box.boxText,
    setInput: box.type,
    sort: search.sort,
    search,
    status: answer.status,
    firstLoad: answer.firstLoad,
    tutorials,
    searchFor: box.search,
    sortBy,
    retry: answer.retry,
  };
}
