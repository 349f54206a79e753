// How the search box and the keyword chips work together. They are one search: the list always shows what the
// last search asked for, and the box always says what that was.
// - Pressing a chip puts its keyword in the box and keeps the courses tagged with it.
// - Pressing the chosen chip again clears the box and shows every course.
// - Typing only edits the box; pressing Search (or Enter) runs a title search for what is typed, which releases the
//   chip. Submitting the chip's keyword unchanged (in any case) keeps the chip's keyword search.
// The portfolio section's search works the same way, so the two pages feel alike.
// - Clearing the box (or submitting only spaces, or "Show all courses") shows every course and releases the chip.
// A search for a term (a submitted term or a chip) is what analytics records; clearing is not a search.
import { everyCourse, type CourseQuery } from './filterCourses.ts';

export interface CourseSearchState {
  /** What the search box shows. */
  text: string;
  /** What the list shows. */
  query: CourseQuery;
}

export type CourseSearchAction =
  | { type: 'typed'; text: string }
  | { type: 'submitted'; term: string }
  | { type: 'chipPressed'; keyword: string | null }
  | { type: 'cleared' };

export interface CourseSearchTransition {
  state: CourseSearchState;
  /** The term to record as userSearchForCourse, or null when the action was no search. */
  searchedFor: string | null;
}

export const initialCourseSearch: CourseSearchState = { text: '', query: everyCourse };

const showEverything: CourseSearchTransition = { state: initialCourseSearch, searchedFor: null };

export function nextCourseSearch(
  state: CourseSearchState,
  action: CourseSearchAction,
): CourseSearchTransition {
  switch (action.type) {
    case 'typed':
      return { state: { ...state, text: action.text }, searchedFor: null };
    case 'submitted': {
      const term = action.term.trim();
      if (term === '') return showEverything;
      const chip = chosenKeyword(state);
      if (chip !== null && chip.toLowerCase() === term.toLowerCase()) {
        return { state: { text: chip, query: state.query }, searchedFor: chip };
      }
      return { state: { text: term, query: { kind: 'title', term } }, searchedFor: term };
    }
    case 'cleared':
      return showEverything;
    case 'chipPressed':
      if (action.keyword === null) return showEverything;
      return {
        state: { text: action.keyword, query: { kind: 'keyword', keyword: action.keyword } },
        searchedFor: action.keyword,
      };
  }
}

/** The chip shown as chosen, or null. */
export function chosenKeyword(state: CourseSearchState): string | null {
  return state.query.kind === 'keyword' ? state.query.keyword : null;
}
