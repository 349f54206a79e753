import {
  chosenKeyword,
  initialCourseSearch,
  nextCourseSearch,
  type CourseSearchAction,
  type CourseSearchState,
  type CourseSearchTransition,
} from '../courseSearchTransitions.ts';

const titleSearch = (term: string): CourseSearchState => ({ text: term, query: { kind: 'title', term } });
const chip = (keyword: string): CourseSearchState => ({ text: keyword, query: { kind: 'keyword', keyword } });

describe('nextCourseSearch: how the box and the chips work together', () => {
  it.each<[string, CourseSearchState, CourseSearchAction, CourseSearchTransition]>([
    [
      'typing only edits the box',
      initialCourseSearch,
      { type: 'typed', text: 'ang' },
      { state: { text: 'ang', query: { kind: 'all' } }, searchedFor: null },
    ],
    [
      'typing while a chip is chosen keeps its search until Search is pressed',
      chip('HTML'),
      { type: 'typed', text: 'HTML5' },
      { state: { text: 'HTML5', query: { kind: 'keyword', keyword: 'HTML' } }, searchedFor: null },
    ],
    [
      'submitting a term runs a title search and records it',
      { ...initialCourseSearch, text: 'Angular' },
      { type: 'submitted', term: 'Angular' },
      { state: titleSearch('Angular'), searchedFor: 'Angular' },
    ],
    [
      'a submitted term is trimmed',
      initialCourseSearch,
      { type: 'submitted', term: '  node  ' },
      { state: titleSearch('node'), searchedFor: 'node' },
    ],
    [
      'submitting typed text releases the chosen chip',
      { text: 'HTML5', query: { kind: 'keyword', keyword: 'HTML' } },
      { type: 'submitted', term: 'HTML5' },
      { state: titleSearch('HTML5'), searchedFor: 'HTML5' },
    ],
    [
      'submitting the chip keyword unchanged keeps the keyword search',
      chip('HTML'),
      { type: 'submitted', term: 'HTML' },
      { state: chip('HTML'), searchedFor: 'HTML' },
    ],
    [
      'submitting the chip keyword in another case keeps the keyword search',
      { text: 'html', query: { kind: 'keyword', keyword: 'HTML' } },
      { type: 'submitted', term: ' html' },
      { state: chip('HTML'), searchedFor: 'HTML' },
    ],
    [
      'submitting a chip word with no chip chosen is a title search',
      { ...initialCourseSearch, text: 'HTML' },
      { type: 'submitted', term: 'HTML' },
      { state: titleSearch('HTML'), searchedFor: 'HTML' },
    ],
    [
      'an empty term shows every course and is not recorded',
      titleSearch('Angular'),
      { type: 'submitted', term: '' },
      { state: initialCourseSearch, searchedFor: null },
    ],
    [
      'a blank term shows every course and releases the chip',
      chip('CSS'),
      { type: 'submitted', term: '   ' },
      { state: initialCourseSearch, searchedFor: null },
    ],
    [
      'a chip puts its keyword in the box, filters by it and counts as a search',
      titleSearch('Angular'),
      { type: 'chipPressed', keyword: 'NODEJS' },
      { state: chip('NODEJS'), searchedFor: 'NODEJS' },
    ],
    [
      'another chip replaces the chosen one',
      chip('NODEJS'),
      { type: 'chipPressed', keyword: 'MONGODB' },
      { state: chip('MONGODB'), searchedFor: 'MONGODB' },
    ],
    [
      'pressing the chosen chip again clears the search',
      chip('NODEJS'),
      { type: 'chipPressed', keyword: null },
      { state: initialCourseSearch, searchedFor: null },
    ],
    [
      '"Show all courses" clears a title search',
      titleSearch('kubernetes'),
      { type: 'cleared' },
      { state: initialCourseSearch, searchedFor: null },
    ],
  ])('%s', (_case, state, action, expected) => {
    expect(nextCourseSearch(state, action)).toEqual(expected);
  });
});

describe('chosenKeyword', () => {
  it.each<[CourseSearchState, string | null]>([
    [initialCourseSearch, null],
    [titleSearch('HTML'), null],
    [chip('HTML'), 'HTML'],
  ])('%j -> %s', (state, expected) => {
    expect(chosenKeyword(state)).toBe(expected);
  });
});
