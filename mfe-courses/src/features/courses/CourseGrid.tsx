import { publish } from '@site/shared-ui/eventBus';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import type { Course } from '@site/shared-ui/rows';
import { CardGrid, loadFailedMessage } from '@site/shared-ui/CardGrid';
import { CourseCard } from './CourseCard.tsx';
import styles from './CourseGrid.module.css';

/** Placeholders while the courses load: about a screen of cards, so the page does not jump when they arrive. */
const placeholderCount = 6;
/** The widest grid has three columns: their images are the ones on screen first. */
const firstRowSize = 3;

interface CourseGridProps {
  status: LoadStatus;
  /** A newer search is under way: the cards shown stay until its answer arrives. */
  busy?: boolean;
  courses: readonly Course[];
  /** The visitor's "Try again" when the courses could not be loaded. */
  onRetry: () => void;
}

/** The kit's card grid with course cards. The summary above says "Loading courses…" while they load. */
export function CourseGrid({ status, busy = false, courses, onRetry }: CourseGridProps) {
  return (
    <CardGrid
      items={courses}
      keyOf={(course) => course.id}
      renderItem={(course, index) => <CourseCard course={course} eagerImage={index < firstRowSize} />}
      label="Courses"
      loading={status === 'loading'}
      busy={busy}
      // View Course, clicked or middle-clicked (which opens it too, with no click event).
      onItemAction={(course) => publish({ name: 'userViewsACourse', courseTitle: course.title })}
      placeholderCount={placeholderCount}
      placeholderClassName={styles.placeholder}
      empty={null}
      failure={status === 'error' ? { message: loadFailedMessage('courses'), onRetry } : undefined}
    />
  );
}
