import type { Ref } from 'react';
import type { Tutorial } from '@site/shared-ui/rows';
import { CardGrid, loadFailedMessage } from '@site/shared-ui/CardGrid';
import { TutorialCard } from './TutorialCard.tsx';
import styles from './TutorialGrid.module.css';

/** The widest grid has three columns: their thumbnails are the ones on screen first. */
const firstRowSize = 3;

interface TutorialGridProps {
  /** The list of cards, for the player's way back to a card's Play Video (the kit's cardActionOf). */
  listRef?: Ref<HTMLUListElement>;
  /** True before the first answer: placeholders keep the page's height, so nothing below jumps. */
  firstLoad: boolean;
  /** How many placeholder cards keep that height. */
  placeholderCount: number;
  /** A newer search is under way: the shown cards stay until its answer arrives. */
  busy: boolean;
  tutorials: readonly Tutorial[];
  onPlay: (tutorial: Tutorial) => void;
  /** The search failed (or passed its deadline): the message and "Try again" stand where the cards would be. */
  failed: boolean;
  onRetry: () => void;
}

/** The kit's card grid with tutorial cards. The summary above says what is being searched. */
export function TutorialGrid({
  listRef,
  firstLoad,
  placeholderCount,
  busy,
  tutorials,
  onPlay,
  failed,
  onRetry,
}: TutorialGridProps) {
  return (
    <CardGrid
      items={tutorials}
      keyOf={(tutorial) => tutorial.id}
      renderItem={(tutorial, index) => <TutorialCard tutorial={tutorial} eagerImage={index < firstRowSize} />}
      // The card's one action, Play Video.
      onItemAction={(tutorial, event) => event.type === 'click' && onPlay(tutorial)}
      label="Tutorials"
      listRef={listRef}
      loading={firstLoad}
      placeholderCount={placeholderCount}
      placeholderClassName={styles.placeholder}
      busy={busy}
      failure={failed ? { message: loadFailedMessage('tutorials'), onRetry } : undefined}
    />
  );
}
