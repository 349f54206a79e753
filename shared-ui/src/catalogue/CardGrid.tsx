// The card grid of every catalogue (projects, courses, tutorials): while the first load is under way it holds
// placeholder cards, so the page keeps its height and nothing below jumps when the cards arrive.
import type { ReactNode } from 'react';
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
}: CardGridProps<Item>) {
  if (loading) {
    return (
      <ul className={styles.grid} aria-busy="true">
        {loadingLabel !== undefined && <li className={visuallyHiddenClassName}>{loadingLabel}</li>}
        {Array.from({ length: placeholderCount }, (_, index) => (
          <li key={index} className={placeholderClassName} aria-hidden="true">
            {placeholderContent}
          </li>
        ))}
      </ul>
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
