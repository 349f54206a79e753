// The card grid of every catalogue (projects, courses, tutorials): while the first load is under way it holds
// placeholder cards, so the page keeps its height and nothing below jumps when the cards arrive.
import type { ReactNode } from 'react';
import { Button } from '@site/shared-ui/Button';
import { visuallyHiddenClassName } from '@site/shared-ui/VisuallyHidden';
import styles from './CardGrid.module.css';

/** The grid's class, for a fixed list of cards that needs no loading state (services, experience). */
export const cardGridClassName = styles.grid;

interface CardGridProps<Item> {
  items: readonly Item[];
  keyOf: (item: Item) => string;
  renderItem: (item: Item, index: number) => ReactNode;
  /** Names the list for assistive technology. */
  label: string;
  /** Before the first answer: placeholders instead of cards. */
  loading: boolean;
  placeholderCount: number;
  /** The section's placeholder card: its size and look (a class), and what it holds, if anything. */
  placeholderClassName?: string;
  placeholderContent?: ReactNode;
  /** Read out while loading; leave it out where a status line nearby already says so. */
  loadingLabel?: string;
  /** A newer search is under way: the cards shown stay until its answer arrives. */
  busy?: boolean;
  /** Shown instead of an empty list when there are no items (after loading). */
  empty?: ReactNode;
  /**
   * The first load failed (or passed its deadline): the message and "Try again" stand over the placeholders, which
   * keep the grid's height, so nothing moves when the message comes nor when the cards finally arrive.
   */
  failure?: CardGridFailure;
}

export interface CardGridFailure {
  /** What could not be loaded, as the visitor reads it ("The projects could not be loaded right now."). */
  message: string;
  onRetry: () => void;
}

/** The message of a catalogue whose rows could not be loaded; the page keeps trying by itself meanwhile. */
export function loadFailedMessage(what: string): string {
  return `The ${what} could not be loaded right now. The page keeps trying; you can also try again now.`;
}

function Placeholders({
  count,
  className,
  content,
}: {
  count: number;
  className?: string;
  content: ReactNode;
}) {
  return Array.from({ length: count }, (_, index) => (
    <li key={index} className={className} aria-hidden="true">
      {content}
    </li>
  ));
}

export function CardGrid<Item>({
  items,
  keyOf,
  renderItem,
  label,
  loading,
  placeholderCount,
  placeholderClassName,
  placeholderContent,
  loadingLabel,
  busy = false,
  empty,
  failure,
}: CardGridProps<Item>) {
  if (loading) {
    return (
      <ul className={styles.grid} aria-busy="true">
        {loadingLabel !== undefined && <li className={visuallyHiddenClassName}>{loadingLabel}</li>}
        <Placeholders
          count={placeholderCount}
          className={placeholderClassName}
          content={placeholderContent}
        />
      </ul>
    );
  }
  if (failure && items.length === 0) {
    return (
      <div className={styles.failed}>
        <ul className={`${styles.grid} ${styles.faded}`} aria-hidden="true">
          <Placeholders
            count={placeholderCount}
            className={placeholderClassName}
            content={placeholderContent}
          />
        </ul>
        <div className={styles.failure} role="alert">
          <p className={styles.failureText}>{failure.message}</p>
          <Button variant="secondary" onClick={failure.onRetry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (items.length === 0 && empty !== undefined) return empty;
  return (
    <ul className={busy ? `${styles.grid} ${styles.busy}` : styles.grid} aria-label={label} aria-busy={busy}>
      {items.map((item, index) => (
        <li key={keyOf(item)} className={styles.item}>
          {renderItem(item, index)}
        </li>
      ))}
    </ul>
  );
}
