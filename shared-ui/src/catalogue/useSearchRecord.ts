// A search's analytics event carries how many results the visitor saw, so the owner can tell a search that found
// nothing (the next tutorial or course to make). So a search is recorded once its answer is on screen, not when it is
// asked: every search is answered by the database (search_catalogue, search_videos), when its answer arrives. A search that a newer one replaced before it was answered, or that the visitor left unanswered, is still
// recorded, without a count: nobody saw its results.
//
// Two hooks, because the search is asked before the section knows its answer: useSearchLog before the search's state
// (its `searched` goes into the search's callback), useRecordShownSearch once the answer on screen is known. For a
// catalogue page (its search is the address, its answer the page useCatalogue reads) the two are
// useLoggedCatalogueSearch and useRecordCatalogueSearch.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  searchedTerm,
  useCatalogueSearch,
  type CatalogueSearchOutcome,
} from '@site/shared-ui/catalogueSearch';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';

/** What the list shows now: the term it answers (as the search was logged) and how many results. */
export interface ShownSearchAnswer {
  term: string;
  resultCount: number;
}

/** Records one search: its term, and the count of results the visitor saw (undefined when they saw none). */
export type RecordSearch = (term: string, resultCount: number | undefined) => void;

export interface SearchLog {
  /** Searches asked and not yet recorded, oldest first. */
  waiting: readonly string[];
  /** The visitor searched for this term (the term the list's answer will carry). Stable between renders. */
  searched: (term: string) => void;
  /** The searches still waiting once some were recorded. */
  keep: (terms: readonly string[]) => void;
}

/**
 * The term as asked and the term the answer carries are one search whatever their case and the spaces around them (an
 * address writes a chip in capitals, and a term trimmed).
 */
function sameTerm(shown: string, asked: string): boolean {
  return shown.trim().toLocaleLowerCase('en') === asked.trim().toLocaleLowerCase('en');
}

export function useSearchLog(): SearchLog {
  const [waiting, setWaiting] = useState<readonly string[]>([]);
  const searched = useCallback((term: string) => setWaiting((terms) => [...terms, term]), []);
  return useMemo(() => ({ waiting, searched, keep: setWaiting }), [waiting, searched]);
}

/**
 * @param record publishes the section's event (a new function each render is fine)
 * @param shown the answer on screen, or undefined while the newest search is on its way (or failed)
 */
export function useRecordShownSearch(
  { waiting, keep }: SearchLog,
  record: RecordSearch,
  shown: ShownSearchAnswer | undefined,
): void {
  const latestRecord = useRef(record);
  useEffect(() => {
    latestRecord.current = record;
  });
  // What the unmount below would record: the waiting searches, less those recorded since.
  const unrecorded = useRef<readonly string[]>([]);

  const shownTerm = shown?.term;
  const shownCount = shown?.resultCount;
  useEffect(() => {
    unrecorded.current = waiting;
    const newest = waiting.at(-1);
    if (newest === undefined) return;
    const replaced = waiting.slice(0, -1);
    for (const term of replaced) latestRecord.current(term, undefined);
    if (shownCount !== undefined && shownTerm !== undefined && sameTerm(shownTerm, newest)) {
      latestRecord.current(newest, shownCount);
      unrecorded.current = [];
      keep([]);
    } else if (replaced.length > 0) {
      unrecorded.current = [newest];
      keep([newest]);
    }
  }, [waiting, keep, shownTerm, shownCount]);

  // Leaving the page (or the section) before the answer came: the search happened all the same.
  useEffect(
    () => () => {
      for (const term of unrecorded.current) latestRecord.current(term, undefined);
      unrecorded.current = [];
    },
    [],
  );
}

/**
 * The kit's catalogue search (the page's address), each search the visitor makes logged until its answer is shown.
 * @param clearedIsSearch clearing the box is a search of its own (the tutorials': an empty term searches everything)
 */
export function useLoggedCatalogueSearch(clearedIsSearch = false) {
  const log = useSearchLog();
  const { searched } = log;
  const search = useCatalogueSearch(
    useCallback(
      (outcome: NonNullable<CatalogueSearchOutcome>) => {
        if (outcome.kind === 'searched') searched(outcome.term);
        else if (clearedIsSearch) searched('');
      },
      [searched, clearedIsSearch],
    ),
  );
  return { ...search, log };
}

/** A catalogue search whose searches are recorded once answered (useLoggedCatalogueSearch). */
export type LoggedCatalogueSearch = ReturnType<typeof useLoggedCatalogueSearch>;

/**
 * Records the searches of a catalogue page once its page of results (useCatalogue) answers the address's search: with
 * how many items match it, on every page.
 */
export function useRecordCatalogueSearch(
  search: LoggedCatalogueSearch,
  record: RecordSearch,
  results: { status: LoadStatus; matches: number },
): void {
  useRecordShownSearch(
    search.log,
    record,
    results.status === 'ready'
      ? { term: searchedTerm(search.query), resultCount: results.matches }
      : undefined,
  );
}
