import type { Course } from '@site/shared-ui/rows';

/** What the visitor asked for: everything, a title search, or one keyword chip. */
export type CourseQuery =
  { kind: 'all' } | { kind: 'title'; term: string } | { kind: 'keyword'; keyword: string };

export const everyCourse: CourseQuery = { kind: 'all' };

/**
 * The courses a query keeps, in their order (spec §4): a title search keeps titles containing the term, ignoring
 * case and the spaces around it; a keyword keeps courses tagged with it, ignoring case (chips are upper case, the
 * stored keywords lower case); an empty term keeps every course.
 */
export function filterCourses(courses: readonly Course[], query: CourseQuery): Course[] {
  switch (query.kind) {
    case 'all':
      return [...courses];
    case 'title': {
      const term = query.term.trim().toLowerCase();
      if (term === '') return [...courses];
      return courses.filter((course) => course.title.toLowerCase().includes(term));
    }
    case 'keyword': {
      const keyword = query.keyword.trim().toLowerCase();
      if (keyword === '') return [...courses];
      return courses.filter((course) => course.keywords.some((tag) => tag.toLowerCase() === keyword));
    }
  }
}
