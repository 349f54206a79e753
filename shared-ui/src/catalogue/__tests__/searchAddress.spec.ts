import { canonicalSearchQuery, readSearchAddress, searchAddressQuery } from '@site/shared-ui/searchAddress';

describe('a search as an address', () => {
  it('reads a catalogue page’s term, chip and page, and a video page’s term and sort', () => {
    expect(readSearchAddress('/portfolio', '?q=Harbour&page=3')).toEqual({
      term: 'Harbour',
      chip: '',
      sort: 'views',
      page: 3,
    });
    expect(readSearchAddress('/courses', 'chip=angular')).toMatchObject({ term: '', chip: 'ANGULAR' });
    expect(readSearchAddress('/tutorials', '?q=Signals&sort=RECENT&chip=CSS&page=2')).toEqual({
      term: 'Signals',
      chip: '',
      sort: 'recent',
      page: 1,
    });
  });

  it('lets a chip win over a term, and reads an empty chip as a chip released: everything', () => {
    expect(readSearchAddress('/portfolio', '?q=map&chip=CSS')).toMatchObject({ term: '', chip: 'CSS' });
    expect(readSearchAddress('/portfolio', '?q=ANGULAR&chip=')).toMatchObject({ term: '', chip: '' });
  });

  it('turns what it cannot read into the defaults', () => {
    for (const page of ['0', '-1', '2.5', 'two', '010', '10001', '']) {
      expect(readSearchAddress('/portfolio', `?page=${page}`).page).toBe(1);
    }
    expect(readSearchAddress('/tutorials', '?sort=rating').sort).toBe('views');
    expect(readSearchAddress('/portfolio', `?q=${'x'.repeat(300)}`).term).toHaveLength(200);
  });

  it('writes one spelling per search: fields in order, defaults left out', () => {
    expect(searchAddressQuery('/portfolio', { term: ' kanban  board ', page: 2 })).toBe(
      '?q=kanban++board&page=2',
    );
    expect(searchAddressQuery('/portfolio', { term: 'x', chip: 'nest.js' })).toBe('?chip=NEST.JS');
    expect(searchAddressQuery('/portfolio', { term: '', page: 1 })).toBe('');
    expect(searchAddressQuery('/tutorials', { term: 'a&b', sort: 'views' })).toBe('?q=a%26b');
    expect(searchAddressQuery('/tutorials', { sort: 'recent', page: 4 })).toBe('?sort=recent');
  });

  it('gives every spelling of a search the same canonical query, which is its own', () => {
    const spellings = [
      '?page=2&q=%20Harbour',
      '?q=Harbour&page=02x&page=2',
      '?utm_source=mail&q=Harbour+&page=2',
    ];
    expect(spellings.map((query) => canonicalSearchQuery('/portfolio', query))).toEqual([
      '?q=Harbour&page=2',
      '?q=Harbour',
      '?q=Harbour&page=2',
    ]);
    expect(canonicalSearchQuery('/portfolio', '?q=Harbour&page=2')).toBe('?q=Harbour&page=2');
    expect(canonicalSearchQuery('/courses', '?chip=')).toBe('');
  });

  it('leaves the query of a page without a search alone', () => {
    expect(canonicalSearchQuery('/', '?q=Harbour')).toBeUndefined();
    expect(canonicalSearchQuery('/about', '')).toBeUndefined();
    expect(readSearchAddress('/about', '?q=x&page=2')).toEqual({
      term: '',
      chip: '',
      sort: 'views',
      page: 1,
    });
  });
});
