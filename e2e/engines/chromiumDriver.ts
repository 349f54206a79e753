// Chromium through Playwright (Debian's build, as the rest of the e2e suite drives it).
import { chromium, type ElementHandle, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/site.ts';
import type { ElementQuery, EngineDriver, InPage } from './engineDriver.ts';
import type { EngineLauncher } from './engineLauncher.ts';

async function element(page: Page, query: ElementQuery): Promise<ElementHandle<HTMLElement>> {
  const handle = (await page.evaluateHandle((q) => window.__engines.find(q), query)).asElement();
  if (!handle) throw new Error(`no element for ${JSON.stringify(query)}`);
  return handle as ElementHandle<HTMLElement>;
}

export async function launchChromium(): Promise<EngineLauncher> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  return {
    async newDriver(): Promise<EngineDriver> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems: string[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      // Finished requests only: a request of the page being left, cut short by the navigation, is not a fetch.
      page.on('requestfinished', (request) => requests.push(request.url()));
      return {
        engine: 'chromium',
        open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        evaluate: <Arg, Result>(fn: InPage<Arg, Result>, arg: Arg) =>
          page.evaluate(fn as (arg: unknown) => unknown, arg) as Promise<Result>,
        click: async (query) => (await element(page, query)).click(),
        type: async (query, text) => (await element(page, query)).type(text),
        select: async (query, value) => void (await (await element(page, query)).selectOption(value)),
        resize: (width, height) => page.setViewportSize({ width, height }),
        engineProblems: () => problems,
        takeRequests: () => requests.splice(0),
        close: () => context.close(),
      };
    },
    stop: () => browser.close(),
  };
}
