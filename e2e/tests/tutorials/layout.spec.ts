// Spec §2 and §9: the sort menu sits beside the search box when the window is wider than 992 px, below it otherwise;
// the grid fits the window. Its accessibility, the open player's too, is accessibility/axe.spec.ts's (both themes,
// phone and desktop).
import { expect, test } from '../../support/test.ts';
import { openTutorialsPage, tutorialsPage } from './tutorialsSite.ts';
import { expectStableLayout, recordLayoutShifts } from '../../support/layoutShift.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';

// The newsletter pop-up has its own specs: here the visitor saw it a moment ago, so it stays closed.
test.use({ storageState: visitorWhoSawThePopup });

test('at 993 px the sort menu is beside the search box', async ({ page }) => {
  await page.setViewportSize({ width: 993, height: 900 });
  const tutorials = await openTutorialsPage(page);
  const search = (await tutorials.searchForm.boundingBox())!;
  const sort = (await tutorials.sortMenu.boundingBox())!;
  expect(sort.x).toBeGreaterThanOrEqual(search.x + search.width);
  expect(sort.y).toBeLessThan(search.y + search.height);
  expect(sort.y + sort.height).toBeGreaterThan(search.y);
});

test('at 992 px the sort menu is below the search box', async ({ page }) => {
  await page.setViewportSize({ width: 992, height: 900 });
  const tutorials = await openTutorialsPage(page);
  const search = (await tutorials.searchForm.boundingBox())!;
  const sort = (await tutorials.sortMenu.boundingBox())!;
  expect(sort.y).toBeGreaterThanOrEqual(search.y + search.height);
});

for (const [width, columns] of [
  [1280, 3],
  [992, 2],
  [390, 1],
] as const) {
  test(`${columns} column(s) of cards at ${width} px, nothing wider than the window`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const tutorials = await openTutorialsPage(page);
    const tops = await tutorials.cards.evaluateAll((cards) =>
      cards.slice(0, 4).map((card) => Math.round(card.getBoundingClientRect().top)),
    );
    expect(tops.filter((top) => top === tops[0])).toHaveLength(columns);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('/tutorials does not shift while the videos and their thumbnails load', async ({ page }) => {
  await recordLayoutShifts(page, '[data-section="tutorials/TutorialsPage"]');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/tutorials');
  const tutorials = tutorialsPage(page);
  await expect(tutorials.cards.first()).toBeVisible();
  await expect(tutorials.grid).toHaveAttribute('aria-busy', 'false');
  await expectStableLayout(page);
});
