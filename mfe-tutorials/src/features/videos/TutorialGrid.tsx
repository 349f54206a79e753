import type { Tutorial } from '@site/shared-ui/rows';
import { tutorialsPageSize } from '../search/searchTutorials.ts';
import { TutorialCard } from './TutorialCard.tsx';
import styles from './TutorialGrid.module.css';

/** The widest grid has three columns: their thumbnails are the ones on screen first. */
const firstRowSize = 3;

interface TutorialGridProps {
  /** True before the first answer: placeholders keep the page's height, so nothing below jumps. */
  firstLoad: boolean;
  /** A newer search is under way: the shown cards stay until its answer arrives. */
  busy: boolean;
  tutorials: readonly Tutorial[];
  onPlay: (tutorial: Tutorial) => void;
}

export function TutorialGrid({ firstLoad, busy, tutorials, onPlay }: TutorialGridProps) {
  if (firstLoad) {
    return (
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: tutorialsPageSize / 2 }, (_, index) => (
          <li key={index} className={styles.placeholder} />
        ))}
      </ul>
    );
  }
  return (
    <ul
      className={busy ? `${styles.grid} ${styles.busy}` : styles.grid}
      aria-label="Tutorials"
      aria-busy={busy}
    >
      {tutorials.map((tutorial, index) => (
        <li key={tutorial.id}>
          <TutorialCard tutorial={tutorial} onPlay={onPlay} eagerImage={index < firstRowSize} />
        </li>
      ))}
    </ul>
  );
}
