import { prefetchTable, useLiveTable } from '@site/shared-ui/useLiveTable';
import { toCourse, type Course, type CourseRow } from '@site/shared-ui/rows';

// Newest first: a course the owner adds in the dashboard shows at the top, where a returning visitor looks.
const newestFirst = { column: 'created_at', ascending: false } as const;

/** What the page's loader reads on the server, in the order it shows the courses. */
export const coursesNewestFirst = { table: 'courses', order: newestFirst } as const;

/** Starts loading the courses as soon as the page's module arrives (see prefetchTable). */
export function prefetchCourses() {
  prefetchTable<CourseRow>('courses', newestFirst);
}

/** Every course, kept live as the owner inserts, edits or deletes rows. */
export function useLiveCourses() {
  return useLiveTable<CourseRow, Course>('courses', toCourse, newestFirst);
}
