// A page being left cuts its reads short: an expected closure, which the page must not log as an error (shared-ui's
// pageLeaving). What a page logs as it goes is recorded by the journeys' probe, added here as an init script: it keeps
// its records in sessionStorage, so they are read on the next page (Playwright does not report console messages of a
// page that is being left). The socket closed by leaving a live page is checked by the pages journey in every engine
// (e2e/engines/journeys/pages.spec.ts): Firefox closes it while the page still runs, on every page; Chromium only
// now and then, too rarely for a test of its own here.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { holdRequest } from '../../support/heldRequest.ts';
import '../../engines/visitor.ts';

const probe = fileURLToPath(new URL('../../engines/probe.js', import.meta.url));

test.beforeEach(({ page }) => page.addInitScript({ path: probe }));

/** What the pages of this tab recorded, read on a page that has not been left. */
function recordedProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__engines.takeProblems());
}

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
