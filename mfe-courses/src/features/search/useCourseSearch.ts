// The visitor's course search: the kit's catalogue search, recording each search as userSearchForCourse with how many
// courses it found, once they are shown (CoursesPage).
import { recordSearchAs, useLoggedCatalogueSearch } from '@site/shared-ui/catalogueSearch';

export const recordCourseSearch = recordSearchAs('userSearchForCourse');

export function useCourseSearch() {
  return useLoggedCatalogueSearch();
}
