// Server HTML that React adopts as it is. Hydrating costs the browser a component and a DOM match for every element,
// for text it already shows and that changes only when the data does. An element that uses this keeps the server's
// children while it is the element React hydrated and its content has not changed since: React hydrates the element
// alone (it takes dangerouslySetInnerHTML as "children not mine"), and its children stay the server's nodes, with no
// component behind them. Clicks on them still reach the element's handlers (React finds the nearest element it
// knows), so actions are handled there, by delegation (the kit's CardGrid). When the content changes (a live edit,
// another search, another page), the element renders its children the ordinary way, for good.
// ServerHtml is that for content that never changes in the browser (text, pictures, lists, plain links); rendered in
// the browser (after a navigation), it renders as usual. What it holds needs no code of its own: no state, no
// handlers; links in it are followed by the browser (a link inside the site loads that page, rendered by the server).
import { useState, useSyncExternalStore, type HTMLAttributes, type ReactNode } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * True while React hydrates this component from the server's HTML: React reads the server snapshot then (true in the
 * browser), and the client snapshot in a render of its own (false). On the server it is false: the server renders
 * the children, which the browser then keeps.
 */
function useHydratingFromServerHtml(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => typeof document !== 'undefined',
  );
}

/**
 * Whether the element keeps the server's HTML: it was hydrated (not rendered in the browser) and `unchanged` has been
 * true in every render since. Once false, it stays false (the server's nodes are gone once React renders children).
 */
export function useKeptServerHtml(unchanged: boolean): boolean {
  const hydrating = useHydratingFromServerHtml();
  const [kept, setKept] = useState(hydrating);
  if (kept && !unchanged) setKept(false);
  return kept && unchanged;
}

/** The props of an element that keeps the server's HTML: React leaves its children as they are. */
export const keptServerHtmlProps = {
  dangerouslySetInnerHTML: { __html: '' },
  suppressHydrationWarning: true,
} as const;

type ServerHtmlTag = 'div' | 'section' | 'article' | 'ul' | 'ol';

interface ServerHtmlProps extends HTMLAttributes<HTMLElement> {
  /** The element it is (default a div): it takes the place of the element it wraps, so the HTML stays the same. */
  as?: ServerHtmlTag;
  children: ReactNode;
}

export function ServerHtml({ as: Tag = 'div', children, ...props }: ServerHtmlProps) {
  const kept = useKeptServerHtml(true);
  return kept ? <Tag {...props} {...keptServerHtmlProps} /> : <Tag {...props}>{children}</Tag>;
}
