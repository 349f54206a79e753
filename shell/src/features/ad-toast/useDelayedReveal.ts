import { useEffect, useState } from 'react';

/** The ad toast stays hidden this long after the page starts, then slides in (spec §4, §9). */
export const AD_TOAST_DELAY_MS = 2000;

/** False until the delay has passed since the component mounted (never true while prerendering). */
export function useDelayedReveal(delayMs: number): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setRevealed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return revealed;
}
