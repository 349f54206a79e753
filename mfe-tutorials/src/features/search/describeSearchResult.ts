// The line under the search box that tells the visitor what the grid shows (read out by screen readers too).
import type { TutorialSearch } from './searchTutorials.ts';
import type { TutorialSearchStatus } from './useTutorialSearch.ts';
import { tutorialSortOptions } from './tutorialSort.ts';

export function describeSearchResult(
  status: TutorialSearchStatus,
  search: TutorialSearch,
  found: number,
): string {
  if (status === 'loading') return 'Searching tutorials…';
  // A failed search says so over the grid, with "Try again" (see TutorialGrid): nothing to sum up here.
  if (status === 'error') return '';
  const term = search.searchTerm.trim();
  if (found === 0) {
    return term ? `No tutorials match “${term}”. Try another word.` : 'There are no tutorials yet.';
  }
  const sortLabel = tutorialSortOptions.find((option) => option.value === search.sort)?.label ?? '';
  const count = found === 1 ? '1 tutorial' : `${found} tutorials`;
  return term ? `${count} for “${term}”, sorted by ${sortLabel}.` : `${count}, sorted by ${sortLabel}.`;
}
