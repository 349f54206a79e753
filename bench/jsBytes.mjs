// The JavaScript a route makes the browser download before the visitor does anything: every script asked for from
// navigation until the page is idle, counted as gzip (what the budget is written in) and as sent (brotli); and,
// optionally, what idle starts (the Realtime client, the ad card) in the seconds after it, still with no interaction.
// "Idle" is the product's own rule (shared-ui's whenPageIdle): the site's code starts at the load event, and the page
// is idle once, after that start, no resource has finished loading for half a second and the main thread is free (or
// six seconds after the load event, with the sections further down, on a page that never falls quiet).
//
// The page's clock is held (Playwright's clock: its timers, idle callbacks, Date and performance.now run only as moved
// here) and moved a quarter second at a time, each step's requests answered before the next: the page counts its
// quiet half second only once what it asked for has come, however slowly this machine answers or runs the page's
// code. So the reading is the product's rule, not the machine's speed: a busy machine, whose first screen's code
// arrived after the page's quiet half second in real time, no longer moves what idle starts into the first count.
// Each script is placed by the page itself, in the order its code asked for them: a script element the page inserts
// (webpack's chunks, the federation runtime's entries, the app's main.js) and the idle mark land in one log, in the
// page's own order, so a script is before idle or after it with no second clock and no allowance. A script the log
// does not see (one named in the HTML) counts before idle.
import { gzipSync } from 'node:zlib';

/** The product's numbers (shared-ui/src/hooks/whenPageIdle.ts, afterFirstInteraction.ts). */
const pageIdleMarkName = 'site:page-idle';
const enhancementFallbackMs = 6_000;

/** How far the page's clock moves in one step: less than the page's quiet half second. */
const stepMs = 250;

/** In the page, before its own scripts: one ordered log of the scripts it inserts, its load event and its idle mark. */
function logScriptsAndIdle(idleMark) {
  const log = [];
  Object.assign(window, { jsBytesLog: log });
  const note = (entry) => log.push({ ...entry, at: performance.now() });
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLScriptElement && node.src) note({ kind: 'script', url: node.src });
  }).observe(document, { childList: true, subtree: true });
  window.addEventListener('load', () => note({ kind: 'load' }), { once: true });
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (name === idleMark) note({ kind: 'idle' });
    return mark(name, ...rest);
  };
}

/**
 * Which scripts are before idle and which in the window after it, from the page's log (its own order and clock, ms)
 * and the scripts the browser fetched (by URL). Before idle: every script the page asked for before its idle mark,
 * and any it asked for in another way than a script element (the log does not see it). After: those it asked for
 * from the mark on, until `afterIdleMs` past it, and never from the sections' fallback on (what the visitor's
 * engagement or the page's first seconds start is the sections', not idle's).
 * @param {{ kind: 'script' | 'load' | 'idle', url?: string, at: number }[]} log
 * @param {string[]} fetched the scripts' URLs, in the order the browser asked for them
 * @param {number} afterIdleMs
 */
export function placeScripts(log, fetched, afterIdleMs) {
  const idleIndex = log.findIndex((entry) => entry.kind === 'idle');
  const idleAt = log[idleIndex]?.at ?? Infinity;
  const loadAt = log.find((entry) => entry.kind === 'load')?.at ?? 0;
  const windowEnd = Math.min(idleAt + afterIdleMs, loadAt + enhancementFallbackMs);
  const askedAt = new Map();
  log.forEach((entry, index) => {
    if (entry.kind === 'script' && !askedAt.has(entry.url)) askedAt.set(entry.url, { index, at: entry.at });
  });
  const before = [];
  const later = [];
  const afterWindow = [];
  for (const url of fetched) {
    const asked = askedAt.get(url);
    if (!asked || asked.index < idleIndex || idleIndex < 0) before.push(url);
    else if (asked.at < windowEnd) later.push(url);
    else afterWindow.push(url);
  }
  return { before, later, afterWindow, idleAfterLoadMs: idleAt - loadAt };
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ afterIdleMs?: number }} [options] also count this long after the page went idle, separately
 * @returns {Promise<{ gzip: number, transferred: number,
 *   files: { url: string, gzip: number, transferred: number }[],
 *   afterIdle: { gzip: number, files: { url: string, gzip: number, transferred: number }[] },
 *   idleAfterLoadMs: number, leftToBrowser: string[] }>}
 */
export async function measureJsBytes(browser, url, { afterIdleMs = 0 } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    // A returning visitor who saw the newsletter pop-up: the pop-up is measured by its own tests.
    await context.addInitScript(() =>
      localStorage.setItem('newsletterTimestamp', String(Date.UTC(2100, 0, 1))),
    );
    await context.clock.install();
    await context.clock.pauseAt(Date.now() + 1_000);
    await context.addInitScript(logScriptsAndIdle, pageIdleMarkName);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    /** Scripts by request, in the order asked for: their address and the bytes sent for them. */
    const scripts = new Map();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, transferred: 0 });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.transferred = event.encodedDataLength;
    });
    // What the page has asked for and not yet received (Playwright's count: no preflights, no sockets).
    let underWay = 0;
    page.on('request', () => (underWay += 1));
    page.on('requestfinished', () => (underWay -= 1));
    page.on('requestfailed', () => (underWay -= 1));
    const readLog = () => page.evaluate(() => /** @type {any} */ (window).jsBytesLog);
    /** Moves the page's clock a step, then waits until what the step asked for has come. */
    const step = async (ms = stepMs) => {
      await page.clock.runFor(ms);
      for (let waited = 0; underWay > 0; waited += 50) {
        if (waited > 120_000) throw new Error(`${url}: requests still under way two minutes after a step`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    await page.goto(url, { waitUntil: 'load' });
    // The sections the server left to the browser (past their deadline on a busy server): their code comes later.
    const leftToBrowser = await page
      .locator('[data-section]:not([data-rendered="server"])')
      .evaluateAll((slots) => slots.map((slot) => slot.getAttribute('data-section')));
    // To the idle mark (six seconds of the page's time at the latest: the rule's own bound), then the window after.
    let log = await readLog();
    for (let moved = 0; !log.some((entry) => entry.kind === 'idle'); moved += stepMs) {
      if (moved > enhancementFallbackMs + 2_000) throw new Error(`${url}: the page never marked itself idle`);
      await step();
      log = await readLog();
    }
    const idleAt = log.find((entry) => entry.kind === 'idle').at;
    const loadAt = log.find((entry) => entry.kind === 'load')?.at ?? idleAt;
    // The window after idle ends before the sections' fallback: the clock never reaches it.
    const windowMs = Math.min(afterIdleMs, loadAt + enhancementFallbackMs - 1 - idleAt);
    for (let moved = 0; moved < windowMs; moved += stepMs) await step(Math.min(stepMs, windowMs - moved));
    log = await readLog();

    const fetched = [...scripts.values()];
    const placed = placeScripts(
      log,
      fetched.map((script) => script.url),
      afterIdleMs,
    );
    const measured = async (urls) =>
      Promise.all(
        fetched
          .filter((script) => urls.includes(script.url))
          .map(async (script) => ({
            url: script.url,
            transferred: script.transferred,
            gzip: gzipSync(Buffer.from(await (await fetch(script.url)).arrayBuffer()), { level: 9 }).length,
          })),
      );
    const files = await measured(placed.before);
    const later = await measured(placed.later);
    const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
    return {
      gzip: sum(files, 'gzip'),
      transferred: sum(files, 'transferred'),
      files,
      afterIdle: { gzip: sum(later, 'gzip'), files: later },
      // On the page's clock, which moved only while nothing was on its way: the product's rule, not a latency.
      idleAfterLoadMs: Math.round(placed.idleAfterLoadMs),
      leftToBrowser,
    };
  } finally {
    await context.close();
  }
}
