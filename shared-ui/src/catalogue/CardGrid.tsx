// The card grid of every catalogue (projects, courses, tutorials): while the first load is under way it holds
// placeholder cards, so the page keeps its height and nothing below jumps when the cards arrive. The cards the server
// rendered stay the server's HTML (useKeptServerHtml) until the items change: hydrating the page costs the list, not
// every card. So a card's actions (View Project, Play Video) are the grid's: `onItemAction` gets the item and the
// event of a click, or a middle click, on a link or button of its card.
import { useLayoutEffect, useState, type MouseEvent, type ReactNode, type Ref } from 'react';
import { Button } from '@site/shared-ui/Button';
import { keptServerHtmlProps, useKeptServerHtml } from '@site/shared-ui/ServerHtml';
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
  /** The list of cards, once shown: what `cardActionOf` finds a card's link or button in. */
  listRef?: Ref<HTMLUListElement>;
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
   * A link or button of a card was clicked (or middle-clicked: `event.type` is 'auxclick'): the card's own handlers
   * would not run while the card is the server's HTML.
   */
  onItemAction?: (item: Item, event: MouseEvent) => void;
  /**
   * The cards may stay the server's HTML until the items change (the default). A grid whose cards handle events
   * that do not reach the grid (an image's load error) says false.
   */
  keepServerHtml?: boolean;
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

/**
 * The link or button of the shown card with this key in the grid's list (its `listRef`): where the focus goes back to
 * after a dialog opened from a card closes, found then (the cards may be new elements by then: the server's HTML
 * replaced by React's, or a live list rendered again).
 */
export function cardActionOf(list: Element | null, key: string): HTMLElement | null {
  const card = cardOf(list, key);
  return card ? (cardControls(card)[0] ?? null) : null;
}

/** The shown card with this key in the list. */
function cardOf(list: Element | null, key: string): HTMLElement | undefined {
  const cards = list?.querySelectorAll<HTMLElement>('[data-item]') ?? [];
  return Array.from(cards).find((candidate) => candidate.dataset.item === key);
}

/** A card's links and buttons, in order. */
function cardControls(card: Element): HTMLElement[] {
  return Array.from(card.querySelectorAll<HTMLElement>('a, button'));
}

/** The message of a catalogue whose rows could not be loaded; the page keeps trying by itself meanwhile. */
export function loadFailedMessage(what: string): string {
  return `The ${what} could not be loaded right now. The page keeps trying; you can also try again now.`;
}

/** The link or button of a card that has the focus: its list, its card's key and its place among the card's own. */
interface FocusedCardControl {
  list: Element;
  key: string;
  index: number;
}

/** The card's link or button that has the focus, in the list this label names, if any (read before the DOM changes). */
function focusedCardControl(label: string): FocusedCardControl | null {
  const focused = typeof document === 'undefined' ? null : document.activeElement;
  const card = focused?.closest<HTMLElement>('[data-item]');
  const list = card?.closest('ul');
  if (!focused || !card?.dataset.item || !list || list.getAttribute('aria-label') !== label) return null;
  return { list, key: card.dataset.item, index: cardControls(card).indexOf(focused as HTMLElement) };
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
  listRef,
  loading,
  placeholderCount,
  placeholderClassName,
  placeholderContent,
  loadingLabel,
  busy = false,
  empty,
  failure,
  onItemAction,
  keepServerHtml = true,
}: CardGridProps<Item>) {
  const [hydratedItems] = useState(items);
  const listShown =
    !loading && !(failure && items.length === 0) && !(items.length === 0 && empty !== undefined);
  const kept = useKeptServerHtml(keepServerHtml && listShown && items === hydratedItems);
  // React's cards replace the server's once the items change (a live edit, a search): new elements, so a visitor's
  // focus on a card's button (given back there by a dialog that closed, or tabbed to) would fall to the page's body.
  // Where it was is read in the render that replaces them, and given to the same card's control once they are in.
  const [keptBefore, setKeptBefore] = useState(kept);
  const [focusToKeep, setFocusToKeep] = useState<FocusedCardControl | null>(null);
  if (keptBefore !== kept) {
    setKeptBefore(kept);
    if (!kept) setFocusToKeep(focusedCardControl(label));
  }
  useLayoutEffect(() => {
    if (!focusToKeep) return;
    setFocusToKeep(null);
    if (document.activeElement && document.activeElement !== document.body) return;
    const card = cardOf(focusToKeep.list, focusToKeep.key);
    if (card) cardControls(card)[focusToKeep.index]?.focus();
  }, [focusToKeep]);
  const act = (event: MouseEvent<HTMLUListElement>) => {
    if (!onItemAction || (event.type === 'auxclick' && event.button !== 1)) return;
    const control = (event.target as Element).closest('a, button');
    const card = control?.closest<HTMLElement>('[data-item]');
    if (!card || !event.currentTarget.contains(card)) return;
    const item = items.find((candidate) => keyOf(candidate) === card.dataset.item);
    if (item !== undefined) onItemAction(item, event);
  };
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
    // The list itself is not interactive: a click is handled here for the card's link or button it landed on.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul
      ref={listRef}
      className={busy ? `${styles.grid} ${styles.busy}` : styles.grid}
      aria-label={label}
      aria-busy={busy}
      onClick={act}
      onAuxClick={act}
      {...(kept ? keptServerHtmlProps : {})}
    >
      {kept
        ? undefined
        : items.map((item, index) => (
            <li key={keyOf(item)} className={styles.item} data-item={keyOf(item)}>
              {renderItem(item, index)}
            </li>
          ))}
    </ul>
  );
}
