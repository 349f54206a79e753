// The courses page (/courses): search with keyword chips, the live course grid, then what students say.
import { useId, useRef } from 'react';
import { Testimonials, testimonialsQuery } from '@site/shared-ui/Testimonials';
import { tableLoader } from '@site/shared-ui/sectionData';
import { visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import { CourseSearch } from '../features/search/CourseSearch.tsx';
import { SearchResultSummary } from '../features/search/SearchResultSummary.tsx';
import { useCourseSearch } from '../features/search/useCourseSearch.ts';
import { CourseGrid } from '../features/courses/CourseGrid.tsx';
import { coursesNewestFirst, prefetchCourses, useLiveCourses } from '../features/courses/useLiveCourses.ts';
import styles from './CoursesPage.module.css';

/** On the server: the courses and testimonials the page renders from (the browser hydrates from them). */
export const loader = tableLoader(coursesNewestFirst, testimonialsQuery);

// The rows are on their way while React renders the page.
prefetchCourses();

export default function CoursesPage() {
  const headingId = useId();
  const searchArea = useRef<HTMLDivElement>(null);
  const { status, items: courses, retry } = useLiveCourses();
  // Recomputed from the live rows, so an owner's edit never drops the visitor's search.
  const search = useCourseSearch(courses, status);
  const { shown } = search;

  return (
    <>
      <section className={styles.catalog} aria-labelledby={headingId}>
        <h2 id={headingId} className={visuallyHiddenClassName}>
          All courses
        </h2>
        <div ref={searchArea}>
          <CourseSearch search={search} />
        </div>
        <SearchResultSummary
          status={status}
          query={search.query}
          shown={shown.length}
          total={courses.length}
          onShowAll={() => {
            search.clear();
            // The button goes away with the message: keep the keyboard in the search, ready for another try.
            searchArea.current?.querySelector('input')?.focus();
          }}
        />
        <CourseGrid status={status} courses={shown} onRetry={retry} />
      </section>
      <Testimonials />
    </>
  );
}
