// The main thread's tasks while a page starts: from navigation until a few seconds after the load event (the app's
// start, its hydration, the first-screen sections' hydration once the page is idle), from a Chromium trace. Prints
// the longest tasks, unthrottled and at 4x CPU slowdown. The goal: every startup task under 12 ms unthrottled.
//   SITE_PORT_OFFSET=600 node bench/startupTasks.mjs [--url http://127.0.0.1:3600] [--routes /,/courses] [--runs 3]
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../tools/browser/chromium.mjs';
import { sitePortsFor } from '../tools/serve/serveSite.mjs';

/** How long after the load event the trace goes on: past the page's idle point, when the first screen hydrates. */
const afterLoadMs = 5000;

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {number} cpuSlowdown
 * @returns {Promise<number[]>} the durations (ms) of the renderer main thread's tasks, longest first
 */
export async function startupTasks(browser, url, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(() =>
    localStorage.setItem('newsletterTimestamp', String(Date.UTC(2100, 0, 1))),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', '__metadata'] });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(afterLoadMs);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  await context.close();
  const events = trace.traceEvents ?? trace;
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const start = events.find((event) => event.name === 'navigationStart')?.ts ?? 0;
  return events
    .filter(
      (event) =>
        (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
        event.ph === 'X' &&
        event.ts >= start &&
        mainThreads.has(`${event.pid}:${event.tid}`),
    )
    .map((event) => event.dur / 1000)
    .sort((a, b) => b - a);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      routes: { type: 'string', default: '/,/courses' },
      runs: { type: 'string', default: '3' },
    },
  });
  const site =
    values.url ?? `http://127.0.0.1:${sitePortsFor(Number(process.env.SITE_PORT_OFFSET ?? 0)).shell}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const route of values.routes.split(',')) {
      for (const slowdown of [1, 4]) {
        const runs = [];
        for (let run = 0; run < Number(values.runs); run += 1)
          runs.push(await startupTasks(browser, `${site}${route}`, slowdown));
        const longest = runs.map((tasks) => tasks[0] ?? 0).sort((a, b) => a - b);
        const over12 = runs.map((tasks) => tasks.filter((ms) => ms >= 12).length).sort((a, b) => a - b);
        console.log(
          `${route} at ${slowdown}x CPU: longest task ${longest.map((ms) => ms.toFixed(1)).join(' / ')} ms; ` +
            `tasks ≥ 12 ms per run ${over12.join(' / ')}; top 5 of the median run ` +
            runs[Math.floor(runs.length / 2)]
              .slice(0, 5)
              .map((ms) => ms.toFixed(1))
              .join(', '),
        );
      }
    }
  } finally {
    await browser.close();
  }
}
