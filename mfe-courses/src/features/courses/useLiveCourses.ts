import { useLiveTable } from '@site/shared-ui/useLiveTable';
import { toCourse, type Course, type CourseRow } from '@site/shared-ui/rows';

// The owner's order: a course added in the dashboard joins the end of the list.
const oldestFirst = { column: 'created_at', ascending: true } as const;

/** Every course, kept live as the owner inserts, edits or deletes rows. */
export function useLiveCourses() {
  return useLiveTable<CourseRow, Course>('courses', toCourse, oldestFirst);
}
