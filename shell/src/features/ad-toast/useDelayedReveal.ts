import { useEffect, useState } from 'react';
import { onPageLoaded } from '@site/shared-ui/pageLoaded';

/** The ad toast stays hidden this long after the page has loaded, then slides in (spec §4, §9). */
export const AD_TOAST_DELAY_MS = 2000;

/** When the page's load event ended (ms on performance.now()'s clock), or undefined while it has not. */
function loadEndedAt(): number | undefined {
  // (Not every environment keeps a timeline: a test's fake clock has none.)
  const [navigation] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return navigation?.loadEventEnd || undefined;
}

/**
 * False until the delay has passed since the page's load event (never true while prerendering). Counted from the
 * load, not from when the app mounted: on a slow device the app starts later, and the spec's 2 s are the visitor's.
 */
export function useDelayedReveal(delayMs: number): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      const elapsed = performance.now() - (loadEndedAt() ?? performance.now());
      timer = setTimeout(() => setRevealed(true), Math.max(0, delayMs - elapsed));
    };
    const cancelLoaded = onPageLoaded(start);
    return () => {
      cancelLoaded();
      clearTimeout(timer);
    };
  }, [delayMs]);
  return revealed;
}
