// The line under the search box that tells the visitor what the grid shows (read out by screen readers too).
import type { TutorialSearch } from './searchTutorials.ts';
import type { TutorialSearchStatus } from './useTutorialSearch.ts';
import { tutorialSortOptions } from './tutorialSort.ts';

export const searchFailedText = 'The tutorials could not be loaded right now. Please try again later.';

export function describeSearchResult(
  status: TutorialSearchStatus,
  search: TutorialSearch,
  found: number,
): string {
  if (status === 'loading') return 'Searching tutorials…';
  if (status === 'error') return searchFailedText;
  const term = search.searchTerm.trim();
  if (found === 0) {
    return term ? `No tutorials match “${term}”. Try another word.` : 'There are no tutorials yet.';
  }
  const sortLabel = tutorialSortOptions.find((option) => option.value === search.sort)?.label ?? '';
  const count = found === 1 ? '1 tutorial' : `${found} tutorials`;
  return term ? `${count} for “${term}”, sorted by ${sortLabel}.` : `${count}, sorted by ${sortLabel}.`;
}
