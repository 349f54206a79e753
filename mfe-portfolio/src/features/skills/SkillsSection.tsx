import { useId } from 'react';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { PageSection } from '../../components/PageSection.tsx';
import { SkillBar } from './SkillBar.tsx';
import { skills, skillsText } from './skills.ts';
import styles from './SkillsSection.module.css';
import { ServerHtml } from '@site/shared-ui/ServerHtml';

/** /about: a bar per skill. */
export function SkillsSection() {
  const headingId = useId();
  return (
    <PageSection labelledBy={headingId}>
      <SectionHeading id={headingId} eyebrow={skillsText.eyebrow} title={skillsText.title} />
      <ServerHtml as="ul" className={styles.skills} aria-label={skillsText.listLabel}>
        {skills.map((skill) => (
          <li key={skill.name}>
            <SkillBar skill={skill} />
          </li>
        ))}
      </ServerHtml>
    </PageSection>
  );
}
