// A catalogue's search as React state (see catalogueSearch.ts for the rules), with the callbacks the kit's SearchBox
// and KeywordChips take. The section says what a search records (each has its own analytics event) with a function
// that stays the same between renders (declare it outside the component).
import { useCallback, useMemo, useRef, useState } from 'react';
import { filterCatalogue, searchedTerm, type Searchable } from '@site/shared-ui/catalogueQuery';
import {
  chosenChip,
  initialCatalogueSearch,
  nextCatalogueSearch,
  type CatalogueSearchAction,
  type CatalogueSearchOutcome,
} from '@site/shared-ui/catalogueSearch';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import { useRecordShownSearch, useSearchLog, type RecordSearch } from '@site/shared-ui/useSearchRecord';

export function useCatalogueSearch(onOutcome: (outcome: NonNullable<CatalogueSearchOutcome>) => void) {
  const [state, setState] = useState(initialCatalogueSearch);
  // The latest state, also between two actions of one event (the SearchBox reports a cleared box as a change and
  // then a search), so each action sees the one before.
  const latest = useRef(state);

  const dispatch = useCallback(
    (action: CatalogueSearchAction) => {
      const step = nextCatalogueSearch(latest.current, action);
      latest.current = step.state;
      setState(step.state);
      if (step.outcome !== null) onOutcome(step.outcome);
    },
    [onOutcome],
  );

  return {
    boxText: state.boxText,
    query: state.query,
    chip: chosenChip(state),
    type: useCallback((text: string) => dispatch({ type: 'typed', text }), [dispatch]),
    search: useCallback((term: string) => dispatch({ type: 'submitted', term }), [dispatch]),
    pressChip: useCallback((chip: string | null) => dispatch({ type: 'chipPressed', chip }), [dispatch]),
    clear: useCallback(() => dispatch({ type: 'cleared' }), [dispatch]),
  };
}

/** What useCatalogueSearch gives a section: the box text, the query, the chosen chip and the actions. */
export type CatalogueSearch = ReturnType<typeof useCatalogueSearch>;

/**
 * A catalogue filtered in the page (projects, courses): its search, the items the search keeps, and each search
 * recorded (the section's analytics event) with how many items it showed, once the items have loaded.
 */
export function useFilteredCatalogueSearch<Item extends Searchable>(
  items: readonly Item[],
  status: LoadStatus,
  record: RecordSearch,
) {
  const log = useSearchLog();
  const { searched } = log;
  const search = useCatalogueSearch(
    useCallback(
      (outcome: NonNullable<CatalogueSearchOutcome>) => {
        if (outcome.kind === 'searched') searched(outcome.term);
      },
      [searched],
    ),
  );
  const shown = useMemo(() => filterCatalogue(items, search.query), [items, search.query]);
  useRecordShownSearch(
    log,
    record,
    status === 'ready' ? { term: searchedTerm(search.query), resultCount: shown.length } : undefined,
  );
  return { ...search, shown };
}
