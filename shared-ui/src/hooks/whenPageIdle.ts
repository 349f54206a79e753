// Live updates start once the page is idle: it has loaded, nothing has arrived over the network for a moment (the
// sections, their data and first images are in), and the main thread has a free moment; or at the visitor's first
// interaction (or a few seconds after load, on a page that never falls quiet), if that comes sooner. Early enough
// that a dashboard edit reaches a page opened a second before; late enough that what it loads never competes with
// the page's own first screen.
import { afterFirstInteraction } from '@site/shared-ui/afterFirstInteraction';
import { whenPageLoaded } from '@site/shared-ui/pageLoaded';

/** The network counts as quiet when no resource has finished loading for this long. */
export const NETWORK_QUIET_MS = 500;

/** How long the main thread may stay busy once the network is quiet. */
const IDLE_CALLBACK_TIMEOUT_MS = 500;

/**
 * How long to wait before the network has been quiet for `quietMs` at `now` (0: it has). `lastArrival` is when
 * the last resource finished loading, `loadedAt` when the load event fired (all in ms on one clock).
 */
export function waitForQuiet(now: number, lastArrival: number, loadedAt: number, quietMs: number): number {
  return Math.max(0, quietMs - (now - Math.max(lastArrival, loadedAt)));
}

function lastResourceArrival(): number {
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).reduce(
    (latest, entry) => Math.max(latest, entry.responseEnd),
    0,
  );
}

function afterNetworkQuiet(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    const loadedAt = performance.now();
    let lastArrival = lastResourceArrival();
    const observer =
      typeof PerformanceObserver === 'undefined'
        ? undefined
        : new PerformanceObserver(() => (lastArrival = performance.now()));
    observer?.observe({ type: 'resource' });
    const check = () => {
      // The timeline as it is now, too: an observer's callback may come after this check on a busy main thread, and
      // an arrival it has not reported yet would end the quiet early.
      lastArrival = Math.max(lastArrival, lastResourceArrival());
      const waitMs = waitForQuiet(performance.now(), lastArrival, loadedAt, quietMs);
      if (waitMs > 0) {
        setTimeout(check, waitMs);
      } else {
        observer?.disconnect();
        resolve();
      }
    };
    check();
  });
}

/** requestIdleCallback where the browser has it (Safari does not, yet), a short timer otherwise. */
function onMainThreadIdle(callback: () => void) {
  if ('requestIdleCallback' in window)
    window.requestIdleCallback(callback, { timeout: IDLE_CALLBACK_TIMEOUT_MS });
  else setTimeout(callback, 1);
}

let idle: Promise<void> | undefined;

/** A performance mark at the moment the page became idle (or was first used): what loads after it is deferred work. */
export const PAGE_IDLE_MARK = 'site:page-idle';

export function whenPageIdle(): Promise<void> {
  idle ??= Promise.race([
    whenPageLoaded()
      .then(() => afterNetworkQuiet(NETWORK_QUIET_MS))
      .then(() => new Promise<void>((resolve) => onMainThreadIdle(resolve))),
    afterFirstInteraction(),
  ]).then(() => void performance.mark(PAGE_IDLE_MARK));
  return idle;
}
