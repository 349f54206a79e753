import type { ReactNode } from 'react';
import type { Project } from '@site/shared-ui/rows';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import { ProjectCard } from './ProjectCard.tsx';
import { projectMessages } from './projectMessages.ts';
import styles from './ProjectGrid.module.css';

interface ProjectGridProps {
  status: LoadStatus;
  projects: readonly Project[];
  /** Placeholder cards while the first load is under way, so the page keeps its height. */
  placeholderCount: number;
  /** How many cards load their image at once (the first row when the grid starts in view); 0 for none. */
  eagerImageCount?: number;
  /** Shown where the cards would be when there are none (after loading, or when the load failed). */
  empty: ReactNode;
  /** Names the list for assistive technology. */
  label: string;
}

export function ProjectGrid({
  status,
  projects,
  placeholderCount,
  eagerImageCount = 0,
  empty,
  label,
}: ProjectGridProps) {
  if (status === 'loading') {
    return (
      <div className={styles.grid} aria-busy="true">
        <VisuallyHidden>{projectMessages.loading}</VisuallyHidden>
        {Array.from({ length: placeholderCount }, (_, index) => (
          <div key={index} className={styles.placeholder} aria-hidden="true">
            <div className={styles.placeholderMedia} />
            <div className={styles.placeholderLine} />
            <div className={styles.placeholderLineShort} />
          </div>
        ))}
      </div>
    );
  }
  if (projects.length === 0) return <div className={styles.empty}>{empty}</div>;
  return (
    <ul className={styles.grid} aria-label={label}>
      {projects.map((project, index) => (
        <li key={project.id} className={styles.item}>
          <ProjectCard project={project} eagerImage={index < eagerImageCount} />
        </li>
      ))}
    </ul>
  );
}
