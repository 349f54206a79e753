import { describeSearchResult } from '../describeSearchResult.ts';
import type { TutorialSearch } from '../searchTutorials.ts';
import type { TutorialSearchStatus } from '../useTutorialSearch.ts';

describe('describeSearchResult', () => {
  it.each<[TutorialSearchStatus, TutorialSearch, number, string]>([
    ['loading', { searchTerm: 'angular', sort: 'VIEWS' }, 0, 'Searching tutorials…'],
    ['error', { searchTerm: '', sort: 'VIEWS' }, 0, ''],
    ['ready', { searchTerm: '', sort: 'VIEWS' }, 12, '12 tutorials, sorted by views.'],
    [
      'ready',
      { searchTerm: 'angular', sort: 'TRENDING' },
      3,
      '3 tutorials for “angular”, sorted by trending.',
    ],
    ['ready', { searchTerm: ' css ', sort: 'RECENT' }, 1, '1 tutorial for “css”, sorted by recent.'],
    ['ready', { searchTerm: 'cobol', sort: 'VIEWS' }, 0, 'No tutorials match “cobol”. Try another word.'],
    ['ready', { searchTerm: '', sort: 'VIEWS' }, 0, 'There are no tutorials yet.'],
  ])('%s, %j, %d found -> %s', (status, search, found, text) => {
    expect(describeSearchResult(status, search, found)).toBe(text);
  });
});
