// Every deadline of the site, in one place. A request to a dependency (the backend, Google, a section's files) that
// has not answered by its deadline is treated as failed: the visitor sees the same message and "Try again" as for an
// error, a form keeps what was typed, and reads retry by themselves (below) so an open page recovers when the
// dependency does. docs/security.md lists them with what the visitor sees.

export const deadlines = {
  /** A page's own read in the browser: its first load, a visitor's search, "Try again". */
  pageReadMs: 8_000,
  /** A read the visitor did not ask for: catching up when live updates start, a refresh after the owner's edit. */
  backgroundReadMs: 10_000,
  /** A newsletter subscription (the edge function checks and stores the address). */
  newsletterSubmitMs: 10_000,
  /** A contact message (the function asks Google's reCAPTCHA in turn, then stores it). */
  contactSubmitMs: 20_000,
  /** Google's reCAPTCHA script, when a contact message is sent: past it, the form says the check could not load. */
  captchaScriptMs: 10_000,
  /** A batch of analytics events; a lost batch is not retried (analytics never troubles the visitor). */
  analyticsMs: 10_000,
  /** The Realtime socket: opening it, and each answer (join, heartbeat) before it is closed and opened again. */
  realtimeMs: 10_000,
  /** How often the open Realtime socket is checked with a heartbeat (a hung backend is noticed within this + above). */
  realtimeHeartbeatMs: 15_000,
  /** A section's files (entry and chunks): past it the slot says the section is late, and keeps waiting for it. */
  sectionFilesMs: 8_000,
  /** The server: one section's slot (its module and its loader's reads); past it the browser renders the slot. */
  serverSlotMs: 300,
  /**
   * The server, rendering a page again for the next visitors (nobody waits for it): each slot's module and reads. A
   * loaded machine that misses serverSlotMs still renders the page whole here.
   */
  serverBackgroundSlotMs: 5_000,
  /**
   * The server: React's render of a whole page once its slots are loaded (it takes milliseconds). Past it the render
   * is aborted, and the visitor gets the prerendered page.
   */
  serverRenderMs: 10_000,
  /** The server: re-reading a section's manifest in the background. */
  serverManifestMs: 2_000,
} as const;

/** Reads that failed (or passed their deadline) try again by themselves, sooner first: 1 s, 2 s, 4 s ... 30 s. */
export const readRetry = { firstDelayMs: 1_000, maxDelayMs: 30_000 } as const;

/** The wait before retry number `attempt` (1, 2, ...). */
export function retryDelayMs(attempt: number): number {
  return Math.min(readRetry.maxDelayMs, readRetry.firstDelayMs * 2 ** Math.max(0, attempt - 1));
}

/** A signal that aborts after `ms`, or when the caller's signal does. */
export function deadlineSignal(ms: number, signal?: AbortSignal): AbortSignal {
  const deadline = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

/** True for the error a request throws when its deadline passed. */
export function isDeadlineError(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}
