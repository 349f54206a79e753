// The visitor's search on /portfolio: the kit's catalogue search, recording each search as userSearchForProject with
// how many projects it found, once they are shown (PortfolioSection).
import { searchEvent } from '@site/shared-ui/analyticsEvents';
import { publish } from '@site/shared-ui/eventBus';
import { useLoggedCatalogueSearch } from '@site/shared-ui/catalogueSearch';

export function recordProjectSearch(term: string, resultCount: number | undefined) {
  publish(searchEvent('userSearchForProject', term, resultCount));
}

export function useProjectSearch() {
  return useLoggedCatalogueSearch();
}
