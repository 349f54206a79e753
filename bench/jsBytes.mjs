// The JavaScript a route makes the browser download before the visitor does anything: every script response from
// navigation until the network is idle, counted as gzip (what the budget is written in) and as sent (brotli).
import { gzipSync } from 'node:zlib';

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @returns {Promise<{ gzip: number, transferred: number, files: { url: string, gzip: number, transferred: number }[] }>}
 */
export async function measureJsBytes(browser, url) {
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
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, transferred: 0 });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.transferred = event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = [];
  for (const script of scripts.values()) {
    const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
    files.push({
      url: script.url,
      transferred: script.transferred,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  await context.close();
  const sum = (key) => files.reduce((total, file) => total + file[key], 0);
  return { gzip: sum('gzip'), transferred: sum('transferred'), files };
}
