// The JavaScript a route makes the browser download before the visitor does anything: every script requested from
// navigation until the page is idle, counted as gzip (what the budget is written in) and as sent (brotli).
// "Idle" is the product's own rule (shared-ui's whenPageIdle): the site's code starts at the load event, and the page
// is idle once, after that start, no resource has finished loading for half a second (or six seconds after the load
// event on a page that never falls quiet). Two readings of it, and the later one counts: the network log's (the load
// event, then the first quiet half second), which no page can move earlier, and the page's own mark
// (`site:page-idle`), which sees what the log cannot (the app's code running between two downloads, a gap the log
// takes for quiet on a busy machine). A page that calls itself idle early hides nothing, one that has not yet started
// its code is not measured as done, and a slow machine moves the point with both. What the page asks for once it is
// idle (the Realtime client, the ad card) is what idle starts: it does not hold the log's quiet back, however slowly it
// arrives, as long as the log agrees that the network had fallen quiet by the mark. Optionally also what arrives in
// the seconds after that, still without any interaction (the bench prints it).
import { gzipSync } from 'node:zlib';

/** The product's numbers (shared-ui/src/hooks/whenPageIdle.ts NETWORK_QUIET_MS, afterFirstInteraction.ts). */
const networkQuietS = 0.5;
const idleAtTheLatestAfterLoadS = 6;
/** Two records of one moment (the page's mark, the log's request) are this close at most. */
const sameMomentS = 0.02;
/**
 * How much later than the page's mark the log may see the network fall quiet and still agree with it: the log stamps
 * an arrival in the browser process, the page in its own, and on a busy machine the two are apart by more than a
 * moment. Under half the quiet window, so a page that marks itself idle before half a second of quiet (at the load
 * event, say) is still read by the log alone.
 */
const agreementS = 0.25;

/** The page's own mark of the moment it became idle (shared-ui/src/hooks/whenPageIdle.ts PAGE_IDLE_MARK). */
const pageIdleMarkName = 'site:page-idle';

/** Requests the page's own measure of the network (resource timing) does not see. */
const unseenByThePage = new Set(['Document', 'Preflight', 'WebSocket']);

/**
 * When the page is idle by the product's rule, on the network log's clock (seconds): `loadAt` is the load event,
 * `finishes` every time a resource the page sees finished loading. `now` is the log's present: without a quiet
 * second yet and before the latest point, the answer is not known (undefined).
 * @param {number} loadAt
 * @param {number[]} finishes
 * @param {number} now
 */
export function idleFromNetworkLog(loadAt, finishes, now) {
  const latest = loadAt + idleAtTheLatestAfterLoadS;
  let quietFrom = loadAt;
  for (const finish of [...finishes].sort((a, b) => a - b)) {
    if (finish <= quietFrom) continue;
    if (finish - quietFrom >= networkQuietS) break;
    quietFrom = finish;
  }
  const idleAt = Math.min(quietFrom + networkQuietS, latest);
  return idleAt <= now ? idleAt : undefined;
}

/**
 * When each of `requests` sent before `moment` finished.
 * @param {{ sent: number, finish: number }[]} requests
 * @param {number} moment
 */
function finishesSentBefore(requests, moment) {
  return requests.filter((request) => request.sent < moment).map((request) => request.finish);
}

/**
 * The later of the network log's idle point and the page's own mark (`markAt`, undefined while the page has not
 * marked), each capped at six seconds after the load event; undefined while either is still unknown at `now`.
 * `requests` are the resources the page sees, when each was sent and finished (log's clock, seconds). What was sent
 * from the mark on is left out of the log's reading when the log, without it, had fallen quiet by the mark (within
 * `agreementS`): else the log reads every arrival.
 * @param {number} loadAt
 * @param {{ sent: number, finish: number }[]} requests
 * @param {number | undefined} markAt
 * @param {number} now
 */
export function idleFromLogAndMark(loadAt, requests, markAt, now) {
  const latest = loadAt + idleAtTheLatestAfterLoadS;
  const byPage = markAt === undefined ? (now >= latest ? latest : undefined) : Math.min(markAt, latest);
  if (byPage === undefined) return undefined;
  const beforeMark = idleFromNetworkLog(loadAt, finishesSentBefore(requests, byPage - sameMomentS), now);
  if (beforeMark === undefined) return undefined;
  const byNetwork =
    beforeMark <= byPage + agreementS
      ? beforeMark
      : idleFromNetworkLog(loadAt, finishesSentBefore(requests, Infinity), now);
  return byNetwork === undefined ? undefined : Math.max(byNetwork, byPage);
}

/**
 * The page's idle mark, in seconds after its load event (undefined before it is set): both on the page's own clock,
 * so that the network log's load event places it on the log's clock with no second clock in between. The log's
 * Page.loadEventFired is stamped once the event's handlers have run, the page's loadEventEnd (measured: 1-8 ms after
 * loadEventStart on a quiet machine, the app's start and the federation runtime's microtasks run in them; more under
 * load, when counting from loadEventStart put the Realtime client, asked for 1 ms after the mark, 21 ms before it).
 */
async function pageIdleAfterLoad(page) {
  return page
    .evaluate((name) => {
      const mark = performance.getEntriesByName(name, 'mark')[0];
      const navigation = performance.getEntriesByType('navigation')[0];
      if (mark === undefined || !navigation?.loadEventEnd) return undefined;
      return (mark.startTime - navigation.loadEventEnd) / 1000;
    }, pageIdleMarkName)
    .catch(() => undefined);
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ afterIdleMs?: number }} [options] keep counting this long after the page went idle, separately
 * @returns {Promise<{ gzip: number, transferred: number,
 *   files: { url: string, sentAfterLoadMs: number, gzip: number, transferred: number }[],
 *   afterIdle: { gzip: number, files: { url: string, sentAfterLoadMs: number, gzip: number, transferred: number }[] },
 *   idleAfterLoadMs: number, leftToBrowser: string[], markAfterLoadMs: number | undefined, networkIdleAfterLoadMs: number,
 *   networkIdleBeforeMarkAfterLoadMs: number | undefined }>}
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
  await cdp.send('Page.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map();
  /** When each request was sent, on the network log's clock (seconds). */
  const sentAt = new Map();
  const seenByThePage = new Set();
  /** @type {{ sent: number, finish: number }[]} */
  const requests = [];
  let loadAt;
  /** The log's clock minus the wall clock's (seconds), to tell the log's present. */
  let clockOffset;
  cdp.on('Network.requestWillBeSent', (event) => {
    sentAt.set(event.requestId, event.timestamp);
    clockOffset ??= event.timestamp - event.wallTime;
    if (
      !unseenByThePage.has(event.type ?? '') &&
      // A CORS preflight (this Chromium logs some as 'Other'): the page's timeline has no entry for it.
      event.request.method !== 'OPTIONS' &&
      !new URL(event.request.url).pathname.startsWith('/favicon')
    ) {
      seenByThePage.add(event.requestId);
    }
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, { url: event.response.url, transferred: 0 });
  });
  const finished = (event) => {
    if (seenByThePage.has(event.requestId))
      requests.push({ sent: sentAt.get(event.requestId), finish: event.timestamp });
  };
  cdp.on('Network.loadingFinished', (event) => {
    finished(event);
    const script = scripts.get(event.requestId);
    if (script) script.transferred = event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', finished);
  cdp.on('Page.loadEventFired', (event) => (loadAt ??= event.timestamp));
  await page.goto(url, { waitUntil: 'load' });
  // The sections the server left to the browser (past their deadline on a busy server): their code comes later.
  const leftToBrowser = await page
    .locator('[data-section]:not([data-rendered="server"])')
    .evaluateAll((slots) => slots.map((slot) => slot.getAttribute('data-section')));
  let idleAt;
  let markAt;
  while (idleAt === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (loadAt === undefined) continue;
    const markAfterLoad = await pageIdleAfterLoad(page);
    markAt = markAfterLoad === undefined ? undefined : loadAt + markAfterLoad;
    idleAt = idleFromLogAndMark(loadAt, requests, markAt, Date.now() / 1000 + clockOffset);
  }
  // What the page asks for as it becomes idle (the Realtime client, the ad card, a millisecond after its mark) is
  // what idle starts: the log and the page are two processes' records of one moment, a few milliseconds apart.
  const beforeIdle = new Set(
    [...scripts.keys()].filter((id) => (sentAt.get(id) ?? Infinity) < idleAt - sameMomentS),
  );
  if (afterIdleMs > 0) await page.waitForTimeout(afterIdleMs);
  const afterLoadMs = (moment) => Math.round((moment - loadAt) * 1000);
  const files = [];
  const later = [];
  for (const [requestId, script] of scripts) {
    const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
    (beforeIdle.has(requestId) ? files : later).push({
      url: script.url,
      sentAfterLoadMs: afterLoadMs(sentAt.get(requestId) ?? loadAt),
      transferred: script.transferred,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  await context.close();
  const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
  /** The log's quiet counting what was sent before `moment`. */
  const networkQuiet = (moment) =>
    afterLoadMs(idleFromNetworkLog(loadAt, finishesSentBefore(requests, moment), Infinity) ?? idleAt);
  return {
    gzip: sum(files, 'gzip'),
    transferred: sum(files, 'transferred'),
    files,
    afterIdle: { gzip: sum(later, 'gzip'), files: later },
    idleAfterLoadMs: afterLoadMs(idleAt),
    leftToBrowser,
    // The readings of the idle point, for a figure that needs explaining.
    markAfterLoadMs: markAt === undefined ? undefined : afterLoadMs(markAt),
    networkIdleAfterLoadMs: networkQuiet(Infinity),
    networkIdleBeforeMarkAfterLoadMs: markAt === undefined ? undefined : networkQuiet(markAt - sameMomentS),
  };
}
