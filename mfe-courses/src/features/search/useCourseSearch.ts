// The visitor's course search: the kit's catalogue search over the courses, recording each search as
// userSearchForCourse with how many courses it showed.
import { publish } from '@site/shared-ui/eventBus';
import { searchEvent } from '@site/shared-ui/analyticsEvents';
import type { Course } from '@site/shared-ui/rows';
import { useFilteredCatalogueSearch } from '@site/shared-ui/useCatalogueSearch';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';

function recordCourseSearch(term: string, resultCount: number | undefined) {
  publish(searchEvent('userSearchForCourse', term, resultCount));
}

export function useCourseSearch(courses: readonly Course[], status: LoadStatus) {
  return useFilteredCatalogueSearch(courses, status, recordCourseSearch);
}
