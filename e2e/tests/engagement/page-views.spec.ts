// Every page a visitor reads is counted once, without cookies, whatever the site's app does: a visit without
// JavaScript (the page's image in <noscript>), a visit whose app never starts (the page's own inline beacon), the
// pages read inside the site once the app runs (each navigation), and the newsletter's archive (no script: its image).
// Each is a row of page_views with its route, its campaign (utm_*) and the visitor's day-salted hash; two browsers
// behind one address are two visitors. In Chromium,
// against the local backend. Each test is a browser of its own (a user agent no other test has): the suite's own
// headless Chromium announces itself ("HeadlessChrome") and is, as a bot, never counted.
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test } from '../../support/test.ts';
import { forgetBrowserWrites } from '../../support/anonymousWrites.ts';
import { ownerDatabase } from '../../support/database.ts';
import { waitForFrameLive } from '../../support/sections.ts';
import { siteUrl } from '../../support/site.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { uniqueToken } from './engagementSite.ts';

// The whole suite is one client to the backend: these tests need the client's allowance of page views.
test.beforeEach(() => forgetBrowserWrites('pageViews'));
// A visit of two or three pages, each rendered by the server, on a machine half as fast as this one.
test.describe.configure({ timeout: 60_000 });

interface ViewRow {
  path: string;
  source: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  device: string;
  visitor: string;
}

/** A desktop Chrome of a version no other test uses: a visitor of its own. */
function browserOfItsOwn(): string {
  const build = Math.floor(Math.random() * 9000) + 1000;
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${build}.${Date.now() % 1000} Safari/537.36`;
}

async function visitor(browser: Browser, options: { javaScriptEnabled?: boolean; userAgent?: string } = {}) {
  return browser.newContext({
    baseURL: siteUrl,
    storageState: visitorWhoSawThePopup,
    userAgent: options.userAgent ?? browserOfItsOwn(),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
}

/** The views of the visitor whose first view carried this campaign, in order, once there are `count` of them. */
async function viewsOfCampaignVisitor(campaign: string, count: number): Promise<ViewRow[]> {
  let views: ViewRow[] = [];
  await expect
    .poll(
      async () => {
        const database = ownerDatabase();
        const first = await database
          .from('page_views')
          .select('visitor')
          .eq('utm_campaign', campaign)
          .limit(1);
        if (first.error) throw new Error(first.error.message);
        const hash = (first.data as { visitor: string }[])[0]?.visitor;
        if (!hash) return 0;
        const all = await database
          .from('page_views')
          .select('path, source, utm_source, utm_campaign, device, visitor')
          .eq('visitor', hash)
          .order('id');
        if (all.error) throw new Error(all.error.message);
        views = all.data as ViewRow[];
        return views.length;
      },
      { timeout: 15_000 },
    )
    .toBe(count);
  return views;
}

let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
  context = undefined;
});

test('a visit without JavaScript is counted, every page it reads, with its campaign', async ({ browser }) => {
  context = await visitor(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  const campaign = uniqueToken('e2e-nojs');
  // From a link on another website: the image the page asks for does not know it (docs/owner.md says so).
  await page.goto(`/about?utm_source=mastodon&utm_campaign=${campaign}`, {
    waitUntil: 'domcontentloaded',
    referer: 'https://news.example/item?id=1',
  });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A link followed by the browser itself: a new page, counted by its own image.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Courses', exact: true })
    .click();
  await expect(page).toHaveURL(/\/courses$/);
  const views = await viewsOfCampaignVisitor(campaign, 2);
  expect(
    views.map(({ path, source, utm_source, utm_campaign, device }) => ({
      path,
      source,
      utm_source,
      utm_campaign,
      device,
    })),
  ).toEqual([
    { path: '/about', source: null, utm_source: 'mastodon', utm_campaign: campaign, device: 'desktop' },
    { path: '/courses', source: null, utm_source: null, utm_campaign: null, device: 'desktop' },
  ]);
});

test("a visit whose app never starts is counted, by the page's own beacon", async ({ browser }) => {
  context = await visitor(browser);
  const page = await context.newPage();
  // No script file of the site ever arrives: the app, the sections, nothing but what the page holds inline.
  const blocked: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (route) => {
      blocked.push(route.request().url());
      return route.abort();
    },
  );
  const campaign = uniqueToken('e2e-noapp');
  await page.goto(`/tutorials?utm_campaign=${campaign}`, { waitUntil: 'domcontentloaded' });
  const [view] = await viewsOfCampaignVisitor(campaign, 1);
  expect(view?.path).toBe('/tutorials');
  // The page asked for its app, which never came: the frame is still the server's.
  await expect.poll(() => blocked.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(0);
});

test("the newsletter's archive, which runs no script, counts itself by its image", async ({ browser }) => {
  context = await visitor(browser);
  const page = await context.newPage();
  const campaign = uniqueToken('e2e-archive');
  await page.goto(`/newsletter/issues?utm_source=newsletter&utm_campaign=${campaign}`, {
    waitUntil: 'domcontentloaded',
  });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const [view] = await viewsOfCampaignVisitor(campaign, 1);
  expect(view).toMatchObject({
    path: '/newsletter/issues',
    utm_source: 'newsletter',
    utm_campaign: campaign,
  });
});

test('three pages read in one visit are three page views of one visitor', async ({ browser }) => {
  context = await visitor(browser);
  const page = await context.newPage();
  const campaign = uniqueToken('e2e-three');
  await page.goto(`/?utm_campaign=${campaign}`);
  await waitForFrameLive(page);
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await navbar.getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await navbar.getByRole('link', { name: 'Courses', exact: true }).click();
  await expect(page).toHaveURL(/\/courses$/);
  // A search on the page is the same page.
  await page.getByRole('search').getByRole('searchbox').fill('angular');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/courses\?q=angular$/);
  const views = await viewsOfCampaignVisitor(campaign, 3);
  expect(views.map((view) => view.path)).toEqual(['/', '/about', '/courses']);
  expect(views.map((view) => view.utm_campaign)).toEqual([campaign, null, null]);
});

test('two browsers behind one address are two visitors', async ({ browser }) => {
  const campaign = uniqueToken('e2e-two');
  const contexts = [await visitor(browser), await visitor(browser)];
  try {
    // The page counts itself once its HTML is parsed: the load event is not waited for.
    await Promise.all(
      contexts.map(async (each) =>
        (await each.newPage()).goto(`/help?utm_campaign=${campaign}`, { waitUntil: 'domcontentloaded' }),
      ),
    );
    await expect
      .poll(
        async () => {
          const { data, error } = await ownerDatabase()
            .from('page_views')
            .select('visitor')
            .eq('utm_campaign', campaign);
          if (error) throw new Error(error.message);
          return new Set((data as { visitor: string }[]).map((row) => row.visitor)).size;
        },
        { timeout: 15_000 },
      )
      .toBe(2);
  } finally {
    await Promise.all(contexts.map((each) => each.close()));
  }
});
