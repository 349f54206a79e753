// The visitor's search on /portfolio: the kit's catalogue search over the projects, recording each search as
// userSearchForProject with how many projects it showed.
import { publish } from '@site/shared-ui/eventBus';
import { searchEvent } from '@site/shared-ui/analyticsEvents';
import type { Project } from '@site/shared-ui/rows';
import { useFilteredCatalogueSearch } from '@site/shared-ui/useCatalogueSearch';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';

function recordProjectSearch(term: string, resultCount: number | undefined) {
  publish(searchEvent('userSearchForProject', term, resultCount));
}

export function useProjectSearch(projects: readonly Project[], status: LoadStatus) {
  return useFilteredCatalogueSearch(projects, status, recordProjectSearch);
}
