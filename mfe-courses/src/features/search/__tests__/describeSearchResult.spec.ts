import { describeSearchResult } from '../describeSearchResult.ts';
import type { CatalogueQuery } from '@site/shared-ui/catalogueSearch';

describe('describeSearchResult', () => {
  it.each<[CatalogueQuery, number, number, string]>([
    [{ kind: 'all' }, 14, 14, 'Showing all 14 courses.'],
    [{ kind: 'all' }, 1, 1, 'Showing all 1 course.'],
    [{ kind: 'title', term: ' ' }, 14, 14, 'Showing all 14 courses.'],
    [{ kind: 'title', term: 'angular' }, 2, 14, '2 of 14 courses match “angular”.'],
    [
      { kind: 'title', term: 'kubernetes' },
      0,
      14,
      'No course title contains “kubernetes”. Try another word or pick a keyword.',
    ],
    [{ kind: 'keyword', keyword: 'HTML' }, 3, 14, '3 of 14 courses are tagged HTML.'],
    [{ kind: 'keyword', keyword: 'HEROKU' }, 1, 14, '1 of 14 courses is tagged HEROKU.'],
    [{ kind: 'keyword', keyword: 'HEROKU' }, 0, 14, 'No course is tagged HEROKU yet. Try another keyword.'],
    [{ kind: 'keyword', keyword: 'HEROKU' }, 0, 0, 'No courses to show right now. Please check back soon.'],
    [{ kind: 'all' }, 0, 0, 'No courses to show right now. Please check back soon.'],
  ])('%j, %i of %i', (query, shown, total, expected) => {
    expect(describeSearchResult(query, shown, total)).toBe(expected);
  });
});
