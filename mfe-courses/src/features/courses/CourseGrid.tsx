import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import type { Course } from '@site/shared-ui/rows';
import { CourseCard } from './CourseCard.tsx';
import styles from './CourseGrid.module.css';

/** Placeholders while the courses load: about a screen of cards, so the page does not jump when they arrive. */
const placeholderCount = 6;
/** The widest grid has three columns: their images are the ones on screen first. */
const firstRowSize = 3;

interface CourseGridProps {
  status: LoadStatus;
  courses: readonly Course[];
}

export function CourseGrid({ status, courses }: CourseGridProps) {
  if (status === 'loading') {
    return (
      // The summary above says "Loading courses…"; the placeholders only keep the space.
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: placeholderCount }, (_, index) => (
          <li key={index} className={styles.placeholder} />
        ))}
      </ul>
    );
  }
  if (courses.length === 0) return null;
  return (
    <ul className={styles.grid} aria-label="Courses">
      {courses.map((course, index) => (
        <li key={course.id}>
          <CourseCard course={course} eagerImage={index < firstRowSize} />
        </li>
      ))}
    </ul>
  );
}
