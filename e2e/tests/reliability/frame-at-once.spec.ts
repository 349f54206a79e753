// The frame at once with the backend frozen (docs/security.md): a copy of the site reaches its backend through the
// fault proxy, frozen (connections open, nothing answers) from before its first visitor, and each route's frame
// (banner, navbar, footer) is on screen soon after the visitor opens it, whatever the backend does. A copy of its own:
// each page is rendered here for its first visitor (dependency-faults.spec's site keeps pages between its tests).
import { expect, test, type Page } from '@playwright/test';
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

test("backend frozen: each route's frame is on screen at once, before the page could even tell the backend hangs", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  for (const { path, banner } of expectedPages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await asVisitorWhoSawThePopup(page);
    await page.goto(`${site!.url}${path}`, { waitUntil: 'commit' });
    // The server waits for the backend only within its own deadlines (300 ms for a page's sections, and 300 ms for
    // /courses' structured data before that), then answers without what it could not read; the frame is in that
    // HTML. Painted 0.4-1.2 s after the open with both cores busy (load average 12-14), up to 3.5 s (a page that
    // reads nothing) at 20, one visitor at a time; nine at once took up to 14.7 s there, whatever they read. The
    // bound is the page's own read deadline: the frame is on screen before the page can tell that the backend hangs,
    // and a server that waits for the backend past that (or forever) fails.
    const paintedMs = await firstPaint(page);
    test.info().annotations.push({
      type: `${path}: frame painted after the open (ms)`,
      description: String(paintedMs),
    });
    expect(paintedMs, `${path}: the frame painted after the open (ms)`).toBeLessThan(deadlines.pageReadMs);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(banner);
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
    await context.close();
  }
});
