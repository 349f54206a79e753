// Each help page, opened directly, does not shift while the help section loads into the frame (one bar for every
// route, the frame included: e2e/support/layoutShift.ts).
import { expect, test } from '../../support/test.ts';
import { expectStableLayout, recordLayoutShifts } from '../../support/layoutShift.ts';
import { helpIndex, legalPages } from './helpPages.ts';
import { asVisitorWhoSawThePopup } from './visitorWhoSawThePopup.ts';

test.beforeEach(async ({ page }) => {
  await asVisitorWhoSawThePopup(page);
});

for (const helpPage of [helpIndex, ...legalPages]) {
  test(`${helpPage.path} does not shift while the help section loads`, async ({ page }) => {
    await recordLayoutShifts(page, '[data-section="help/HelpRoutes"]');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(helpPage.path);
    const helpNav = page.getByRole('navigation', { name: 'Help pages' });
    await expect(helpNav.locator('[aria-current="page"]')).toHaveCount(1);
    await expectStableLayout(page);
  });
}
