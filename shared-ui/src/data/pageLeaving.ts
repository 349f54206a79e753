// A page that is being left (a full navigation, a reload, a link to another site) has its Realtime socket closed by
// the browser (close code 1001 in Firefox, 1005 in Chromium) and its reads aborted, and the code that was waiting on
// them still runs in the page's last moments. Those are expected closures, not faults: logged as errors they would
// fill every visitor's console, and any test that listens for real errors, with noise. A failure seen while the page
// is being left is logged at debug level; should the page still be here a moment later (a navigation cancelled, or
// one that only downloaded a file), it is reported as the error it then is. Any other failure is an error at once.

/** How long a page that began to leave may take to go before a failure seen meanwhile counts as real. */
export const leavingGraceMs = 5_000;

let leavingSince: number | undefined;
/** Counts the returns from the back/forward cache: a page that came back had really left. */
let returns = 0;

function markLeaving() {
  leavingSince = Date.now();
}

if (typeof window !== 'undefined') {
  // beforeunload: Firefox aborts the page's reads as soon as the navigation starts, before pagehide.
  window.addEventListener('beforeunload', markLeaving);
  window.addEventListener('pagehide', markLeaving);
  // Back from the back/forward cache, or a navigation that never left: the page is here again.
  window.addEventListener('pageshow', (event) => {
    leavingSince = undefined;
    if (event.persisted) returns += 1;
  });
}

/** Whether the page began to leave within the grace period. */
export function isPageLeaving(now = Date.now()): boolean {
  return leavingSince !== undefined && now - leavingSince < leavingGraceMs;
}

function describe(error: unknown): unknown {
  return error instanceof Error ? error.message : error;
}

/**
 * Logs a failure with its label (`[ads] load failed:`) and any details: as an error, unless the page is being left
 * (see above). Use it for what the page reads, listens to and loads, whose failure is expected when the page goes away.
 */
export function reportFailure(label: string, error: unknown, ...details: unknown[]): void {
  if (!isPageLeaving()) {
    console.error(label, describe(error), ...details);
    return;
  }
  console.debug(label, describe(error), ...details, '(the page is being left)');
  // Timers do not run in a page that is gone, and wait in one kept in the back/forward cache.
  const returnsBefore = returns;
  setTimeout(() => {
    if (returns === returnsBefore) console.error(label, describe(error), ...details);
  }, leavingGraceMs);
}
