import {
  chosenChip,
  initialProjectSearch,
  nextProjectSearch,
  type ProjectSearchAction,
  type ProjectSearchState,
} from '../projectSearchState.ts';

const titleSearch = (boxText: string, term: string): ProjectSearchState => ({
  boxText,
  query: { kind: 'title', term },
});
const chipSearch = (chip: string): ProjectSearchState => ({
  boxText: chip,
  query: { kind: 'keyword', keyword: chip },
});

describe('nextProjectSearch', () => {
  it.each<[string, ProjectSearchState, ProjectSearchAction, ProjectSearchState, string | null]>([
    [
      'typing changes the box only',
      initialProjectSearch,
      { type: 'typed', text: 'Boa' },
      { boxText: 'Boa', query: { kind: 'all' } },
      null,
    ],
    [
      'submitting a term searches titles',
      { boxText: 'Board', query: { kind: 'all' } },
      { type: 'submitted', term: 'Board' },
      titleSearch('Board', 'Board'),
      'Board',
    ],
    [
      'the recorded term is trimmed',
      { boxText: '  Board ', query: { kind: 'all' } },
      { type: 'submitted', term: '  Board ' },
      titleSearch('  Board ', 'Board'),
      'Board',
    ],
    [
      'submitting an empty term shows every project',
      titleSearch('Board', 'Board'),
      { type: 'submitted', term: '' },
      initialProjectSearch,
      null,
    ],
    [
      'submitting only spaces shows every project',
      titleSearch('Board', 'Board'),
      { type: 'submitted', term: '   ' },
      initialProjectSearch,
      null,
    ],
    [
      'choosing a chip filters by its keyword and shows it in the box',
      titleSearch('Board', 'Board'),
      { type: 'chipPressed', chip: 'ANGULAR' },
      chipSearch('ANGULAR'),
      'ANGULAR',
    ],
    [
      'choosing another chip switches the keyword',
      chipSearch('ANGULAR'),
      { type: 'chipPressed', chip: 'CSS' },
      chipSearch('CSS'),
      'CSS',
    ],
    [
      'pressing the chosen chip again clears the search',
      chipSearch('ANGULAR'),
      { type: 'chipPressed', chip: null },
      initialProjectSearch,
      null,
    ],
    [
      'typing over a chosen chip keeps it until the visitor searches',
      chipSearch('ANGULAR'),
      { type: 'typed', text: 'Shop' },
      { boxText: 'Shop', query: { kind: 'keyword', keyword: 'ANGULAR' } },
      null,
    ],
    [
      'searching a new term releases the chip and searches titles',
      { boxText: 'Shop', query: { kind: 'keyword', keyword: 'ANGULAR' } },
      { type: 'submitted', term: 'Shop' },
      titleSearch('Shop', 'Shop'),
      'Shop',
    ],
    [
      'searching the chip text unchanged keeps the chip',
      chipSearch('NEST.JS'),
      { type: 'submitted', term: 'NEST.JS' },
      chipSearch('NEST.JS'),
      'NEST.JS',
    ],
    [
      'searching the chip text in another case keeps the chip',
      { boxText: 'nest.js', query: { kind: 'keyword', keyword: 'NEST.JS' } },
      { type: 'submitted', term: 'nest.js' },
      chipSearch('NEST.JS'),
      'NEST.JS',
    ],
    [
      'a term that equals a chip without choosing it is a title search',
      initialProjectSearch,
      { type: 'submitted', term: 'CSS' },
      titleSearch('CSS', 'CSS'),
      'CSS',
    ],
  ])('%s', (_case, state, action, expectedState, expectedSearch) => {
    const step = nextProjectSearch(state, action);
    expect(step.state).toEqual(expectedState);
    expect(step.searched).toBe(expectedSearch);
  });
});

describe('chosenChip', () => {
  it.each<[ProjectSearchState, string | null]>([
    [initialProjectSearch, null],
    [titleSearch('CSS', 'CSS'), null],
    [chipSearch('CSS'), 'CSS'],
  ])('of %j is %p', (state, expected) => {
    expect(chosenChip(state)).toBe(expected);
  });
});
