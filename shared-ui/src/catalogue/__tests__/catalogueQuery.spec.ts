import {
  filterCatalogue,
  normaliseSearchText,
  searchedTerm,
  type CatalogueQuery,
} from '@site/shared-ui/catalogueQuery';

function course(title: string, keywords: string[]) {
  return { title, keywords };
}

const courses = [
  course('Angular Complete Guide', ['angular', 'typescript']),
  course('Node.js REST APIs with Express', ['nodejs', 'expressjs', 'mongodb', 'postman']),
  course('NestJS Fundamentals', ['nestjs', 'nodejs', 'typescript']),
  course('Responsive Web Design', ['html', 'css', 'bootstrap']),
];

const titlesOf = (query: CatalogueQuery) => filterCatalogue(courses, query).map((each) => each.title);

describe('filterCatalogue', () => {
  it.each<[string, CatalogueQuery, string[]]>([
    ['everything', { kind: 'all' }, courses.map((each) => each.title)],
    [
      'an empty title term keeps every course',
      { kind: 'title', term: '' },
      courses.map((each) => each.title),
    ],
    [
      'a blank title term keeps every course',
      { kind: 'title', term: '   ' },
      courses.map((each) => each.title),
    ],
    ['a title substring', { kind: 'title', term: 'guide' }, ['Angular Complete Guide']],
    ['a title substring in any case', { kind: 'title', term: 'nEsTjS' }, ['NestJS Fundamentals']],
    ['a substring in the middle of a word', { kind: 'title', term: 'sponsiv' }, ['Responsive Web Design']],
    ['a title term with spaces around it', { kind: 'title', term: '  web ' }, ['Responsive Web Design']],
    [
      'a title term matching several courses',
      { kind: 'title', term: 'n' },
      courses.map((each) => each.title),
    ],
    ['a title term matching nothing', { kind: 'title', term: 'kubernetes' }, []],
    ['a title search ignores keywords', { kind: 'title', term: 'mongodb' }, []],
    [
      'punctuation is matched as written',
      { kind: 'title', term: 'node.js' },
      ['Node.js REST APIs with Express'],
    ],
    [
      'a chip keyword (upper case) matches the lowercase stored keyword',
      { kind: 'keyword', keyword: 'NODEJS' },
      ['Node.js REST APIs with Express', 'NestJS Fundamentals'],
    ],
    ['a keyword matches whole keywords only', { kind: 'keyword', keyword: 'JS' }, []],
    ['a keyword ignores titles', { kind: 'keyword', keyword: 'GUIDE' }, []],
    ['a keyword on one course', { kind: 'keyword', keyword: 'BOOTSTRAP' }, ['Responsive Web Design']],
    ['a keyword on no course', { kind: 'keyword', keyword: 'HEROKU' }, []],
    [
      'an empty keyword keeps every course',
      { kind: 'keyword', keyword: '' },
      courses.map((each) => each.title),
    ],
  ])('%s', (_case, query, expected) => {
    expect(titlesOf(query)).toEqual(expected);
  });

  it('keeps the order of the list and does not change it', () => {
    const list = [course('B web', []), course('A web', [])];
    const result = filterCatalogue(list, { kind: 'title', term: 'web' });
    expect(result.map((each) => each.title)).toEqual(['B web', 'A web']);
    expect(result).not.toBe(list);
  });

  it('ignores case with English rules on every machine (no Turkish dotless i)', () => {
    expect(normaliseSearchText(' INDEX ')).toBe('index');
    expect(filterCatalogue([course('Index Pages', ['html'])], { kind: 'title', term: 'INDEX' })).toHaveLength(
      1,
    );
  });

  it('matches keywords stored in any case', () => {
    expect(
      filterCatalogue([course('Legacy', ['GitHub'])], { kind: 'keyword', keyword: 'GITHUB' }),
    ).toHaveLength(1);
  });
});

describe('searchedTerm', () => {
  it('is the term a query answers, as its search is recorded', () => {
    expect(searchedTerm({ kind: 'all' })).toBe('');
    expect(searchedTerm({ kind: 'title', term: 'Angular' })).toBe('Angular');
    expect(searchedTerm({ kind: 'keyword', keyword: 'NODEJS' })).toBe('NODEJS');
  });
});
