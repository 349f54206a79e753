// Issue 15, "live from the first second": a dashboard edit reaches a page opened one second earlier within 2 s, with
// no interaction at all (no pointer, key, scroll or click, so nothing but the page's own start-up starts its live
// updates). Specs using this install no locator handler: one would click the ad toast's close button.
import type { Locator, Page } from '@playwright/test';

/** The edit comes this long after the page opened (its load event). */
export const editAfterOpeningMs = 1_000;

/**
 * The page shows the edit within this long: well inside the old start (6 s after load, or the first interaction, which
 * never comes here), so a page that waited for it fails. The 2 s of the requirement is met on an idle machine; a test
 * holds no timing that a loaded 2-core CI machine would miss by chance (timings are benchmarks, not tests).
 */
export const shownWithinMs = 4_000;

/** A section arrives through Module Federation after the page: allow for a busy machine before the clock starts. */
const sectionArrivalTimeout = 20_000;

/**
 * Opens the page and waits for its section (`arrived`), then makes the owner's edit one second after the page
 * opened (at once, when the section took longer than that on a busy machine). The visitor does nothing.
 */
export async function editOneSecondAfterOpening(
  page: Page,
  path: string,
  arrived: Locator,
  edit: () => Promise<void>,
): Promise<void> {
  await page.goto(path);
  const openedAt = Date.now();
  await arrived.waitFor({ timeout: sectionArrivalTimeout });
  const wait = openedAt + editAfterOpeningMs - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await edit();
}
