// Every page arrives rendered. The shell's server composes each page from the sections' server builds and
// their data, so a visitor without JavaScript (or a crawler, or a link-preview bot) gets the projects, videos,
// courses, about text and help documents in the HTML; the browser then hydrates that HTML without a mismatch and
// without fetching the rendered data again before its live updates start.
import { expect, test, type Page } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { openRendered } from '../../support/rendered.ts';
import { expectedPages } from '../../support/pages.ts';
import { seededCourses } from '../courses/coursesSite.ts';
import { legalPages } from '../help/helpPages.ts';
import { featuredProjects, portfolioPage, seededProjects } from '../portfolio/portfolioSite.ts';
import { ports } from '../../support/site.ts';
import { tutorialsPage, videosInDatabaseOrder, pageSize } from '../tutorials/tutorialsSite.ts';

/** Every slot of the page holds its section's HTML from the server: none is a placeholder. */
async function expectEverySlotRendered(page: Page, path: string) {
  const slots = page.locator('[data-section]');
  expect(await slots.count(), `${path} has slots`).toBeGreaterThan(0);
  for (const slot of await slots.all()) {
    const module = await slot.getAttribute('data-section');
    await expect(slot, `${path} ${module}`).toHaveAttribute('data-rendered', 'server');
    await expect(slot.locator('[aria-busy="true"]'), `${path} ${module}`).toHaveCount(0);
  }
}

/** What each page's sections show from the database, as the server rendered them (a page not listed: its slots). */
const renderedContent: Record<string, (page: Page) => Promise<void>> = {
  '/': async (page) => {
    const featured = (await seededProjects())
      .filter((project) => project.featured_rank !== null)
      .sort((a, b) => (a.featured_rank ?? 0) - (b.featured_rank ?? 0))
      .map((project) => project.title);
    await expect(featuredProjects(page).titles()).toHaveText(featured);
  },
  '/about': async (page) => {
    await expect(page.getByRole('img', { name: 'Illustrated portrait of Alex Morgan' })).toHaveAttribute(
      'src',
      /\/storage\/v1\/object\/public\/content\/owner\/alex-morgan-portrait\.webp$/,
    );
    await expect(page.getByRole('heading', { name: 'Full-Stack Web Developer' })).toBeVisible();
  },
  '/portfolio': async (page) => {
    const portfolio = portfolioPage(page);
    for (const project of await seededProjects()) {
      await expect(portfolio.grid.getByRole('heading', { name: project.title, exact: true })).toBeVisible();
    }
  },
  '/tutorials': async (page) => {
    const mostViewed = (await videosInDatabaseOrder('views')).slice(0, pageSize).map((video) => video.title);
    expect(mostViewed.length).toBeGreaterThan(0);
    await expect(tutorialsPage(page).grid.getByRole('heading', { level: 3 })).toHaveText(mostViewed);
  },
  '/courses': async (page) => {
    for (const course of await seededCourses()) {
      await expect(page.getByRole('heading', { name: course.title, exact: true })).toBeVisible();
    }
  },
  ...Object.fromEntries(
    legalPages.map((legal) => [
      legal.path,
      async (page: Page) => {
        const document = page.locator('[data-section="help/HelpRoutes"]');
        await expect(document.getByRole('link', { name: legal.navLink, exact: true })).toBeVisible();
        expect((await document.innerText()).length, legal.path).toBeGreaterThan(1_000);
      },
    ]),
  ),
};

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  // One test per page: each may open its page more than once (openRendered), and nine in one test took longer than
  // its time on one core.
  for (const { path, banner } of expectedPages) {
    test(`${path} has all its sections rendered, with the data from the database`, async ({ page }) => {
      await openRendered(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(banner);
      await expectEverySlotRendered(page, path);
      await renderedContent[path]?.(page);
    });
  }
});

/** The reads of each page's server-rendered sections (their loaders), as REST paths; a page not listed reads none. */
const renderedReadsByPage: Record<string, string[]> = {
  '/': ['read /rest/v1/projects'],
  '/portfolio': ['read /rest/v1/rpc/search_catalogue'],
  '/tutorials': ['read /rest/v1/rpc/search_videos', 'read /rest/v1/testimonials'],
  '/courses': ['read /rest/v1/rpc/search_catalogue', 'read /rest/v1/testimonials'],
};

test.describe('with JavaScript on', () => {
  // One test per page, opened whole, hydrated down to its last slot (the home page's lower ones by themselves, 6 s
  // after load) and followed until it is live.
  for (const { path } of expectedPages) {
    test(`${path} hydrates its HTML without a mismatch, and reads its data again only once it is live`, async ({
      page,
    }) => {
      const errors = collectConsoleErrors(page);
      // What the page asks the database for, and when its live updates (the Realtime socket) started.
      const events: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/rest/v1/')) events.push(`read ${new URL(request.url()).pathname}`);
      });
      page.on('websocket', () => events.push('live'));
      const response = await openRendered(page, path, () => (events.length = 0));
      expect(response?.headers()['x-page-render'], path).toMatch(
        /^(server|server-shared|cache-fresh|cache-stale)$/,
      );
      await expectEverySlotRendered(page, path);
      // Every slot hydrates, those further down too (as the visitor nears them, or by themselves a few seconds after
      // load): a mismatch in any of them is logged only then.
      await expect(
        page.locator('[data-section]:not([data-ready="true"])'),
        `${path}: slots not hydrated`,
      ).toHaveCount(0, { timeout: 15_000 });
      // The REST paths of the data the server embedded ('projects:created_at:desc', 'rpc:search_videos:{…}').
      const embedded = (await page.locator('#page-data').textContent()) ?? '{}';
      const embeddedReads = Object.keys((JSON.parse(embedded) as { data: object }).data).map((key) => {
        const [first, second] = key.split(':');
        return first === 'rpc' ? `read /rest/v1/rpc/${second}` : `read /rest/v1/${first}`;
      });
      // What each page's sections read on the server (their loaders), known here, not taken from the page: a page
      // that embedded nothing would otherwise expect nothing.
      const renderedReads = renderedReadsByPage[path] ?? [];
      expect([...new Set(embeddedReads)].sort(), `${path}: the data the server embedded`).toEqual(
        renderedReads,
      );
      if (renderedReads.length > 0) {
        // Live updates start once the page has hydrated and is idle; then it catches up on what changed since.
        await expect.poll(() => events.includes('live'), { message: `${path} goes live` }).toBe(true);
      } else {
        await page.waitForLoadState('networkidle');
      }
      const beforeLive = events.includes('live') ? events.slice(0, events.indexOf('live')) : events;
      expect(
        beforeLive.filter((read) => renderedReads.includes(read)),
        `${path}: rendered data read again before the page went live`,
      ).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test("a search typed and sent before the section's code runs is kept and runs once the section is live", async ({
    page,
  }) => {
    // The portfolio section's code is held back until the visitor has typed and pressed Enter.
    let releaseCode = () => {};
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    await page.route(
      (url) => url.port === String(ports.portfolio) && url.pathname.endsWith('.js'),
      async (route) => {
        await codeHeld;
        await route.continue();
      },
    );
    await page.goto('/portfolio', { waitUntil: 'domcontentloaded' });
    const portfolio = portfolioPage(page);
    const projects = await seededProjects();
    const term = projects[0]!.title;
    await portfolio.searchBox.fill(term);
    await portfolio.searchBox.press('Enter');
    await expect(page.locator('[data-section="portfolio/PortfolioPage"]')).not.toHaveAttribute('data-ready');
    releaseCode();
    await expect(page.locator('[data-section="portfolio/PortfolioPage"]')).toHaveAttribute(
      'data-ready',
      'true',
    );
    // Still the same page (no native submission reloaded it), the text kept, and the search ran.
    await expect(portfolio.searchBox).toHaveValue(term);
    await expect(portfolio.grid.getByRole('heading', { level: 3 })).toContainText([term]);
    await expect(portfolio.summary).toContainText(term);
  });
});
