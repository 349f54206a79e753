import { useId, useMemo } from 'react';
import type { Project } from '@site/shared-ui/rows';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import { SectionHeading } from '@site/shared-ui/SectionHeading';
import { ButtonLink } from '@site/shared-ui/Button';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import { PageSection } from '../../components/PageSection.tsx';
import { featuredProjectCount, selectFeaturedProjects } from './featuredProjects.ts';
import { ProjectGrid } from './ProjectGrid.tsx';
import { projectMessages } from './projectMessages.ts';
import styles from './FeaturedProjectsSection.module.css';

export const portfolioPath = '/portfolio';

interface FeaturedProjectsSectionProps {
  status: LoadStatus;
  projects: readonly Project[];
  onRetry: () => void;
}

/** The home page's projects grid: the owner's three featured projects and the way to the full portfolio. */
export function FeaturedProjectsSection({ status, projects, onRetry }: FeaturedProjectsSectionProps) {
  const headingId = useId();
  const featured = useMemo(() => selectFeaturedProjects(projects), [projects]);
  return (
    <PageSection labelledBy={headingId}>
      <SectionHeading
        id={headingId}
        eyebrow={projectMessages.eyebrow}
        title={projectMessages.featuredTitle}
        subtitle={projectMessages.featuredSubtitle}
      />
      <ProjectGrid
        status={status}
        projects={featured}
        placeholderCount={featuredProjectCount}
        label={projectMessages.featuredTitle}
        empty={<p>{projectMessages.noFeaturedProjects}</p>}
        onRetry={onRetry}
      />
      <div className={styles.more}>
        <ButtonLink to={portfolioPath}>
          {projectMessages.viewMore}
          <VisuallyHidden>{projectMessages.viewMoreHidden}</VisuallyHidden>
        </ButtonLink>
      </div>
    </PageSection>
  );
}
