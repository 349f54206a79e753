import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, portOffset, siteUrl, workers } from './support/site.ts';
import { secondSiteOrigins } from './support/secondSite.ts';
import { visitorWhoSawThePopup } from './support/visitor.ts';

export default defineConfig({
  testDir: './tests',
  // One folder per port offset, so runs side by side never delete each other's traces.
  outputDir: `./test-results/offset-${portOffset}`,
  // Safety nets, sized for a machine half as fast as ours (one core): every test waits for a state it names, so a
  // passing test never waits for them, and a failing one says what it waited for.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers,
  retries: 0,
  forbidOnly: true,
  // The run as it goes, then its slowest tests and spec files.
  reporter: [['list'], ['./support/slowestTests.ts']],
  use: {
    baseURL: siteUrl,
    // Tests of anything but the newsletter pop-up start as a visitor who saw it; its own specs choose their visitor.
    storageState: visitorWhoSawThePopup,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    // No trace by default: recording one (a DOM snapshot and a screenshot at every step) cost the suite a third of its
    // time on this 2-core machine (33 tests: 305 s of test time with traces, 188 s without, back to back), and CI
    // keeps none to open. A failure says what it saw (error context, screenshot, the live specs' timelines); to look
    // closer, run the spec again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The production build (npm test builds first) and a throwaway copy of the seeded database.
    command: 'node ../scripts/serve.mjs --fresh-backend --quiet',
    url: `${siteUrl}/`,
    reuseExistingServer: false,
    // A safety net: a fresh clone's first start builds the backend's database from the migrations (a minute on a slow
    // machine), then the site's server warms its sections.
    timeout: 300_000,
    env: { SITE_PORT_OFFSET: String(portOffset), SUPABASE_LOCAL_CORS_ORIGINS: secondSiteOrigins.join(',') },
    stdout: 'pipe',
    stderr: 'pipe',
    // serve.mjs stops the backend it started (in its own process group) on SIGTERM; a plain SIGKILL of the group
    // would leave the backend running and holding the output pipe, and Playwright would wait for it forever.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
