import { useId } from 'react';
import { owner } from '@site/shared-ui/owner';
import { PageSection } from '../../components/PageSection.tsx';
import { aboutText } from './aboutText.ts';
import { PersonalFacts } from './PersonalFacts.tsx';
import { portrait } from './portrait.ts';
import { ResumeLink } from './ResumeLink.tsx';
import styles from './AboutMeSection.module.css';

/** /about: the photo, the job title, the summary, the personal facts and the résumé. */
export function AboutMeSection() {
  const headingId = useId();
  return (
    <PageSection labelledBy={headingId}>
      <div className={styles.layout}>
        <img
          className={styles.photo}
          src={portrait.src()}
          width={portrait.width}
          height={portrait.height}
          alt={`Illustrated portrait of ${owner.name}`}
          fetchPriority="high"
          decoding="async"
        />
        <div>
          <p className={styles.eyebrow}>{aboutText.eyebrow}</p>
          <h2 id={headingId} className={styles.jobTitle}>
            {owner.jobTitle}
          </h2>
          {aboutText.summary.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <PersonalFacts />
          <ResumeLink />
        </div>
      </div>
    </PageSection>
  );
}
