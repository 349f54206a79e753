// The page's clock in the test's hands (Playwright's clock: the page's timers, idle callbacks, Date, performance.now and
// AbortSignal.timeout), for tests of what the product does at a moment it counts itself: a fallback a few seconds
// after load, a request's deadline. Moved forward by the test, what happens before the moment and at it is an order,
// the same on a fast machine and a slow one, and a wait of the product's seconds costs the test none of them.
import { expect, type Page, type Request } from '@playwright/test';

/** How far the clock moves in one step: less than the shortest chain of timers the page runs (React's 300 ms). */
const stepMs = 250;

/** Requests of the page still under way, as counted from `watchRequests` on. */
export interface RequestsUnderWay {
  count: () => number;
}

/** `ignore`: requests not waited for (those a test holds on purpose: a frozen backend's). */
export function watchRequests(page: Page, ignore: (url: string) => boolean = () => false): RequestsUnderWay {
  let underWay = 0;
  const counted = (request: Request) => !ignore(request.url());
  page.on('request', (request) => counted(request) && (underWay += 1));
  page.on('requestfinished', (request) => counted(request) && (underWay -= 1));
  page.on('requestfailed', (request) => counted(request) && (underWay -= 1));
  return { count: () => underWay };
}

/**
 * Stops the page's clock before the page starts (call before its first navigation): its timers run only as the
 * test moves the clock. `ignore` as for watchRequests.
 */
export async function holdPageClock(
  page: Page,
  ignore?: (url: string) => boolean,
): Promise<RequestsUnderWay> {
  const requests = watchRequests(page, ignore);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  return requests;
}

/**
 * Moves the page's clock forward by `ms`, a step at a time, letting what each step set going finish before the next
 * (its requests answered): what the page does in those milliseconds, it has done when this returns, however slow the
 * machine. `ms` may be long (a deadline's seconds): the test waits only for the page's own work.
 */
export async function advancePageClock(page: Page, requests: RequestsUnderWay, ms: number): Promise<void> {
  if (ms < 0) throw new Error(`the page's clock cannot go back (${ms} ms)`);
  for (let moved = 0; moved < ms; moved += stepMs) {
    await page.clock.runFor(Math.min(stepMs, ms - moved));
    await expect.poll(requests.count, { message: 'requests under way after a step of the clock' }).toBe(0);
  }
}

/**
 * Moves the page's clock a step at a time (as advancePageClock) until `done` holds; fails past `withinMs` of the
 * page's time.
 */
export async function advancePageClockUntil(
  page: Page,
  requests: RequestsUnderWay,
  done: () => Promise<boolean>,
  withinMs: number,
): Promise<void> {
  for (let moved = 0; !(await done()); moved += stepMs) {
    if (moved >= withinMs) throw new Error(`not so within ${withinMs} ms of the page's clock`);
    await advancePageClock(page, requests, stepMs);
  }
}

/** The page's clock now (ms, performance.now()'s). */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}
