// A page being left closes its Realtime socket and cuts its reads short: expected closures, which the page must not
// log as errors (shared-ui's pageLeaving). What a page logs as it goes is recorded by the journeys' probe, added here
// as an init script: it keeps its records in sessionStorage, so they are read on the next page (Playwright does not
// report console messages of a page that is being left). The same holds in Firefox and WebKit (e2e/engines/).
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { holdRequest } from '../../support/heldRequest.ts';
import '../../engines/visitor.ts';

const probe = fileURLToPath(new URL('../../engines/probe.js', import.meta.url));

test.beforeEach(({ page }) => page.addInitScript({ path: probe }));

/** What the pages of this tab recorded, read on a page that has not been left. */
function recordedProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__engines.takeProblems());
}

test('leaving a live page, by a full page load or a reload, logs no console error', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  for (const [path, leave] of [
    ['/', () => page.goto('/tutorials')],
    ['/tutorials', () => page.goto('/courses')],
    ['/courses', () => page.reload()],
  ] as const) {
    await page.goto(path);
    // Live updates start once the page is idle: leaving after that closes a live socket.
    await expect.poll(() => page.evaluate(() => window.__engines.isLive()), { timeout: 15_000 }).toBe(true);
    await leave();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(await recordedProblems(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a read cut short because its page is left logs no console error', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  // The first read of the ads (the ad toast's), held until its page has been left; the next page's reads go on.
  let adsReads = 0;
  const held = await holdRequest(
    page,
    (request) =>
      request.method() === 'GET' && new URL(request.url()).pathname === '/rest/v1/ads' && ++adsReads === 1,
  );
  await page.goto('/about');
  await held.sent;
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help');
  expect(await recordedProblems(page)).toEqual([]);
  expect(errors).toEqual([]);
});
