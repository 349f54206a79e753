import type { Project } from '@site/shared-ui/rows';
import { Card } from '@site/shared-ui/Card';
import { ExternalButtonLink } from '@site/shared-ui/Button';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import { projectMessages } from './projectMessages.ts';
import styles from './ProjectCard.module.css';

/** Project screenshots are stored at 480 x 300 (16:10); the card keeps that ratio while the image loads. */
export const projectImageSize = { width: 480, height: 300 } as const;

interface ProjectCardProps {
  project: Project;
  /** The first row of a grid that starts in view loads its images at once; the rest when scrolled near. */
  eagerImage?: boolean;
}

export function ProjectCard({ project, eagerImage = false }: ProjectCardProps) {
  return (
    <Card
      title={project.title}
      image={{
        src: project.imagePath,
        alt: projectMessages.imageAlt(project.title),
        ...projectImageSize,
        loading: eagerImage ? 'eager' : 'lazy',
      }}
      footer={
        // Its click is recorded by the grid (ProjectGrid): the card may be the server's HTML, with no handler.
        <ExternalButtonLink href={project.linkToProject} variant="secondary">
          {projectMessages.viewProject}
          <VisuallyHidden> {project.title}</VisuallyHidden>
        </ExternalButtonLink>
      }
    >
      <p className={styles.description}>{project.description}</p>
    </Card>
  );
}
