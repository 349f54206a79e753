// The visitor's search on /portfolio: the kit's catalogue search, recording each search as userSearchForProject.
import { publish } from '@site/shared-ui/eventBus';
import { useCatalogueSearch, type CatalogueSearchOutcome } from '@site/shared-ui/catalogueSearch';

function recordProjectSearch(outcome: NonNullable<CatalogueSearchOutcome>) {
  if (outcome.kind === 'searched') publish({ name: 'userSearchForProject', searchTerm: outcome.term });
}

export function useProjectSearch() {
  return useCatalogueSearch(recordProjectSearch);
}
