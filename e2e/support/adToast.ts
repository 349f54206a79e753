// The ad toast slides in 2 s after the page loads (spec §2) and is fixed at the bottom left, where it can cover what a
// test clicks. A visitor closes it; the specs do too, one of two ways.
import { expect, type Page } from '@playwright/test';
import { ownerDatabase } from './database.ts';

/** The ad toast (the frame's aside). */
export const adToast = (page: Page) => page.getByRole('complementary', { name: 'Advertisement' });

const dismissButton = (page: Page) => page.getByRole('button', { name: 'Dismiss the ad' });

/**
 * Waits until the toast is fully in: it slides in over 450 ms, and a click on its × while it moves can land its press
 * on the button and its release beside it (no click, as for a visitor); axe, too, blends a half-faded element's colours
 * with the page behind it.
 */
export async function adToastAtRest(page: Page): Promise<void> {
  const toast = adToast(page);
  await expect(toast).toBeVisible();
  await expect
    .poll(() =>
      toast.evaluate(
        (element) =>
          element.getAnimations().length === 0 &&
          getComputedStyle(element).opacity === '1' &&
          element.getBoundingClientRect().left >= 0,
      ),
    )
    .toBe(true);
}

/**
 * A safety net for the toast to come (2 s after the load, once the page is idle, its ads read and its card's chunk in):
 * a few seconds on a busy machine, so past this it is not coming, and the failure says which step did not happen.
 */
const toastAtTheLatestMs = 45_000;

/** The steps a page takes towards its ad toast, as it recorded them (for a failure's message). */
function towardsTheToast(page: Page) {
  return page
    .evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return {
        readyState: document.readyState,
        loadEventEnd: navigation?.loadEventEnd ?? null,
        pageIdleAt: performance.getEntriesByName('site:page-idle')[0]?.startTime ?? null,
        adsReads: resources
          .filter((entry) => new URL(entry.name).pathname === '/rest/v1/ads')
          .map((entry) => ({ at: Math.round(entry.responseEnd), status: entry.responseStatus })),
        hydrated: document.querySelector('#root[data-hydrated]') !== null,
        now: Math.round(performance.now()),
      };
    })
    .catch((error: unknown) => ({ unreadable: String(error) }));
}

/**
 * The visitor closes the toast first, once it is there (without ads there is no toast, and nothing to do). For a test
 * that checks the focus: a locator handler (below) would fire in the middle of its steps and move the focus they check.
 * One the spec registered for its other tests is taken off first: it fired on this click itself (the button is its
 * locator), closed the toast, and the click then waited for a button that had gone (a loaded run, 30 s timeout).
 */
export async function dismissTheAd(page: Page): Promise<void> {
  const dismiss = dismissButton(page);
  await page.removeLocatorHandler(dismiss);
  // Every visitor reads every ad: with one in the table the toast comes (its 2 s after the load, then its chunk),
  // however long that takes; with none there is none.
  const { count, error } = await ownerDatabase().from('ads').select('id', { count: 'exact', head: true });
  expect(error).toBeNull();
  // Closed already, by the handler below in the middle of an earlier step: a dismissed toast stays away for the visit.
  if (count && !(await closedOnThisPage(page))) {
    await dismiss.waitFor({ timeout: toastAtTheLatestMs }).catch(async (error: Error) => {
      error.message += `\n\nWhat the page did towards its toast: ${JSON.stringify(await towardsTheToast(page))}`;
      throw error;
    });
    await adToastAtRest(page);
    await dismiss.click();
  }
  await expect(adToast(page)).toHaveCount(0);
}

/** The visitor closes the toast whenever it is in the way of a step (a click, or a check Playwright makes). */
export async function dismissTheAdWhenInTheWay(page: Page): Promise<void> {
  await page.addLocatorHandler(dismissButton(page), async (dismiss) => {
    await adToastAtRest(page);
    await dismiss.click();
    await markClosedOnThisPage(page);
  });
}

/** Notes in the page's document (so a new page forgets it) that the visitor closed its toast. */
async function markClosedOnThisPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { adToastClosedByTheVisitor?: boolean }).adToastClosedByTheVisitor = true;
  });
}

function closedOnThisPage(page: Page): Promise<boolean> {
  return page.evaluate(
    () => (window as { adToastClosedByTheVisitor?: boolean }).adToastClosedByTheVisitor === true,
  );
}
