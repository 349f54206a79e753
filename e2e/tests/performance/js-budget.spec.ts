import type { Browser } from '@playwright/test';
import { expect, test } from '../../support/test.ts';
import { jsBudgetKB, laterJsBudgetKB, laterJsWindowMs } from '@site/bench/budgets';
import { measureJsBytes } from '@site/bench/jsBytes';
import { expectServedWhole } from '../../support/rendered.ts';

/**
 * The measurement of a page the server answered whole. Under load a section can miss its deadline on the server and be
 * left to the browser, which then loads its code after idle: the page is measured again until the page measured came
 * whole (expectServedWhole first makes that likely; it reads another answer of the server than the one measured). In
 * the page, the machine's speed moves nothing: its clock is held and moved only while nothing is on its way
 * (bench/jsBytes.mjs), so its quiet half second never comes before its first screen's code, and the seconds after
 * idle never reach the sections' fallback (a slow machine's idle came late enough for the fallback to load the
 * sections further down in the window: 42.8 KB against 20).
 */
async function measureWhole(browser: Browser, url: string, options?: { afterIdleMs: number }) {
  let bytes: Awaited<ReturnType<typeof measureJsBytes>> | undefined;
  await expect(async () => {
    bytes = await measureJsBytes(browser, url, options);
    expect(bytes.leftToBrowser, `${url}: sections left to the browser`).toEqual([]);
  }).toPass({ timeout: 60_000 });
  return bytes!;
}

// The JavaScript each route makes a phone download before the visitor does anything (until the page is idle by the
// product's rule, by the browser's network log and the page's own mark, whichever is later: bench/jsBytes.mjs), counted
// as gzip, against its budget. `npm run bench` prints the same figures next to Lighthouse's.
for (const [route, budgetKB] of Object.entries(jsBudgetKB)) {
  test(`${route} downloads at most ${budgetKB} KB of JavaScript (gzip) before the first interaction`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    await expectServedWhole(request, route);
    const bytes = await measureWhole(browser, new URL(route, baseURL).href);
    const kilobytes = Number((bytes.gzip / 1024).toFixed(1));
    const largest = [...bytes.files]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((file) => `${new URL(file.url).pathname} ${(file.gzip / 1024).toFixed(1)} KB`);
    test.info().annotations.push({ type: 'JS gzip', description: `${kilobytes} KB of ${budgetKB} KB` });
    console.log(
      `${route}: ${kilobytes} KB of JavaScript (gzip), budget ${budgetKB} KB, idle ${bytes.idleAfterLoadMs} ms after load on the page's clock`,
    );
    // The shell, React and the route's first section at least: a measurement that saw nothing is no pass.
    expect(bytes.files.length).toBeGreaterThan(3);
    expect(kilobytes, `largest files: ${largest.join(', ')}`).toBeLessThanOrEqual(budgetKB);
  });
}

// What idle starts (the Realtime client, the ad card and its animation) is the same on every route: measured on the
// home page, over the seconds after it is idle, with no interaction.
test(`the home page downloads at most ${laterJsBudgetKB} KB of JavaScript (gzip) once it is idle, before any interaction`, async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  await expectServedWhole(request, '/');
  const bytes = await measureWhole(browser, new URL('/', baseURL).href, { afterIdleMs: laterJsWindowMs });
  const kilobytes = Number((bytes.afterIdle.gzip / 1024).toFixed(1));
  const files = bytes.afterIdle.files.map(
    (file) => `${new URL(file.url).pathname} ${(file.gzip / 1024).toFixed(1)} KB`,
  );
  console.log(
    `/: ${kilobytes} KB of JavaScript (gzip) in the ${laterJsWindowMs} ms after idle: ${files.join(', ')}`,
  );
  // The Realtime client at least: a measurement that saw nothing is no pass.
  expect(bytes.afterIdle.files.length).toBeGreaterThan(0);
  expect(kilobytes, files.join(', ')).toBeLessThanOrEqual(laterJsBudgetKB);
});
