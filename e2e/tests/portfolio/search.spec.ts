// /portfolio: the full grid, search by title (any case), keyword chips, the empty term, the no-match message,
// and the analytics events of searching and of opening a project.
import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import {
  answerProjectLinks,
  expectShownTitles,
  openPortfolioPage,
  projectChips,
  seededProjects,
} from './portfolioSite.ts';
import { dismissTheAd, dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';

// A returning visitor: the newsletter pop-up (which makes the page inert) stays closed; the ad toast is closed
// when it covers what the test clicks.
test.use({ storageState: visitorWhoSawThePopup });
test.beforeEach(({ page }) => dismissTheAdWhenInTheWay(page));

test('shows every project, newest first, with the search box and the eight chips', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const seed = await seededProjects();
  const portfolio = await openPortfolioPage(page);
  await expectShownTitles(
    portfolio,
    seed.map((project) => project.title),
  );
  // The full list has no visible heading: the banner names the page.
  const heading = page.locator('[data-section="portfolio/PortfolioPage"] h2');
  await expect(heading).toHaveText('Portfolio projects');
  expect((await heading.boundingBox())?.width).toBeLessThanOrEqual(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');
  await expect(portfolio.searchBox).toHaveAttribute('placeholder', 'Search Projects...');
  await expect(portfolio.searchButton).toBeVisible();
  await expect(portfolio.chips.getByRole('button')).toHaveText([...projectChips]);

  const newest = seed[0]!;
  const card = portfolio.card(newest.title);
  await expect(card).toContainText(newest.description);
  await expect(card.getByRole('img', { name: `Screenshot of ${newest.title}` })).toHaveAttribute(
    'src',
    new RegExp(`${newest.image_path.replace(/[.]/g, '\\.')}$`),
  );
  await expect
    .poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const images = portfolio.grid.getByRole('img');
  await expect(images.nth(0)).toHaveAttribute('loading', 'eager');
  await expect(images.nth(3)).toHaveAttribute('loading', 'lazy');
  expect(errors).toEqual([]);
});

test('searches titles case-insensitively, records the search, and an empty term restores the list', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const seed = await seededProjects();
  const portfolio = await openPortfolioPage(page);
  const events = await recordBusEvents(page);
  const term = 'TRACKER';
  const matching = seed.filter((project) => project.title.toLowerCase().includes('tracker'));
  expect(matching.length).toBeGreaterThan(0);

  await portfolio.searchBox.fill(term);
  await portfolio.searchButton.click();
  await expectShownTitles(
    portfolio,
    matching.map((project) => project.title),
  );
  await expect(portfolio.summary).toContainText(`with “${term}” in the title`);

  await portfolio.searchBox.fill('kanBAN');
  await portfolio.searchBox.press('Enter');
  await expectShownTitles(
    portfolio,
    seed.filter((project) => /kanban/i.test(project.title)).map((project) => project.title),
  );

  await portfolio.searchBox.fill('');
  await expectShownTitles(
    portfolio,
    seed.map((project) => project.title),
  );
  await expect.poll(events).toEqual([
    { name: 'userSearchForProject', searchTerm: 'TRACKER', resultCount: matching.length },
    {
      name: 'userSearchForProject',
      searchTerm: 'kanBAN',
      resultCount: seed.filter((project) => /kanban/i.test(project.title)).length,
    },
  ]);
  expect(errors).toEqual([]);
});

test('a chip filters by keyword, shows it in the box, and releases when pressed again or replaced by a term', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const seed = await seededProjects();
  const portfolio = await openPortfolioPage(page);
  const events = await recordBusEvents(page);
  const withKeyword = (keyword: string) =>
    seed.filter((project) => project.keywords.includes(keyword)).map((project) => project.title);

  await portfolio.chip('NEST.JS').click();
  await expect(portfolio.chip('NEST.JS')).toHaveAttribute('aria-pressed', 'true');
  await expect(portfolio.searchBox).toHaveValue('NEST.JS');
  await expectShownTitles(portfolio, withKeyword('nest.js'));
  await expect(portfolio.summary).toContainText('built with NEST.JS');

  await portfolio.chip('STATAMIC').click();
  await expect(portfolio.chip('NEST.JS')).toHaveAttribute('aria-pressed', 'false');
  await expectShownTitles(portfolio, withKeyword('statamic'));

  await portfolio.chip('STATAMIC').click();
  await expect(portfolio.chip('STATAMIC')).toHaveAttribute('aria-pressed', 'false');
  await expect(portfolio.searchBox).toHaveValue('');
  await expectShownTitles(
    portfolio,
    seed.map((project) => project.title),
  );

  // A chip's keyword is not searched in titles; a typed term is not matched against keywords.
  await portfolio.chip('ANGULAR').click();
  await expectShownTitles(portfolio, withKeyword('angular'));
  await portfolio.searchBox.fill('angular');
  await portfolio.searchBox.press('Enter');
  await expect(portfolio.chip('ANGULAR')).toHaveAttribute('aria-pressed', 'true');
  await portfolio.searchBox.fill('casa');
  await portfolio.searchBox.press('Enter');
  await expect(portfolio.chip('ANGULAR')).toHaveAttribute('aria-pressed', 'false');
  await expectShownTitles(
    portfolio,
    seed.filter((project) => /casa/i.test(project.title)).map((project) => project.title),
  );

  const searched = (searchTerm: string, shown: readonly unknown[]) => ({
    name: 'userSearchForProject',
    searchTerm,
    resultCount: shown.length,
  });
  await expect.poll(events).toEqual([
    searched('NEST.JS', withKeyword('nest.js')),
    searched('STATAMIC', withKeyword('statamic')),
    searched('ANGULAR', withKeyword('angular')),
    searched('ANGULAR', withKeyword('angular')),
    searched(
      'casa',
      seed.filter((project) => /casa/i.test(project.title)),
    ),
  ]);
  expect(errors).toEqual([]);
});

test('says so when nothing matches, and Show all projects brings the list back', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const seed = await seededProjects();
  const portfolio = await openPortfolioPage(page);
  // The focus is checked below: the toast is closed first, so that closing it does not take the focus mid-check.
  await dismissTheAd(page);
  await portfolio.searchBox.fill('quantum blockchain');
  await portfolio.searchBox.press('Enter');
  await expect(portfolio.summary).toHaveText(
    'No project title contains “quantum blockchain”. Try another word, or pick a keyword below the search box.',
  );
  await expect(portfolio.grid).toHaveCount(0);
  await portfolio.showAll.click();
  await expect(portfolio.searchBox).toHaveValue('');
  await expect(portfolio.searchBox).toBeFocused();
  await expectShownTitles(
    portfolio,
    seed.map((project) => project.title),
  );
  expect(errors).toEqual([]);
});

test('View Project opens the project in a new tab and records userViewsTheProject', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await answerProjectLinks(page);
  const seed = await seededProjects();
  const project = seed[1]!;
  const portfolio = await openPortfolioPage(page);
  const events = await recordBusEvents(page);
  const link = portfolio.card(project.title).getByRole('link', { name: /^View Project/ });
  await expect(link).toHaveAttribute('href', project.link_to_project);
  await expect(link).toHaveAttribute('target', '_blank');
  const popupPromise = page.waitForEvent('popup');
  await link.click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toBe(project.link_to_project);
  await popup.close();
  await expect.poll(events).toEqual([{ name: 'userViewsTheProject', projectTitle: project.title }]);
  expect(errors).toEqual([]);
});
