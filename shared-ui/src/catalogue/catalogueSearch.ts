// How a catalogue's search box and keyword chips work together (portfolio, courses and, with no chips, tutorials): a
// pure state machine, and the same as React state on the page's address (useCatalogueSearch). They are one search:
// the list shows what the last search asked for, the box says what that was.
// - Typing only edits the box; submitting (Search button or Enter) searches titles for the trimmed term and releases
//   any chosen chip. Submitting the chosen chip's keyword unchanged (in any case) keeps the chip.
// - Pressing a chip puts its keyword in the box and filters by it; pressing the chosen chip again shows everything.
// - Clearing the box, submitting only spaces, or "Show all" shows everything and releases the chip.
// Each step says whether the visitor searched (a submitted term or a chip: what analytics records) or cleared.
// The search is the page's address (see searchAddress): what the list shows is read from the address, and a search
// goes to the address of the new search, one history entry each (typing alone goes nowhere), so the back button
// returns to the search before; going back, or following a link to a search, puts that search in the box.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepScrollState, useLocation, useNavigate } from '@site/shared-ui/router';
import { readSearchAddress, searchAddressQuery, type SearchAddress } from '@site/shared-ui/searchAddress';
import type { SearchEventName } from '@site/shared-ui/analyticsEvents';
import { publish } from '@site/shared-ui/eventBus';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';

/**
 * What the visitor asked for: everything, a title search, or one keyword chip. The database applies it to the whole
 * catalogue (search_catalogue: a case-insensitive substring of the title; a keyword the items' keywords include).
 */
export type CatalogueQuery =
  { kind: 'all' } | { kind: 'title'; term: string } | { kind: 'keyword'; keyword: string };

export const everyItem: CatalogueQuery = { kind: 'all' };

/** Search text as compared: without the spaces around it, in lower case (English rules, on every machine). */
function normaliseSearchText(text: string): string {
  return text.trim().toLocaleLowerCase('en');
}

export interface CatalogueSearchState {
  /** What the search box shows. */
  boxText: string;
  /** What the list shows. */
  query: CatalogueQuery;
}

export type CatalogueSearchAction =
  | { type: 'typed'; text: string }
  | { type: 'submitted'; term: string }
  | { type: 'chipPressed'; chip: string | null }
  | { type: 'cleared' };

/** What the step was, for analytics: a search for a term, a return to everything, or neither (typing). */
export type CatalogueSearchOutcome = { kind: 'searched'; term: string } | { kind: 'cleared' } | null;

export interface CatalogueSearchStep {
  state: CatalogueSearchState;
  outcome: CatalogueSearchOutcome;
}

export const initialCatalogueSearch: CatalogueSearchState = { boxText: '', query: everyItem };

const showEverything: CatalogueSearchStep = { state: initialCatalogueSearch, outcome: { kind: 'cleared' } };

/** The chip shown as chosen, or null. */
export function chosenChip(state: CatalogueSearchState): string | null {
  return state.query.kind === 'keyword' ? state.query.keyword : null;
}

export function nextCatalogueSearch(
  state: CatalogueSearchState,
  action: CatalogueSearchAction,
): CatalogueSearchStep {
  switch (action.type) {
    case 'typed':
      // Typing alone filters nothing: the list changes when the visitor searches.
      return { state: { ...state, boxText: action.text }, outcome: null };
    case 'submitted': {
      const term = action.term.trim();
      if (term === '') return showEverything;
      const chip = chosenChip(state);
      if (chip !== null && normaliseSearchText(chip) === normaliseSearchText(term)) {
        return { state: { boxText: chip, query: state.query }, outcome: { kind: 'searched', term: chip } };
      }
      return {
        state: { boxText: term, query: { kind: 'title', term } },
        outcome: { kind: 'searched', term },
      };
    }
    case 'cleared':
      return showEverything;
    case 'chipPressed':
      if (action.chip === null) return showEverything;
      return {
        state: { boxText: action.chip, query: { kind: 'keyword', keyword: action.chip } },
        outcome: { kind: 'searched', term: action.chip },
      };
  }
}

function queryOf({ term, chip }: SearchAddress): CatalogueQuery {
  if (chip) return { kind: 'keyword', keyword: chip };
  return term ? { kind: 'title', term } : everyItem;
}

/** The term a search answers, as the box shows it and analytics records it: the chip's keyword, the term, or ''. */
export function searchedTerm(query: CatalogueQuery): string {
  return query.kind === 'keyword' ? query.keyword : query.kind === 'title' ? query.term : '';
}

export function useCatalogueSearch(onOutcome: (outcome: NonNullable<CatalogueSearchOutcome>) => void) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const address = readSearchAddress(pathname, search);
  const query = queryOf(address);
  const [box, setBox] = useState({ text: searchedTerm(query), of: search });
  // The address changed without the box (back, forward, a link): the box shows that search.
  if (box.of !== search) setBox({ text: searchedTerm(query), of: search });
  const boxText = box.of === search ? box.text : searchedTerm(query);
  // The latest state, also between two actions of one event (the SearchBox reports a cleared box as a change and
  // then a search), so each action sees the one before.
  const latest = useRef<CatalogueSearchState>({ boxText, query });
  useEffect(() => {
    latest.current = { boxText, query };
  });

  const addressOf = useCallback(
    (next: Partial<SearchAddress>) =>
      searchAddressQuery(pathname, { ...readSearchAddress(pathname, search), ...next }),
    [pathname, search],
  );

  const dispatch = useCallback(
    (action: CatalogueSearchAction) => {
      const step = nextCatalogueSearch(latest.current, action);
      latest.current = step.state;
      if (action.type === 'typed') {
        setBox({ text: step.state.boxText, of: search });
        return;
      }
      const { query: asked } = step.state;
      // A new search starts at its first page.
      const nextSearch = addressOf({
        term: asked.kind === 'title' ? asked.term : '',
        chip: asked.kind === 'keyword' ? asked.keyword : '',
        page: 1,
      });
      setBox({ text: step.state.boxText, of: nextSearch });
      if (nextSearch !== search) void navigate({ search: nextSearch }, { state: keepScrollState });
      if (step.outcome !== null) onOutcome(step.outcome);
    },
    [addressOf, navigate, onOutcome, search],
  );

  return {
    boxText,
    query,
    chip: chosenChip({ boxText, query }),
    /** The search the address asks for (term, chip, sort, page). */
    address,
    /** The address (its query) of the same search with other fields: another page, another sort. */
    addressOf,
    type: useCallback((text: string) => dispatch({ type: 'typed', text }), [dispatch]),
    search: useCallback((term: string) => dispatch({ type: 'submitted', term }), [dispatch]),
    pressChip: useCallback((chip: string | null) => dispatch({ type: 'chipPressed', chip }), [dispatch]),
    clear: useCallback(() => dispatch({ type: 'cleared' }), [dispatch]),
  };
}

/** What useCatalogueSearch gives a section: the box text, the query, the chosen chip, the address and the actions. */
export type CatalogueSearch = ReturnType<typeof useCatalogueSearch>;

// Recording a search: its analytics event carries how many results the visitor saw, so the owner can tell a search
// that found nothing (the next tutorial or course to make). So a search is recorded once its answer is on screen, not
// when it is asked: every search is answered by the database (search_catalogue, search_videos), when its answer
// arrives. A search that a newer one replaced before it was answered, or that the visitor left unanswered, is still
// recorded, without a count: nobody saw its results.
//
// Two hooks, because the search is asked before the section knows its answer: useSearchLog before the search's state
// (its `searched` goes into the search's callback), useRecordShownSearch once the answer on screen is known. For a
// catalogue page (its search is the address, its answer the page useCatalogue reads) the two are
// useLoggedCatalogueSearch and useRecordCatalogueSearch.

/** What the list shows now: the term it answers (as the search was logged) and how many results. */
export interface ShownSearchAnswer {
  term: string;
  resultCount: number;
}

/** Records one search: its term, and the count of results the visitor saw (undefined when they saw none). */
export type RecordSearch = (term: string, resultCount: number | undefined) => void;

/** Records a search as the section's analytics event: its term, and how many results the visitor saw, if they did. */
export function recordSearchAs(name: SearchEventName): RecordSearch {
  return (searchTerm, resultCount) =>
    publish(resultCount === undefined ? { name, searchTerm } : { name, searchTerm, resultCount });
}

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
