// The portfolio's pages on a phone, a tablet and a desktop: columns, no sideways scrolling, nothing jumping while
// data loads, and no accessibility violations axe can find.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '../../support/test.ts';
import { openHomePage, openPortfolioPage, sectionLoadTimeout } from './portfolioSite.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { expectStableLayout, recordLayoutShifts } from '../../support/layoutShift.ts';

// A returning visitor: the newsletter pop-up (which makes the page inert) stays closed; the ad toast is closed
// when it covers what the test clicks.
test.use({ storageState: visitorWhoSawThePopup });
test.beforeEach(({ page }) => dismissTheAdWhenInTheWay(page));

const screens = [
  { width: 390, height: 844, projectColumns: 1, experienceColumns: 1, serviceColumns: 1, skillColumns: 1 },
  { width: 768, height: 1024, projectColumns: 2, experienceColumns: 1, serviceColumns: 2, skillColumns: 1 },
  { width: 1280, height: 800, projectColumns: 3, experienceColumns: 3, serviceColumns: 3, skillColumns: 2 },
];

/** How many items share the first row of a list. */
async function columns(list: Locator): Promise<number> {
  return list.evaluate((element) => {
    const tops = Array.from(element.children).map((child) => Math.round(child.getBoundingClientRect().top));
    return tops.filter((top) => top === tops[0]).length;
  });
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

for (const screen of screens) {
  test(`at ${screen.width} px: columns fit and nothing scrolls sideways`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const portfolio = await openPortfolioPage(page);
    expect(await columns(portfolio.grid)).toBe(screen.projectColumns);
    expect(await scrollsSideways(page)).toBe(false);

    const featured = await openHomePage(page);
    expect(await columns(featured.grid)).toBe(screen.projectColumns);
    const experience = page.getByRole('region', { name: 'What I have built' }).getByRole('list').first();
    expect(await columns(experience)).toBe(screen.experienceColumns);
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto('/about');
    const services = page.getByRole('region', { name: 'What I can do for you' }).getByRole('list');
    await expect(services.getByRole('listitem')).toHaveCount(6, { timeout: sectionLoadTimeout });
    expect(await columns(services)).toBe(screen.serviceColumns);
    const skills = page.getByRole('list', { name: 'Skills and levels' });
    expect(await columns(skills)).toBe(screen.skillColumns);
    expect(await scrollsSideways(page)).toBe(false);
  });
}

for (const path of ['/', '/about', '/portfolio']) {
  test(`${path} does not shift while the portfolio sections and their projects load`, async ({ page }) => {
    // The portfolio's slots and everything after them are the section's share; the frame above them (navbar,
    // banner) is the rest. Both count against the one bar.
    await recordLayoutShifts(page, '[data-section^="portfolio/"]', { andWhatFollows: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    const loaded =
      path === '/about'
        ? page.getByRole('list', { name: 'Skills and levels' }).getByRole('progressbar').first()
        : page.locator('[data-section^="portfolio/"] article img').first();
    await expect(loaded).toBeAttached({ timeout: sectionLoadTimeout });
    await expectStableLayout(page);
  });
}

// The pages as they load (the home page's sections, /about, /portfolio) are checked by accessibility/axe.spec.ts (every
// page, both themes, phone and desktop, with the same rules and more); here, what only a visitor's choice shows.
test('axe finds no violations in the portfolio with a chip chosen, and with a search that finds nothing', async ({
  page,
}) => {
  test.slow();
  const check = async (selector: string) => {
    const results = await new AxeBuilder({ page }).include(selector).analyze();
    expect(results.violations).toEqual([]);
  };
  const portfolio = await openPortfolioPage(page);
  await portfolio.chip('ANGULAR').click();
  // The chip's answer, not the cards still dimmed while it is under way (axe would measure the fading colours).
  await expect(portfolio.summary).toContainText('built with ANGULAR');
  await expect(portfolio.grid).toHaveAttribute('aria-busy', 'false');
  await check('[data-section="portfolio/PortfolioPage"]');
  await portfolio.searchBox.fill('no such project');
  await portfolio.searchBox.press('Enter');
  await expect(portfolio.showAll).toBeVisible();
  await check('[data-section="portfolio/PortfolioPage"]');
});
