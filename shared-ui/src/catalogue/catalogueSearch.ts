// How a catalogue's search box and keyword chips work together, as a pure state machine (portfolio, courses and, with
// no chips, tutorials). They are one search: the list shows what the last search asked for, the box says what that
// was.
// - Typing only edits the box; submitting (Search button or Enter) searches titles for the trimmed term and releases
//   any chosen chip. Submitting the chosen chip's keyword unchanged (in any case) keeps the chip.
// - Pressing a chip puts its keyword in the box and filters by it; pressing the chosen chip again shows everything.
// - Clearing the box, submitting only spaces, or "Show all" shows everything and releases the chip.
// Each step says whether the visitor searched (a submitted term or a chip: what analytics records) or cleared.

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
