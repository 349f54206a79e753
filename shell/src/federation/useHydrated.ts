import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/** False while prerendering and while hydrating the prerendered HTML; true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
