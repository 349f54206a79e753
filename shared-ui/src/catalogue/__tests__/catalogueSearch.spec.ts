import {
  chosenChip,
  initialCatalogueSearch,
  nextCatalogueSearch,
  type CatalogueSearchAction,
  type CatalogueSearchState,
  type CatalogueSearchStep,
} from '@site/shared-ui/catalogueSearch';

const titleSearch = (term: string): CatalogueSearchState => ({
  boxText: term,
  query: { kind: 'title', term },
});
const chip = (keyword: string): CatalogueSearchState => ({
  boxText: keyword,
  query: { kind: 'keyword', keyword },
});
const searched = (term: string) => ({ kind: 'searched', term }) as const;
const cleared = { kind: 'cleared' } as const;

describe('nextCatalogueSearch: how the box and the chips work together', () => {
  it.each<[string, CatalogueSearchState, CatalogueSearchAction, CatalogueSearchStep]>([
    [
      'typing only edits the box',
      initialCatalogueSearch,
      { type: 'typed', text: 'ang' },
      { state: { boxText: 'ang', query: { kind: 'all' } }, outcome: null },
    ],
    [
      'typing while a chip is chosen keeps its search until the visitor searches',
      chip('HTML'),
      { type: 'typed', text: 'HTML5' },
      { state: { boxText: 'HTML5', query: { kind: 'keyword', keyword: 'HTML' } }, outcome: null },
    ],
    [
      'submitting a term runs a title search and is a search',
      { ...initialCatalogueSearch, boxText: 'Angular' },
      { type: 'submitted', term: 'Angular' },
      { state: titleSearch('Angular'), outcome: searched('Angular') },
    ],
    [
      'a submitted term is trimmed, in the box and in what is recorded',
      { ...initialCatalogueSearch, boxText: '  node  ' },
      { type: 'submitted', term: '  node  ' },
      { state: titleSearch('node'), outcome: searched('node') },
    ],
    [
      'submitting typed text releases the chosen chip',
      { boxText: 'HTML5', query: { kind: 'keyword', keyword: 'HTML' } },
      { type: 'submitted', term: 'HTML5' },
      { state: titleSearch('HTML5'), outcome: searched('HTML5') },
    ],
    [
      'submitting the chip keyword unchanged keeps the keyword search',
      chip('NEST.JS'),
      { type: 'submitted', term: 'NEST.JS' },
      { state: chip('NEST.JS'), outcome: searched('NEST.JS') },
    ],
    [
      'submitting the chip keyword in another case keeps the keyword search',
      { boxText: 'nest.js', query: { kind: 'keyword', keyword: 'NEST.JS' } },
      { type: 'submitted', term: ' nest.js' },
      { state: chip('NEST.JS'), outcome: searched('NEST.JS') },
    ],
    [
      'submitting a chip word with no chip chosen is a title search',
      { ...initialCatalogueSearch, boxText: 'CSS' },
      { type: 'submitted', term: 'CSS' },
      { state: titleSearch('CSS'), outcome: searched('CSS') },
    ],
    [
      'an empty term shows everything and is a clearing, not a search',
      titleSearch('Angular'),
      { type: 'submitted', term: '' },
      { state: initialCatalogueSearch, outcome: cleared },
    ],
    [
      'a blank term shows everything and releases the chip',
      chip('CSS'),
      { type: 'submitted', term: '   ' },
      { state: initialCatalogueSearch, outcome: cleared },
    ],
    [
      'a chip puts its keyword in the box, filters by it and is a search',
      titleSearch('Angular'),
      { type: 'chipPressed', chip: 'NODEJS' },
      { state: chip('NODEJS'), outcome: searched('NODEJS') },
    ],
    [
      'another chip replaces the chosen one',
      chip('NODEJS'),
      { type: 'chipPressed', chip: 'MONGODB' },
      { state: chip('MONGODB'), outcome: searched('MONGODB') },
    ],
    [
      'pressing the chosen chip again clears the search',
      chip('NODEJS'),
      { type: 'chipPressed', chip: null },
      { state: initialCatalogueSearch, outcome: cleared },
    ],
    [
      '"Show all" clears a title search',
      titleSearch('kubernetes'),
      { type: 'cleared' },
      { state: initialCatalogueSearch, outcome: cleared },
    ],
  ])('%s', (_case, state, action, expected) => {
    expect(nextCatalogueSearch(state, action)).toEqual(expected);
  });
});

describe('chosenChip', () => {
  it.each<[CatalogueSearchState, string | null]>([
    [initialCatalogueSearch, null],
    [titleSearch('HTML'), null],
    [chip('HTML'), 'HTML'],
  ])('%j -> %s', (state, expected) => {
    expect(chosenChip(state)).toBe(expected);
  });
});
