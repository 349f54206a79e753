import type { ReactNode } from 'react';
import { publish } from '@site/shared-ui/eventBus';
import type { Project } from '@site/shared-ui/rows';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import { CardGrid, loadFailedMessage } from '@site/shared-ui/CardGrid';
import { ProjectCard } from './ProjectCard.tsx';
import { projectMessages } from './projectMessages.ts';
import styles from './ProjectGrid.module.css';

interface ProjectGridProps {
  status: LoadStatus;
  /** A newer search is under way: the cards shown stay until its answer arrives. */
  busy?: boolean;
  projects: readonly Project[];
  /** Placeholder cards while the first load is under way, so the page keeps its height. */
  placeholderCount: number;
  /** How many cards load their image at once (the first row when the grid starts in view); 0 for none. */
  eagerImageCount?: number;
  /** Shown where the cards would be when there are none (after loading, or when the load failed). */
  empty: ReactNode;
  /** Names the list for assistive technology. */
  label: string;
  /** The visitor's "Try again" when the projects could not be loaded. */
  onRetry: () => void;
}

/** The kit's card grid with project cards, and a project card's shape while loading. */
export function ProjectGrid({
  status,
  busy = false,
  projects,
  placeholderCount,
  eagerImageCount = 0,
  empty,
  label,
  onRetry,
}: ProjectGridProps) {
  return (
    <CardGrid
      items={projects}
      keyOf={(project) => project.id}
      renderItem={(project, index) => <ProjectCard project={project} eagerImage={index < eagerImageCount} />}
      label={label}
      loading={status === 'loading'}
      busy={busy}
      // The card's one action, View Project: its click is the spec's event.
      onItemAction={(project, event) => {
        if (event.type === 'click') publish({ name: 'userViewsTheProject', projectTitle: project.title });
      }}
      loadingLabel={projectMessages.loading}
      placeholderCount={placeholderCount}
      placeholderClassName={styles.placeholder}
      placeholderContent={
        <>
          <div className={styles.placeholderMedia} />
          <div className={styles.placeholderLine} />
          <div className={styles.placeholderLineShort} />
        </>
      }
      empty={<div className={styles.empty}>{empty}</div>}
      failure={status === 'error' ? { message: loadFailedMessage('projects'), onRetry } : undefined}
    />
  );
}
