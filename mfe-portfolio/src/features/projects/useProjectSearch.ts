// The visitor's search on /portfolio: the kit's catalogue search, recording each search as userSearchForProject with
// how many projects it found, once they are shown (PortfolioSection).
import { recordSearchAs, useLoggedCatalogueSearch } from '@site/shared-ui/catalogueSearch';

export const recordProjectSearch = recordSearchAs('userSearchForProject');

export function useProjectSearch() {
  return useLoggedCatalogueSearch();
}
