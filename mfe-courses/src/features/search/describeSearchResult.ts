import type { CatalogueQuery } from '@site/shared-ui/catalogueSearch';

function courses(count: number): string {
  return count === 1 ? '1 course' : `${count} courses`;
}

/** The line that tells the visitor (and, as a live region, screen readers) what the list shows. */
export function describeSearchResult(query: CatalogueQuery, shown: number, total: number): string {
  if (total === 0) return 'No courses to show right now. Please check back soon.';
  if (query.kind === 'all' || (query.kind === 'title' && query.term.trim() === '')) {
    return `Showing all ${courses(total)}.`;
  }
  if (query.kind === 'title') {
    return shown === 0
      ? `No course title contains “${query.term.trim()}”. Try another word or pick a keyword.`
      : `${shown} of ${courses(total)} match “${query.term.trim()}”.`;
  }
  return shown === 0
    ? `No course is tagged ${query.keyword} yet. Try another keyword.`
    : `${shown} of ${courses(total)} ${shown === 1 ? 'is' : 'are'} tagged ${query.keyword}.`;
}
