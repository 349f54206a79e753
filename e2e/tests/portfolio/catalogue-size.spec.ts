// A catalogue of any size: with 300 more projects (added through the service role, as the owner's dashboard would, and
// removed after), /portfolio still arrives with one bounded page of cards, its page data holds that page only, and a
// plain link (rel="next") leads to the next page, with JavaScript and without. The added projects are older than the
// seed and named as live rows (which the other specs leave out), so specs running meanwhile still find the seed first.
import { expect, test, type Page } from '../../support/test.ts';
import { cataloguePageSize } from '@site/shared-ui/searchAddress';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { openRendered } from '../../support/rendered.ts';
import { waitForSectionReady } from '../../support/sections.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { liveRowPrefix, portfolioPage, seededProjects } from './portfolioSite.ts';

const extraProjects = 300;
/** What one page of /portfolio may weigh as HTML, whatever the catalogue holds (about 45 KB with the seed's 10). */
const pageHtmlBudgetKB = 120;

// One worker for the whole file: the 300 projects are added once, and no other worker of this file adds or removes
// some while a test reads its pages.
test.describe.configure({ mode: 'serial' });

let ids: string[] = [];

test.beforeAll(async () => {
  const [newestSeed] = await seededProjects();
  const label = uniqueLabel(`${liveRowPrefix} catalogue`);
  const rows = Array.from({ length: extraProjects }, (_, index) => ({
    title: `${label} ${String(index + 1).padStart(3, '0')}`,
    description: 'One of many projects, added to see the portfolio hold its size.',
    // A picture the seed shows already: the pictures the pages and the sitemap list stay the same.
    image_path: newestSeed!.image_path,
    link_to_project: `https://example.com/catalogue-size/${index + 1}`,
    // Older than the seed, one a minute: the seed stays on the first page, newest first.
    created_at: new Date(Date.UTC(2001, 0, 1) + (extraProjects - index) * 60_000).toISOString(),
  }));
  for (let start = 0; start < rows.length; start += 100) {
    const { data, error } = await ownerDatabase()
      .from('projects')
      .insert(rows.slice(start, start + 100))
      .select('id');
    if (error) throw new Error(`inserting projects: ${error.message}`);
    ids.push(...(data as { id: string }[]).map((row) => row.id));
  }
});

test.afterAll(async () => {
  for (let start = 0; start < ids.length; start += 100) {
    const { error } = await ownerDatabase()
      .from('projects')
      .delete()
      .in('id', ids.slice(start, start + 100));
    if (error) throw new Error(`deleting projects: ${error.message}`);
  }
  ids = [];
});

/** Every card's title on the page, the added ones included. */
const cardTitles = (page: Page) =>
  portfolioPage(page).grid.getByRole('heading', { level: 3 }).allTextContents();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/portfolio holds one bounded page, its data that page only, and a link to the next that works', async ({
    page,
  }) => {
    // The server may answer once more from the page it kept before the projects were added: a page whose table
    // changed is served as it was while it renders again (an owner's edit shows from the next visit on).
    let html = '';
    let first: string[] = [];
    await expect(async () => {
      html = await (await openRendered(page, '/portfolio'))!.text();
      first = await cardTitles(page);
      expect(first).toHaveLength(cataloguePageSize);
    }).toPass({ timeout: 30_000 });
    expect(html.length / 1024).toBeLessThan(pageHtmlBudgetKB);
    const pageData = JSON.parse((await page.locator('#page-data').textContent()) ?? '{}') as {
      data: Record<string, { rows?: unknown[]; matches?: number }>;
    };
    const [answer] = Object.values(pageData.data);
    expect(answer?.rows).toHaveLength(cataloguePageSize);
    expect(answer?.matches).toBeGreaterThanOrEqual(extraProjects + 10);

    const next = page.locator('a[rel="next"]');
    await expect(next).toHaveAttribute('href', '/portfolio?page=2#project-results');
    await next.click();
    await expect(page).toHaveURL(/\/portfolio\?page=2#project-results$/);
    await openRendered(page, '/portfolio?page=2');
    const second = await cardTitles(page);
    expect(second).toHaveLength(cataloguePageSize);
    expect(second.filter((title) => first.includes(title))).toEqual([]);
    await expect(page.locator('a[rel="prev"]')).toHaveAttribute('href', '/portfolio#project-results');
    await expect(page.getByRole('navigation', { name: 'Pages of projects' })).toContainText('Page 2 of');
  });
});

test('the next page is one click away with JavaScript too, the search kept', async ({ page }) => {
  await dismissTheAdWhenInTheWay(page);
  await page.goto('/portfolio?q=catalogue');
  await waitForSectionReady(page, 'portfolio/PortfolioPage');
  const first = await cardTitles(page);
  expect(first).toHaveLength(cataloguePageSize);
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/portfolio\?q=catalogue&page=2#project-results$/);
  await expect
    .poll(async () => (await cardTitles(page)).filter((title) => first.includes(title)))
    .toEqual([]);
  expect(await cardTitles(page)).toHaveLength(cataloguePageSize);
  await page.goBack();
  await expect.poll(() => cardTitles(page)).toEqual(first);
});
