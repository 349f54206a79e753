// How long a catalogue search keeps the visitor waiting for the next frame: on /courses, at 4x CPU slowdown, once the
// page has loaded and the network is quiet (the visitor has read the page), type a term into the title search and
// submit it. The page's own Event Timing entries (PerformanceObserver, `event`, every entry from 16 ms) give each
// interaction's latency, input to the next paint, as INP counts it; the figure is the longest interaction.

const cpuSlowdown = 4;
const term = 'Angular';

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url the courses page
 * @returns {Promise<{ maxMs: number, interactions: { name: string, durationMs: number }[], resultsAfterMs: number }>}
 */
export async function measureSearchLatency(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  // A returning visitor who saw the newsletter pop-up, as in the JavaScript figures.
  await context.addInitScript(() => {
    localStorage.setItem('newsletterTimestamp', String(Date.UTC(2100, 0, 1)));
    /** @type {{ name: string, interactionId: number, duration: number }[]} */
    const entries = [];
    Object.assign(window, { __eventEntries: entries });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { name, duration, interactionId } = /** @type {PerformanceEventTiming} */ (entry);
        if (interactionId) entries.push({ name, interactionId, duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // The section is live (hydrated): a search typed before would be a form sent without JavaScript, a page load.
    await page
      .locator('[data-section="courses/CoursesPage"][data-ready="true"]')
      .waitFor({ state: 'attached' });
    const box = page.getByRole('searchbox', { name: 'Search courses by title' });
    const summary = page.getByRole('region', { name: 'All courses' }).getByRole('status');
    await box.click();
    await box.pressSequentially(term);
    const submittedAt = Date.now();
    await box.press('Enter');
    await summary.filter({ hasText: `“${term}”` }).waitFor();
    const resultsAfterMs = Date.now() - submittedAt;
    // The last interaction's entry is written after its next paint.
    await page.waitForTimeout(500);
    /** @type {{ name: string, interactionId: number, duration: number }[]} */
    const entries = await page.evaluate(() => /** @type {any} */ (window).__eventEntries);
    const byInteraction = new Map();
    for (const entry of entries) {
      const known = byInteraction.get(entry.interactionId);
      if (!known || entry.duration > known.durationMs)
        byInteraction.set(entry.interactionId, { name: entry.name, durationMs: entry.duration });
    }
    const interactions = [...byInteraction.values()];
    return {
      // An interaction under 16 ms writes no entry: its latency is below the threshold.
      maxMs: Math.max(16, ...interactions.map((interaction) => interaction.durationMs)),
      interactions,
      resultsAfterMs,
    };
  } finally {
    await context.close();
  }
}
