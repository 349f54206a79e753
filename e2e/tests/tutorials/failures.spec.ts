// When the search cannot be answered, the page logs the failure with its label and shows a friendly empty state
// instead of breaking. The failure is injected at the network edge; everything else runs for real. The page is opened
// through the navbar, so the browser searches (a page a visitor arrives on comes with its first search from the server).
import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { openThroughTheNavbar } from '../../support/pages.ts';
import { tutorialsPage } from './tutorialsSite.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';

// The newsletter pop-up has its own specs: here the visitor saw it a moment ago, so it stays closed.
test.use({ storageState: visitorWhoSawThePopup });

test('a failed search is logged as [tutorials] and leaves an empty grid with a message', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.route(/\/rest\/v1\/rpc\/search_videos\b/, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'PGRST000', details: null, hint: null, message: 'backend unavailable' }),
    }),
  );
  await openThroughTheNavbar(page, 'Tutorials', '/tutorials');
  const tutorials = tutorialsPage(page);
  await expect(tutorials.summary).toHaveText(
    'The tutorials could not be loaded right now. Please try again later.',
  );
  await expect(tutorials.cards).toHaveCount(0);
  await expect(tutorials.searchBox).toBeVisible();
  await expect(tutorials.sortMenu).toBeEnabled();
  await expect(tutorials.testimonials.getByRole('figure').first()).toBeVisible();
  await expect
    .poll(() => errors.filter((text) => text.startsWith('[tutorials] search failed:')).length)
    .toBeGreaterThan(0);
  expect(errors.filter((text) => text.startsWith('uncaught'))).toEqual([]);

  // The backend is back: the next search works.
  await page.unroute(/\/rest\/v1\/rpc\/search_videos\b/);
  await tutorials.searchBox.fill('css');
  await tutorials.searchButton.click();
  await expect(tutorials.cards.first()).toBeVisible();
});
