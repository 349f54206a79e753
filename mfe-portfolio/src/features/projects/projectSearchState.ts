// How the search box and the keyword chips work together on /portfolio, as a pure state machine:
// - Submitting a term (Search button or Enter) searches titles, and releases any chosen chip.
// - Choosing a chip writes its keyword into the box and filters by keyword; submitting the box unchanged keeps it.
// - Pressing the chosen chip again, or emptying the box, shows every project again.
// Each step says which search the visitor made, so it can be recorded as userSearchForProject.
import { showAllProjects, type ProjectQuery } from './searchProjects.ts';

export interface ProjectSearchState {
  /** What the search box shows. */
  boxText: string;
  /** What the grid is filtered by. */
  query: ProjectQuery;
}

export type ProjectSearchAction =
  | { type: 'typed'; text: string }
  | { type: 'submitted'; term: string }
  | { type: 'chipPressed'; chip: string | null };

export interface ProjectSearchStep {
  state: ProjectSearchState;
  /** The term to record as the visitor's search, or null when the step was not a search. */
  searched: string | null;
}

export const initialProjectSearch: ProjectSearchState = { boxText: '', query: showAllProjects };

/** The chip shown as chosen, or null. */
export function chosenChip(state: ProjectSearchState): string | null {
  return state.query.kind === 'keyword' ? state.query.keyword : null;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');
}

export function nextProjectSearch(state: ProjectSearchState, action: ProjectSearchAction): ProjectSearchStep {
  switch (action.type) {
    case 'typed':
      // Typing alone filters nothing: the grid changes when the visitor searches.
      return { state: { ...state, boxText: action.text }, searched: null };
    case 'submitted': {
      const term = action.term.trim();
      if (term === '') return { state: initialProjectSearch, searched: null };
      const chip = chosenChip(state);
      if (chip !== null && sameText(term, chip)) {
        return { state: { boxText: chip, query: state.query }, searched: chip };
      }
      return { state: { boxText: action.term, query: { kind: 'title', term } }, searched: term };
    }
    case 'chipPressed':
      if (action.chip === null) return { state: initialProjectSearch, searched: null };
      return {
        state: { boxText: action.chip, query: { kind: 'keyword', keyword: action.chip } },
        searched: action.chip,
      };
  }
}
