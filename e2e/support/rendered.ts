// A page as the server renders it whole, for tests of what the server's HTML holds (a visitor without JavaScript, a
// crawler).
import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';

/**
 * Opens the page as the server renders it whole. On a loaded machine a section can miss its deadline on the server
 * (deadlines.serverSlotMs) and be left to the browser, as designed; the server then renders the page whole in the
 * background for the next visitor, so the page is opened again until it comes whole (within a bound), rather than the
 * test failing on the machine's load. That the first visitors after a start find the sections' code loaded (the
 * server's warm-up) is warm-up.spec's. `beforeOpen` runs once the previous page is unloaded, before each attempt.
 */
export async function openRendered(
  page: Page,
  path: string,
  beforeOpen = () => {},
): Promise<Response | null> {
  let response: Response | null = null;
  await expect(async () => {
    // The previous page is unloaded first: its own late requests (the catch-up once it went live) are not this page's.
    await page.goto('about:blank');
    beforeOpen();
    response = await page.goto(path);
    const leftToBrowser = await page
      .locator('[data-section]:not([data-rendered="server"])')
      .evaluateAll((slots) => slots.map((slot) => slot.getAttribute('data-section')));
    expect(leftToBrowser, `${path}: sections left to the browser`).toEqual([]);
  }).toPass({ timeout: 20_000 });
  return response;
}

/** The modules the server rendered into a page's HTML, and those it left to the browser. */
export function slotsOfHtml(html: string): { rendered: string[]; left: string[] } {
  const slots = [...html.matchAll(/<div[^>]*data-section="([^"]+)"([^>]*)>/g)].map(([, module, rest]) => ({
    module: module!,
    rendered: /data-rendered="server"/.test(rest ?? ''),
  }));
  return {
    rendered: slots.filter((slot) => slot.rendered).map((slot) => slot.module),
    left: slots.filter((slot) => !slot.rendered).map((slot) => slot.module),
  };
}

/** The same, of the page the server answers now. */
export async function slotsOf(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const html = await response.text();
  return { html, ...slotsOfHtml(html) };
}

/**
 * Waits until the server answers the page whole, every section rendered there (see openRendered: under load a section
 * can be left to the browser, which then loads that section's code itself; the next visitor gets it whole). For a
 * measurement of the page as it is served whole. `url`: a path of the suite's site, or another site's full address.
 */
export async function expectServedWhole(request: APIRequestContext, url: string): Promise<void> {
  await expect
    .poll(async () => (await slotsOf(request, url)).left, {
      message: `${url}: sections left to the browser`,
      timeout: 20_000,
    })
    .toEqual([]);
}
