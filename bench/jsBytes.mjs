// The JavaScript a route makes the browser download before the visitor does anything: every script requested from
// navigation until the network is idle, or until the page itself says it is idle (the 'site:page-idle' mark, when it
// starts its deferred work: the Realtime client) if that comes first, counted as gzip (what the budget is written in)
// and as sent (brotli). Optionally also what arrives in the seconds after that, still without any interaction (the
// bench prints it: the Realtime client once the page is idle, the ad card when its toast is due).
import { gzipSync } from 'node:zlib';

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ afterIdleMs?: number }} [options] keep counting this long after the network went idle, separately
 * @returns {Promise<{ gzip: number, transferred: number, files: { url: string, gzip: number, transferred: number }[],
 *   afterIdle: { gzip: number, files: { url: string, gzip: number, transferred: number }[] } }>}
 */
export async function measureJsBytes(browser, url, { afterIdleMs = 0 } = {}) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  // A returning visitor who saw the newsletter pop-up: the pop-up is measured by its own tests.
  await context.addInitScript(() =>
    localStorage.setItem('newsletterTimestamp', String(Date.UTC(2100, 0, 1))),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map();
  /** When each request was sent, in ms since the epoch (the page's clock, as performance.timeOrigin counts). */
  const sentAt = new Map();
  cdp.on('Network.requestWillBeSent', (event) => sentAt.set(event.requestId, event.wallTime * 1000));
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, transferred: 0 });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.transferred = event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The page may have fallen idle (by its own measure: nothing finished loading for a second) while a slow request
  // was still under way; what it started then is its deferred work, not its first screen's.
  const pageIdleAt = await page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return entry ? performance.timeOrigin + entry.startTime : Infinity;
  }, 'site:page-idle');
  const beforeIdle = new Set([...scripts.keys()].filter((id) => (sentAt.get(id) ?? 0) < pageIdleAt));
  if (afterIdleMs > 0) await page.waitForTimeout(afterIdleMs);
  const files = [];
  const later = [];
  for (const [requestId, script] of scripts) {
    const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
    (beforeIdle.has(requestId) ? files : later).push({
      url: script.url,
      transferred: script.transferred,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  await context.close();
  const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
  return {
    gzip: sum(files, 'gzip'),
    transferred: sum(files, 'transferred'),
    files,
    afterIdle: { gzip: sum(later, 'gzip'), files: later },
  };
}
