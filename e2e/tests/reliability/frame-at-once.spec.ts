// The frame with the backend frozen (docs/security.md): a copy of the site reaches its backend through the fault proxy,
// frozen (connections open, nothing answers) from before its first visitor, and each route's frame (banner, navbar,
// footer) is on screen from the HTML of the server's own render, which gave up on the backend at its short deadlines
// (300 ms for the courses' structured data, then 300 ms for the sections) and left those sections to the browser. A
// server that waited for the backend would wait until its render deadline (10 s), then serve the prerendered page, or
// forever: either way not this answer. How soon the frame is there, against the same page with the backend answering,
// is a figure of the bench (bench/latency.mjs), not a bound here. A copy of its own: each page is rendered here for
// its first visitor (dependency-faults.spec's site keeps pages between its tests).
import { expect, test } from '../../support/test.ts';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy.ts';
import { expectedPages } from '../../support/pages.ts';
import { slotsOfHtml } from '../../support/rendered.ts';
import { expectEverySectionsCodeLoaded, startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { ports } from '../../support/site.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';

const siteOffset = 200;

let backend: FaultProxy | undefined;
let site: SecondSite | undefined;

// One site for the file's tests, one test per route, in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // A copy's start and its code's load, on the slowest machine of our kind.
  test.setTimeout(120_000);
  backend = await startFaultProxy(ports.backend + siteOffset, ports.backend);
  backend.set({ kind: 'freeze' });
  site = await startSecondSite(siteOffset, { backendPort: backend.port });
  // The backend is what this is about: the sections' code is in first (run A: the first render of / gave up on
  // portfolio/HomeAbout's code, still on its way, not on the backend).
  await expectEverySectionsCodeLoaded(site);
});

test.afterAll(async () => {
  await site?.close();
  await backend?.close();
});

for (const { path, banner } of expectedPages) {
  test(`backend frozen: ${path}'s frame is painted from the server's render, what needs the backend left to the browser`, async ({
    page,
  }) => {
    await asVisitorWhoSawThePopup(page);
    const response = await page.goto(`${site!.url}${path}`, { waitUntil: 'commit' });
    // Rendered by the server (the prerendered fallback has no such header).
    expect(response?.headers()['x-page-render'], path).toMatch(
      /^(server|server-shared|cache-fresh|cache-stale)$/,
    );
    // The frame is in that HTML, painted from it.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(banner);
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
    // What the server could not read for a section (its data is the backend's) was left to the browser at the slot's
    // deadline; a section that reads nothing is rendered all the same.
    const { rendered, left } = slotsOfHtml(await response!.text());
    expect([...rendered, ...left].length, `${path} has slots`).toBeGreaterThan(0);
    for (const module of left)
      expect(
        site!.log.some((line) =>
          line.includes(`[server render] ${path}: ${module} left to the browser (not ready within`),
        ),
        `${path}: ${module} left to the browser at its deadline`,
      ).toBe(true);
  });
}
