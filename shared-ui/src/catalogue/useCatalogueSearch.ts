// A catalogue's search as React state (see catalogueSearch.ts for the rules), with the callbacks the kit's SearchBox
// and KeywordChips take. The search is the page's address (see searchAddress): what the list shows is read from the
// address, and a search (a submitted term, a chip, clearing the box) goes to the address of the new search, one
// history entry each (typing alone goes nowhere), so the back button returns to the search before. Going back, or
// following a link to a search, puts that search in the box. The section says what a search records (each has its own
// analytics event) with a function that stays the same between renders (declare it outside the component): it is
// called for the visitor's own searches, not for an address opened or gone back to.
import { useCallback, useEffect, useRef, useState } from 'react';
import { keepScrollState, useLocation, useNavigate } from '@site/shared-ui/router';
import {
  chosenChip,
  everyItem,
  nextCatalogueSearch,
  type CatalogueQuery,
  type CatalogueSearchAction,
  type CatalogueSearchOutcome,
  type CatalogueSearchState,
} from '@site/shared-ui/catalogueSearch';
import { readSearchAddress, searchAddressQuery, type SearchAddress } from '@site/shared-ui/searchAddress';

function queryOf({ term, chip }: SearchAddress): CatalogueQuery {
  if (chip) return { kind: 'keyword', keyword: chip };
  return term ? { kind: 'title', term } : everyItem;
}

/** What the box shows for a search: the chip's keyword, the term, or nothing. */
function boxTextOf(query: CatalogueQuery): string {
  return query.kind === 'keyword' ? query.keyword : query.kind === 'title' ? query.term : '';
}

export function useCatalogueSearch(onOutcome: (outcome: NonNullable<CatalogueSearchOutcome>) => void) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const address = readSearchAddress(pathname, search);
  const query = queryOf(address);
  const [box, setBox] = useState({ text: boxTextOf(query), of: search });
  // The address changed without the box (back, forward, a link): the box shows that search.
  if (box.of !== search) setBox({ text: boxTextOf(query), of: search });
  const boxText = box.of === search ? box.text : boxTextOf(query);
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
