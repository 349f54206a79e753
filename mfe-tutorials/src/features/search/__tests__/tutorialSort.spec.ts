import {
  defaultTutorialSort,
  parseTutorialSort,
  serverSortFor,
  tutorialSortOptions,
  type TutorialSort,
} from '../tutorialSort.ts';

describe('tutorial sort', () => {
  it('offers views, trending and recent, in that order, and starts on views', () => {
    expect(tutorialSortOptions.map((option) => option.label)).toEqual(['views', 'trending', 'recent']);
    expect(defaultTutorialSort).toBe('VIEWS');
    expect(tutorialSortOptions[0]?.value).toBe(defaultTutorialSort);
  });

  it.each<[TutorialSort, string]>([
    ['VIEWS', 'views'],
    ['TRENDING', 'trending'],
    ['RECENT', 'recent'],
  ])('%s asks search_videos for "%s"', (sort, serverSort) => {
    expect(serverSortFor(sort)).toBe(serverSort);
  });

  it.each<[string, TutorialSort]>([
    ['VIEWS', 'VIEWS'],
    ['TRENDING', 'TRENDING'],
    ['RECENT', 'RECENT'],
    ['', 'VIEWS'],
    ['rating', 'VIEWS'],
    ['recent', 'VIEWS'],
    ['toString', 'VIEWS'],
    ['__proto__', 'VIEWS'],
  ])('reads the menu value %j as %s', (value, sort) => {
    expect(parseTutorialSort(value)).toBe(sort);
  });
});
