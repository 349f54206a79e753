import { useId } from 'react';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { ButtonLink } from '@site/shared-ui/Button';
import { PlatformTeaserCard } from './PlatformTeaserCard.tsx';
import { teaserPlatforms } from './teaserPlatforms.ts';
import styles from './CoursesTeaser.module.css';

/** The home page's courses section: where the courses are, and the way to all of them. */
export function CoursesTeaser() {
  const headingId = useId();
  return (
    <section className={styles.teaser} aria-labelledby={headingId}>
      <SectionHeading
        id={headingId}
        eyebrow="Courses"
        title="Learn web development with my courses"
        subtitle="Structured courses that take you from your first web page to production-ready full-stack apps, at your own pace."
      />
      <ul className={styles.platforms}>
        {teaserPlatforms.map((entry) => (
          <li key={entry.platform}>
            <PlatformTeaserCard {...entry} />
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <ButtonLink to="/courses">Visit All Courses</ButtonLink>
      </div>
    </section>
  );
}
