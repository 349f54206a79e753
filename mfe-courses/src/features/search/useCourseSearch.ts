// The visitor's course search: the kit's catalogue search, recording each search as userSearchForCourse.
import { publish } from '@site/shared-ui/eventBus';
import { useCatalogueSearch, type CatalogueSearchOutcome } from '@site/shared-ui/catalogueSearch';

function recordCourseSearch(outcome: NonNullable<CatalogueSearchOutcome>) {
  if (outcome.kind === 'searched') publish({ name: 'userSearchForCourse', searchTerm: outcome.term });
}

export function useCourseSearch() {
  return useCatalogueSearch(recordCourseSearch);
}
