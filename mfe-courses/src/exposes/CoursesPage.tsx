// The courses page (/courses): search with keyword chips, a page of the live course grid, then what students say. The
// search and the page are the address (/courses?q=...&chip=...&page=2), rendered on the server.
import { useId, useRef } from 'react';
import { keepScrollState, useLocation } from '@site/shared-ui/router';
import { Testimonials, testimonialsQuery } from '@site/shared-ui/Testimonials';
import { combinedLoader, tableLoader } from '@site/shared-ui/sectionData';
import { visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import { toCourse, type Course, type CourseRow } from '@site/shared-ui/rows';
import {
  CataloguePager,
  catalogueLoader,
  prefetchCatalogue,
  useCatalogue,
} from '@site/shared-ui/useCatalogue';
import { useRecordCatalogueSearch } from '@site/shared-ui/catalogueSearch';
import { CourseSearch } from '../features/search/CourseSearch.tsx';
import { SearchResultSummary } from '../features/search/SearchResultSummary.tsx';
import { recordCourseSearch, useCourseSearch } from '../features/search/useCourseSearch.ts';
import { CourseGrid } from '../features/courses/CourseGrid.tsx';
import styles from './CoursesPage.module.css';

/**
 * Where a page of results starts: the search above the cards (the pager's links end with it). Never a section's name:
 * an element's id is a global of the page, and the federation runtime would take it for the section's remote entry.
 */
const resultsAnchor = 'course-results';

/** On the server: the page of courses the address asks for and the testimonials (the browser hydrates from them). */
export const loader = combinedLoader(catalogueLoader('courses'), tableLoader(testimonialsQuery));

// The page's courses are on their way while React renders it.
prefetchCatalogue('courses');

export default function CoursesPage() {
  const headingId = useId();
  const searchArea = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const search = useCourseSearch();
  const { status, firstLoad, items, matches, total, pageCount, retry } = useCatalogue<CourseRow, Course>(
    'courses',
    toCourse,
    search.address,
  );
  useRecordCatalogueSearch(search, recordCourseSearch, { status, matches });

  return (
    <>
      <section className={styles.catalog} aria-labelledby={headingId}>
        <h2 id={headingId} className={visuallyHiddenClassName}>
          All courses
        </h2>
        <div ref={searchArea} id={resultsAnchor}>
          <CourseSearch search={search} />
        </div>
        <SearchResultSummary
          status={status}
          query={search.query}
          shown={matches}
          total={total}
          showAll={{
            to: pathname,
            state: keepScrollState,
            // The button goes away with the message: keep the keyboard in the search, ready for another try.
            onClick: () => searchArea.current?.querySelector('input')?.focus(),
          }}
        />
        <CourseGrid
          status={firstLoad ? 'loading' : status === 'error' ? 'error' : 'ready'}
          busy={!firstLoad && status === 'loading'}
          courses={items}
          onRetry={retry}
        />
        {!firstLoad && (
          <CataloguePager
            label="Pages of courses"
            page={search.address.page}
            pageCount={pageCount}
            pageAddress={(page) => `${pathname}${search.addressOf({ page })}#${resultsAnchor}`}
          />
        )}
      </section>
      <Testimonials />
    </>
  );
}
