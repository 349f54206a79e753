// The journeys' test: `visitor` is a fresh browser session of the project's engine, browsing the site through the
// probe proxy. After the journey, its last page is left and every error seen on the way fails it: console errors,
// uncaught errors, unhandled rejections, failed loads and Content-Security-Policy reports, in every engine.
import { expect, test as base } from '@playwright/test';
import { portOffset, siteUrl } from '../support/site.ts';
import type { Engine } from './engineDriver.ts';
import type { EngineLauncher } from './engineLauncher.ts';
import { launchChromium } from './chromiumDriver.ts';
import { launchFirefox } from './firefoxDriver.ts';
import { launchWebKit } from './webkitDriver.ts';
import { startProbeProxy, type ProbeProxy } from './probeProxy.ts';
import { Visitor } from './visitor.ts';

/** At most this many workers run the journeys; each has its own proxy and WebKitWebDriver port. */
export const maxWorkers = 3;
const proxyPort = (parallelIndex: number) => 3150 + portOffset + parallelIndex;
const webkitDriverPort = (parallelIndex: number) => 3160 + portOffset + parallelIndex;

/** The proxies' origins, which the backend must allow (CORS). */
export const journeyOrigins = Array.from(
  { length: maxWorkers },
  (_, index) => `http://127.0.0.1:${proxyPort(index)}`,
);

/** The option each project of playwright.engines.config.ts sets. */
export interface EngineOptions {
  engine: Engine;
}

export const test = base.extend<
  { visitor: Visitor },
  EngineOptions & { launcher: EngineLauncher; probeProxy: ProbeProxy }
>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  probeProxy: [
    // Playwright reads the fixtures a fixture needs from its first parameter: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, run, workerInfo) => {
      const proxy = await startProbeProxy(siteUrl, proxyPort(workerInfo.parallelIndex));
      await run(proxy);
      await proxy.close();
    },
    { scope: 'worker' },
  ],
  launcher: [
    async ({ engine }, run, workerInfo) => {
      const launcher =
        engine === 'chromium'
          ? await launchChromium()
          : engine === 'firefox'
            ? await launchFirefox()
            : await launchWebKit(webkitDriverPort(workerInfo.parallelIndex));
      await run(launcher);
      await launcher.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  visitor: async ({ launcher, probeProxy }, run) => {
    const driver = await launcher.newDriver();
    try {
      const visitor = new Visitor(driver, probeProxy.url);
      await run(visitor);
      expect(await visitor.problemsAfterLeaving(), `errors in ${driver.engine}`).toEqual([]);
    } finally {
      await driver.close();
    }
  },
});

export { expect };
