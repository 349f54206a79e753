import { searchProjects, type ProjectQuery } from '../searchProjects.ts';

const projects = [
  { title: 'Task Board', keywords: ['angular', 'rxjs', 'ngrx'] },
  { title: 'Crypto Wallet Tracker', keywords: ['nest.js', 'websockets'] },
  { title: 'Bakery Landing Page', keywords: ['html', 'css', 'bootstrap'] },
  { title: 'Shop Theme', keywords: ['statamic', 'javascript'] },
];

const titlesFor = (query: ProjectQuery) => searchProjects(projects, query).map((project) => project.title);

describe('searchProjects', () => {
  it.each<[string, ProjectQuery, string[]]>([
    ['no query keeps every project, in order', { kind: 'all' }, projects.map((p) => p.title)],
    ['a title substring', { kind: 'title', term: 'board' }, ['Task Board']],
    ['a title substring in another case', { kind: 'title', term: 'CRYPTO' }, ['Crypto Wallet Tracker']],
    [
      'a title substring with surrounding spaces',
      { kind: 'title', term: '  page ' },
      ['Bakery Landing Page'],
    ],
    ['a substring inside a word', { kind: 'title', term: 'ack' }, ['Crypto Wallet Tracker']],
    [
      'a substring shared by several titles',
      { kind: 'title', term: 'A' },
      ['Task Board', 'Crypto Wallet Tracker', 'Bakery Landing Page'],
    ],
    ['a term in no title', { kind: 'title', term: 'kubernetes' }, []],
    ['a keyword is not searched as a title', { kind: 'title', term: 'angular' }, []],
    [
      'a chip matches lower-case keywords',
      { kind: 'keyword', keyword: 'NEST.JS' },
      ['Crypto Wallet Tracker'],
    ],
    ['a chip matches a keyword exactly', { kind: 'keyword', keyword: 'JAVASCRIPT' }, ['Shop Theme']],
    ['a chip is not a title search', { kind: 'keyword', keyword: 'BOARD' }, []],
    ['a chip matches only whole keywords', { kind: 'keyword', keyword: 'CSS' }, ['Bakery Landing Page']],
    ['a chip no project has', { kind: 'keyword', keyword: 'WEBSOCKET' }, []],
  ])('%s', (_case, query, expected) => {
    expect(titlesFor(query)).toEqual(expected);
  });

  it('returns a new list and leaves the given one as it was', () => {
    const before = [...projects];
    const result = searchProjects(projects, { kind: 'all' });
    expect(result).not.toBe(projects);
    expect(projects).toEqual(before);
  });
});
