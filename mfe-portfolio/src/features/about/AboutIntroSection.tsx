import { useId } from 'react';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { ButtonLink } from '@site/shared-ui/Button';
import { PageSection } from '../../components/PageSection.tsx';
import { aboutPath, aboutText } from './aboutText.ts';
import styles from './AboutIntroSection.module.css';

/** Home page: who the owner is, with the way to the full About page. */
export function AboutIntroSection() {
  const headingId = useId();
  return (
    <PageSection labelledBy={headingId}>
      <SectionHeading id={headingId} eyebrow={aboutText.eyebrow} title={aboutText.homeTitle} />
      <div className={styles.text}>
        {aboutText.summary.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <ButtonLink to={aboutPath} variant="secondary">
          {aboutText.moreAboutMe}
        </ButtonLink>
      </div>
    </PageSection>
  );
}
