import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Whether the page is scrolled further down than the given number of pixels. */
export function useScrolledPast(offsetPx: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > offsetPx,
    () => false,
  );
}
