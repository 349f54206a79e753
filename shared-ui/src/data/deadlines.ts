// The site's deadlines (deadlineTimes.cjs, shared with the server) and how a request keeps to them.
export { deadlines } from '@site/shared-ui/deadlineTimes';

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
