// Live from the first second: a dashboard edit reaches a page opened one second earlier with no interaction at all (no
// pointer, key, scroll or click, so nothing but the page's own start-up starts its live updates). How fast is the
// product's promise (2 s), a figure of the machine it runs on: `npm run bench` measures it, median and 95th
// percentile (bench/latency.mjs). Here the edit must show by itself: a page whose live updates wait for an
// interaction, or that misses an edit made before its subscription was live, never shows it (the wait's timeout is
// a safety net, sized for a slow machine). Specs using this install no locator handler: one would click the ad
// toast's close button.
import { test, type Locator, type Page } from '@playwright/test';
import { deadlines } from './deadlines.ts';

/** The edit comes this long after the page opened (its load event, in the page's own time). */
export const editAfterOpeningMs = 1_000;

/** A section arrives through Module Federation after the page: allow for a busy machine before the clock starts. */
const sectionArrivalTimeout = 40_000;

/**
 * How long to look for the edit's text before it counts as never shown: the page's Realtime deadline (opening the
 * socket, joining) and its catch-up read's, twice over for a machine half as fast.
 */
const neverShownTimeout = 2 * (deadlines.realtimeMs + deadlines.backgroundReadMs);

export interface LiveEdit {
  /** Checks that each text appeared on the page by itself; notes how long after the edit, in the page's own time. */
  expectShownByItself(): Promise<void>;
}

/**
 * Opens the page and waits for its section (`arrived`), then makes the owner's edit one second after the page's load
 * event (at once, when the section took longer than that on a busy machine). The visitor does nothing. `shows` are
 * the texts the edit puts on the page; the page notes, in its own time, when each first appears.
 */
export async function editOneSecondAfterOpening(
  page: Page,
  path: string,
  arrived: Locator,
  edit: () => Promise<void>,
  shows: string[],
): Promise<LiveEdit> {
  await page.goto(path);
  await arrived.waitFor({ timeout: sectionArrivalTimeout });
  await page.evaluate((texts) => {
    const win = window as unknown as { shownAt: Record<string, number> };
    win.shownAt = {};
    const look = () => {
      // What the visitor reads: not the page's data block (a script) that the server embedded.
      const parts = Array.from(document.body.children).filter((element) => element.tagName !== 'SCRIPT');
      for (const text of texts) {
        if (win.shownAt[text] === undefined && parts.some((element) => element.textContent?.includes(text)))
          win.shownAt[text] = performance.now();
      }
    };
    new MutationObserver(look).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    look();
  }, shows);
  const editAt = await page.evaluate(async (afterMs) => {
    const loadedAt = performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number;
    const wait = loadedAt + afterMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return performance.now();
  }, editAfterOpeningMs);
  await edit();
  return {
    async expectShownByItself() {
      const shownAt = await page.waitForFunction(
        (texts) => {
          const { shownAt } = window as unknown as { shownAt: Record<string, number> };
          return texts.every((text) => shownAt[text] !== undefined) && shownAt;
        },
        shows,
        { timeout: neverShownTimeout },
      );
      const times = (await shownAt.jsonValue()) as Record<string, number>;
      for (const text of shows) {
        const tookMs = Math.round(times[text]! - editAt);
        test
          .info()
          .annotations.push({ type: `"${text}" shown after the edit (ms)`, description: String(tookMs) });
      }
    },
  };
}
