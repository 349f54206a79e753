// The visitor journeys in three engines: Chromium, Firefox and WebKit (e2e/engines/). The built site and a fresh
// backend, as for the Chromium suite (playwright.config.ts); the backend also allows the journeys' proxy origins.
import { defineConfig } from '@playwright/test';
import type { EngineOptions } from './engines/fixtures.ts';
import { portOffset, siteUrl, workers } from './support/site.ts';
import { journeyOrigins, maxWorkers } from './engines/fixtures.ts';
import type { Engine } from './engines/engineDriver.ts';

const project = (engine: Engine, testIgnore?: RegExp) => ({ name: engine, use: { engine }, testIgnore });

export default defineConfig<object, EngineOptions>({
  testDir: './engines/journeys',
  outputDir: `./test-results/engines-offset-${portOffset}`,
  timeout: 60_000,
  fullyParallel: true,
  workers: Math.min(maxWorkers, workers),
  retries: 0,
  forbidOnly: true,
  // The run as it goes, then its slowest tests and spec files.
  reporter: [['list'], ['./support/slowestTests.ts']],
  projects: [
    project('chromium'),
    project('firefox'),
    // WebKit's classic WebDriver sees no requests: the count of fetches per file runs where it can be counted.
    project('webkit', /fetch-once/),
  ],
  webServer: {
    command: 'node ../scripts/serve.mjs --fresh-backend --quiet',
    url: `${siteUrl}/`,
    reuseExistingServer: false,
    // A safety net: a fresh clone's first start builds the backend's database from the migrations (a minute on a slow
    // machine), then the site's server warms its sections.
    timeout: 300_000,
    env: { SITE_PORT_OFFSET: String(portOffset), SUPABASE_LOCAL_CORS_ORIGINS: journeyOrigins.join(',') },
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
