import { useId } from 'react';
import { cardGridClassName } from '@site/shared-ui/CardGrid';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { PageSection } from '../../components/PageSection.tsx';
import { experienceAreas, experienceText, type ExperienceArea } from './experience.ts';
import styles from './ExperienceSection.module.css';
import { ServerHtml } from '@site/shared-ui/ServerHtml';

function ExperienceCard({ area }: { area: ExperienceArea }) {
  const listId = useId();
  return (
    <article className={styles.card}>
      <h3 className={styles.title}>{area.title}</h3>
      <p>{area.summary}</p>
      <p id={listId} className={styles.listLabel}>
        {area.listLabel}
      </p>
      <ul className={styles.items} aria-labelledby={listId}>
        {area.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </article>
  );
}

/** Home page: the three fields the owner works in. */
export function ExperienceSection() {
  const headingId = useId();
  return (
    <PageSection labelledBy={headingId} tone="alt">
      <SectionHeading id={headingId} eyebrow={experienceText.eyebrow} title={experienceText.title} />
      <ServerHtml as="ul" className={`${cardGridClassName} ${styles.cards}`}>
        {experienceAreas.map((area) => (
          <li key={area.title}>
            <ExperienceCard area={area} />
          </li>
        ))}
      </ServerHtml>
    </PageSection>
  );
}
