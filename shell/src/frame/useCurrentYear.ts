import { useSyncExternalStore } from 'react';

declare const __BUILD_YEAR__: number;

const noChanges = () => () => undefined;

/**
 * The current year. Prerendered HTML carries the year of the build; once the page runs, the visitor's clock wins.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    noChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
