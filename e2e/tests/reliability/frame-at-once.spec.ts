// The frame at once with the backend frozen (docs/security.md): a copy of the site reaches its backend through the
// fault proxy, frozen (connections open, nothing answers) from before its first visitor, and each route's frame
// (banner, navbar, footer) is on screen at once, as soon as the same page with the backend answering, whatever the
// backend does. A copy of its own: each page is rendered here for its first visitor (dependency-faults.spec's site
// keeps pages between its tests).
import { expect, test, type Browser, type Page } from '../../support/test.ts';
import { deadlines } from '../../support/deadlines.ts';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy.ts';
import { expectedPages } from '../../support/pages.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { ports } from '../../support/site.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';

const siteOffset = 200;

let backend: FaultProxy | undefined;
let site: SecondSite | undefined;

test.beforeAll(async () => {
  backend = await startFaultProxy(ports.backend + siteOffset, ports.backend);
  backend.set({ kind: 'freeze' });
  site = await startSecondSite(siteOffset, { backendPort: backend.port });
});

test.afterAll(async () => {
  await site?.close();
  await backend?.close();
});

/**
 * When the page's first paint came, in its own time from the visitor's open (navigation start): the frame is in the
 * page's HTML, so it is on screen from that paint.
 */
async function firstPaint(page: Page): Promise<number> {
  const painted = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  );
  return Math.round((await painted.jsonValue()) as number);
}

/** The route's first paint on this site, for a returning visitor in a context of its own. */
async function paintOf(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await asVisitorWhoSawThePopup(page);
    await page.goto(url, { waitUntil: 'commit' });
    return await firstPaint(page);
  } finally {
    await context.close();
  }
}

/**
 * The bound, above the same page's first paint with the backend answering, opened just before on the suite's site: the
 * server gives up on the backend within its own deadlines for a page (300 ms for the courses' structured data, then
 * 300 ms for the sections), so the frame comes at once; a server that waits for the backend waits until its render
 * deadline (10 s, then the prerendered page) or forever, and misses it by seconds. A loaded machine does not make the
 * same page 5 s slower by accident. How fast "at once" is: `npm run bench` (bench/latency.mjs), median and p95.
 */
const frozenPaintBoundMs = deadlines.serverRenderMs / 2;

test("backend frozen: each route's frame is on screen at once, as soon as with the backend answering", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const { path, banner } of expectedPages) {
    const healthyMs = await paintOf(browser, path);
    const context = await browser.newContext();
    const page = await context.newPage();
    await asVisitorWhoSawThePopup(page);
    await page.goto(`${site!.url}${path}`, { waitUntil: 'commit' });
    // The frame is in the HTML the server sends without the backend (its slots left to the browser, the head without
    // the rows it could not read): painted from that HTML.
    const frozenMs = await firstPaint(page);
    test.info().annotations.push({
      type: `${path}: first paint, backend frozen / answering (ms)`,
      description: `${frozenMs} / ${healthyMs}`,
    });
    expect(
      frozenMs - healthyMs,
      `${path}: painted later with the backend frozen than answering (ms)`,
    ).toBeLessThan(frozenPaintBoundMs);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(banner);
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
    await context.close();
  }
});
