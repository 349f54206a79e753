// The shell's analytics sink (spec §9): every event published on the bus becomes a row of analytics_events, with the
// page it happened on. Rows leave in small batches, never in the way of the page, and the last ones leave when the
// page is hidden or closed.
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import type { SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import { storeAnalyticsRows } from './storeAnalyticsRows.ts';
import { toAnalyticsRow, type AnalyticsRow } from './toAnalyticsRow.ts';

/** A batch leaves once it holds this many events... */
export const ANALYTICS_BATCH_SIZE = 10;
/** ...or this long after its first event, whichever comes first. */
export const ANALYTICS_FLUSH_DELAY_MS = 3000;

export type StoreRows = (
  backend: SupabaseRuntimeConfig,
  rows: readonly AnalyticsRow[],
  options: { keepalive: boolean },
) => Promise<void>;

export interface AnalyticsSinkOptions {
  /** Where the backend is; events wait in the queue until it is known. */
  backend: Promise<SupabaseRuntimeConfig>;
  currentRoute?: () => string;
  storeRows?: StoreRows;
}

/** Subscribes to the bus; returns a function that flushes what is queued and stops. */
export function startAnalyticsSink({
  backend,
  currentRoute = () => window.location.pathname,
  storeRows = storeAnalyticsRows,
}: AnalyticsSinkOptions): () => void {
  let queue: AnalyticsRow[] = [];
  let config: SupabaseRuntimeConfig | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (keepalive: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    if (!config || queue.length === 0) return;
    const rows = queue;
    queue = [];
    for (let start = 0; start < rows.length; start += ANALYTICS_BATCH_SIZE) {
      void storeRows(config, rows.slice(start, start + ANALYTICS_BATCH_SIZE), { keepalive });
    }
  };

  const scheduleFlush = () => {
    if (queue.length >= ANALYTICS_BATCH_SIZE) flush(false);
    else if (queue.length > 0 && timer === undefined)
      timer = setTimeout(() => flush(false), ANALYTICS_FLUSH_DELAY_MS);
  };

  backend
    .then((value) => {
      config = value;
      scheduleFlush();
    })
    .catch((error: unknown) =>
      console.error(
        '[analytics] no backend, events are not stored:',
        error instanceof Error ? error.message : error,
      ),
    );

  const unsubscribe = subscribeToEvents((event: AnalyticsEvent) => {
    queue.push(toAnalyticsRow(event, currentRoute()));
    if (config) scheduleFlush();
  });

  // "hidden" covers switching tabs and, on mobile, closing the browser; pagehide covers closing and navigating away.
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  const onPageHide = () => flush(true);
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', onPageHide);

  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', onPageHide);
    flush(true);
  };
}
