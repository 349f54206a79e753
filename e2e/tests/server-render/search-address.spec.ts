// A search is an address: /portfolio?q=…&chip=…, /courses?q=…&chip=… and /tutorials?q=…&sort=… are rendered on the
// server with only the matching cards, so a search can be shared and bookmarked and works without JavaScript (the
// search box and the chips are a plain GET form); each search has one spelling (any other answers 301 to it), and the
// page's canonical link is the page's, without the query. With JavaScript, searching goes to the search's address,
// one history entry per search, so the back button brings the previous search back, and each search the visitor
// makes is recorded once (an address opened or gone back to is not a search of theirs).
import { expect, test, type Page } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import { openRendered } from '../../support/rendered.ts';
import { waitForSectionReady } from '../../support/sections.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { coursesPage, seededCourses } from '../courses/coursesSite.ts';
import { portfolioPage, seededProjects } from '../portfolio/portfolioSite.ts';
import { tutorialsPage, videosInDatabaseOrder } from '../tutorials/tutorialsSite.ts';

test.use({ storageState: visitorWhoSawThePopup });

const byTitle = (titles: readonly string[]) => [...titles].sort((a, b) => a.localeCompare(b));

/** The grid's titles as the page shows them, the rows live specs add meanwhile left out. */
async function expectTitles(shown: () => Promise<string[]>, expected: readonly string[]) {
  await expect.poll(async () => byTitle(await shown())).toEqual(byTitle(expected));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a portfolio search opened from its address shows only its matches, for a term and for a chip', async ({
    page,
  }) => {
    const seed = await seededProjects();
    const portfolio = portfolioPage(page);

    await openRendered(page, '/portfolio?q=TRACKER');
    const tracker = seed.filter((project) => /tracker/i.test(project.title)).map((project) => project.title);
    expect(tracker.length).toBeGreaterThan(0);
    expect(tracker.length).toBeLessThan(seed.length);
    await expectTitles(portfolio.shownTitles, tracker);
    await expect(portfolio.searchBox).toHaveValue('TRACKER');
    await expect(portfolio.summary).toContainText('with “TRACKER” in the title');

    await openRendered(page, '/portfolio?chip=ANGULAR');
    await expectTitles(
      portfolio.shownTitles,
      seed.filter((project) => project.keywords.includes('angular')).map((project) => project.title),
    );
    await expect(portfolio.chip('ANGULAR')).toHaveAttribute('aria-pressed', 'true');
    // The page's canonical address is the page's, whatever the search.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/portfolio$/);
  });

  test('a courses search opened from its address shows only its matches', async ({ page }) => {
    const seed = await seededCourses();
    const courses = coursesPage(page);
    await openRendered(page, '/courses?q=angular');
    const angular = seed.filter((course) => /angular/i.test(course.title)).map((course) => course.title);
    expect(angular.length).toBeGreaterThan(0);
    expect(angular.length).toBeLessThan(seed.length);
    await expectTitles(courses.shownTitles, angular);
    await expect(courses.summary).toContainText('match “angular”');

    await openRendered(page, '/courses?chip=NODEJS');
    await expectTitles(
      courses.shownTitles,
      seed.filter((course) => course.keywords.includes('nodejs')).map((course) => course.title),
    );
  });

  test('a tutorials search opened from its address shows only its matches, in its sort', async ({ page }) => {
    const tutorials = tutorialsPage(page);
    const expected = (await videosInDatabaseOrder('recent', 'websockets')).map((video) => video.title);
    expect(expected.length).toBeGreaterThan(0);
    await openRendered(page, '/tutorials?q=websockets&sort=recent');
    await expect.poll(() => tutorials.shownTitles()).toEqual(expected);
    await expect(tutorials.searchBox).toHaveValue('websockets');
    await expect(tutorials.sortMenu).toHaveValue('RECENT');
    await expect(tutorials.summary).toContainText('sorted by recent');
  });

  test('the search box, a chip and the sort are a plain GET form: the page loads that search, in its one spelling', async ({
    page,
  }) => {
    const seed = await seededProjects();
    const portfolio = portfolioPage(page);
    await openRendered(page, '/portfolio');
    await portfolio.searchBox.fill('  kanban ');
    await portfolio.searchBox.press('Enter');
    await expect(page).toHaveURL(/\/portfolio\?q=kanban$/);
    await openRendered(page, page.url());
    await expectTitles(
      portfolio.shownTitles,
      seed.filter((project) => /kanban/i.test(project.title)).map((project) => project.title),
    );

    // A chip sends its keyword; the chosen chip, pressed again, releases it.
    await portfolio.chip('CSS').click();
    await expect(page).toHaveURL(/\/portfolio\?chip=CSS$/);
    await openRendered(page, page.url());
    await expect(portfolio.chip('CSS')).toHaveAttribute('aria-pressed', 'true');
    await portfolio.chip('CSS').click();
    await expect(page).toHaveURL(/\/portfolio$/);

    const tutorials = tutorialsPage(page);
    await openRendered(page, '/tutorials');
    await tutorials.sortMenu.selectOption('TRENDING');
    await tutorials.searchBox.fill('node');
    await tutorials.searchButton.click();
    await expect(page).toHaveURL(/\/tutorials\?q=node&sort=trending$/);
  });
});

test('every other spelling of a search answers 301 to its one spelling', async ({ request }) => {
  for (const [spelling, canonical] of [
    ['/portfolio?chip=angular&q=x', '/portfolio?chip=ANGULAR'],
    ['/courses?page=1&q=%20Angular%20', '/courses?q=Angular'],
    // A campaign's fields are kept, after the search's own: the page counts its visit with them (page-views).
    ['/tutorials?sort=RECENT&q=Signals&utm_source=mail', '/tutorials?q=Signals&sort=recent&utm_source=mail'],
    ['/tutorials?sort=views', '/tutorials'],
  ] as const) {
    const response = await request.get(spelling, { maxRedirects: 0 });
    expect(response.status(), spelling).toBe(301);
    expect(response.headers().location, spelling).toBe(canonical);
  }
});

async function openReady(page: Page, path: string, module: string) {
  await dismissTheAdWhenInTheWay(page);
  await page.goto(path);
  await waitForSectionReady(page, module);
}

test('the back button restores the previous search: its address, its box, its chip and its cards', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const seed = await seededCourses();
  const courses = coursesPage(page);
  const titles = (pattern: RegExp) => seed.filter((course) => pattern.test(course.title)).map((c) => c.title);
  const tagged = (keyword: string) =>
    seed.filter((course) => course.keywords.includes(keyword)).map((c) => c.title);
  await openReady(page, '/courses', 'courses/CoursesPage');
  const events = await recordBusEvents(page);

  await courses.searchBox.fill('angular');
  await courses.searchBox.press('Enter');
  await expect(page).toHaveURL(/\/courses\?q=angular$/);
  await expectTitles(courses.shownTitles, titles(/angular/i));
  await courses.chip('CSS').click();
  await expect(page).toHaveURL(/\/courses\?chip=CSS$/);
  await expectTitles(courses.shownTitles, tagged('css'));

  await page.goBack();
  await expect(page).toHaveURL(/\/courses\?q=angular$/);
  await expect(courses.searchBox).toHaveValue('angular');
  await expect(courses.chip('CSS')).toHaveAttribute('aria-pressed', 'false');
  await expectTitles(courses.shownTitles, titles(/angular/i));

  await page.goBack();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(courses.searchBox).toHaveValue('');
  await expectTitles(courses.shownTitles, titles(/./));

  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/\/courses\?chip=CSS$/);
  await expect(courses.chip('CSS')).toHaveAttribute('aria-pressed', 'true');
  await expectTitles(courses.shownTitles, tagged('css'));

  // The visitor's two searches, once each: going back and forth searches nothing.
  expect((await events()).filter((event) => event.name === 'userSearchForCourse')).toEqual([
    { name: 'userSearchForCourse', searchTerm: 'angular', resultCount: 1 },
    { name: 'userSearchForCourse', searchTerm: 'CSS', resultCount: 2 },
  ]);
  expect(errors).toEqual([]);
});

test('typing goes nowhere: only a search is a history entry, and back leaves the page searched before', async ({
  page,
}) => {
  const portfolio = portfolioPage(page);
  await page.goto('/about');
  await openReady(page, '/portfolio', 'portfolio/PortfolioPage');
  await portfolio.searchBox.pressSequentially('kanban');
  await expect(page).toHaveURL(/\/portfolio$/);
  await portfolio.searchBox.press('Enter');
  await expect(page).toHaveURL(/\/portfolio\?q=kanban$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/portfolio$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test('the back button brings the previous sort of the tutorials back, with its order', async ({ page }) => {
  const tutorials = tutorialsPage(page);
  await openReady(page, '/tutorials', 'tutorials/TutorialsPage');
  await tutorials.sortMenu.selectOption('RECENT');
  await expect(page).toHaveURL(/\/tutorials\?sort=recent$/);
  await expect
    .poll(() => tutorials.shownTitles())
    .toEqual((await videosInDatabaseOrder('recent')).map((video) => video.title));
  await page.goBack();
  await expect(page).toHaveURL(/\/tutorials$/);
  await expect(tutorials.sortMenu).toHaveValue('VIEWS');
  await expect
    .poll(() => tutorials.shownTitles())
    .toEqual((await videosInDatabaseOrder('views')).map((video) => video.title));
});
