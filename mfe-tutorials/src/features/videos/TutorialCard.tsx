import { Button } from '@site/shared-ui/Button';
import { Card } from '@site/shared-ui/Card';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import type { Tutorial } from '@site/shared-ui/rows';
import { formatCount } from './formatCount.ts';
import styles from './TutorialCard.module.css';

/** Spec §2 and §8: what a card says when the video has no description. */
export const missingDescriptionText = 'Description is not available for this video.';

/** YouTube's medium thumbnail size (16:9); the numbers let the browser reserve the space before it loads. */
export const thumbnailSize = { width: 320, height: 180 } as const;

interface TutorialCardProps {
  tutorial: Tutorial;
  /** The first row is usually on screen at once; the rest load as the visitor scrolls. */
  eagerImage?: boolean;
}

/** A video's card; its Play Video button is handled by the grid (TutorialGrid), as the card may be the server's HTML. */
export function TutorialCard({ tutorial, eagerImage = false }: TutorialCardProps) {
  const description = tutorial.description.trim();
  const hasStats = tutorial.viewCount !== null || tutorial.likeCount !== null;
  return (
    <Card
      title={tutorial.title}
      image={{
        src: tutorial.thumbnailUrl,
        alt: '',
        ...thumbnailSize,
        loading: eagerImage ? 'eager' : 'lazy',
      }}
      footer={
        <Button>
          Play Video<VisuallyHidden> {tutorial.title}</VisuallyHidden>
        </Button>
      }
    >
      <p className={description ? styles.description : `${styles.description} ${styles.missing}`}>
        {description || missingDescriptionText}
      </p>
      {hasStats && (
        <ul className={styles.stats} aria-label="Statistics">
          {tutorial.viewCount !== null && <li>{formatCount(tutorial.viewCount, 'view', 'views')}</li>}
          {tutorial.likeCount !== null && <li>{formatCount(tutorial.likeCount, 'like', 'likes')}</li>}
        </ul>
      )}
    </Card>
  );
}
