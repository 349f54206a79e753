import { startTransition, useEffect, useState } from 'react';

/** Set once the prerendered page has hydrated: what mounts later (after a navigation) renders at once. */
let pageHydrated = false;

/**
 * False while prerendering and while hydrating the prerendered HTML; true from then on. The switch is a transition,
 * so the sections that then render do so in short slices, not one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (hydrated) return;
    startTransition(() => {
      pageHydrated = true;
      setHydrated(true);
    });
  }, [hydrated]);
  return hydrated;
}
