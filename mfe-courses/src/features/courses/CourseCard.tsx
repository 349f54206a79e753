import { Card } from '@site/shared-ui/Card';
import { ExternalButtonLink } from '@site/shared-ui/Button';
import { PlatformLogo } from '@site/shared-ui/PlatformLogo';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import type { Course } from '@site/shared-ui/rows';
import styles from './CourseCard.module.css';

/** Course images are stored at 16:10; the numbers let the browser reserve their space before they load. */
export const courseImageSize = { width: 480, height: 300 } as const;

interface CourseCardProps {
  course: Course;
  /** The first row is usually on screen at once; the rest load as the visitor scrolls. */
  eagerImage?: boolean;
}

export function CourseCard({ course, eagerImage = false }: CourseCardProps) {
  return (
    <Card
      title={course.title}
      image={{ src: course.imagePath, alt: '', ...courseImageSize, loading: eagerImage ? 'eager' : 'lazy' }}
      footer={
        // Its clicks are recorded by the grid (CourseGrid): the card may be the server's HTML, with no handler.
        <ExternalButtonLink href={course.linkToCourse}>
          View Course<VisuallyHidden> {course.title}</VisuallyHidden>
        </ExternalButtonLink>
      }
    >
      <p className={styles.platform}>
        <VisuallyHidden>Platform: </VisuallyHidden>
        <PlatformLogo platform={course.platform} showLabel />
      </p>
      {course.description && <p className={styles.description}>{course.description}</p>}
      {course.keywords.length > 0 && (
        <ul className={styles.tags} aria-label="Keywords">
          {course.keywords.map((keyword) => (
            <li key={keyword} className={styles.tag}>
              {keyword.toUpperCase()}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
