// The visitor's course search: the kit's catalogue search, recording each search as userSearchForCourse with how many
// courses it found, once they are shown (CoursesPage).
import { searchEvent } from '@site/shared-ui/analyticsEvents';
import { publish } from '@site/shared-ui/eventBus';
import { useLoggedCatalogueSearch } from '@site/shared-ui/catalogueSearch';

export function recordCourseSearch(term: string, resultCount: number | undefined) {
  publish(searchEvent('userSearchForCourse', term, resultCount));
}

export function useCourseSearch() {
  return useLoggedCatalogueSearch();
}
