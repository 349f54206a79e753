// Firefox ESR (Debian's build) through puppeteer-core over WebDriver BiDi. Playwright drives only its own patched
// Firefox over its own protocol; its experimental BiDi mode asks for commands this ESR lacks
// (emulation.setMediaFeaturesOverride), so it cannot open a page here.
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import type { ElementQuery, EngineDriver, InPage } from './engineDriver.ts';
import type { EngineLauncher } from './engineLauncher.ts';

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

async function element(page: Page, query: ElementQuery): Promise<ElementHandle> {
  const handle = (await page.evaluateHandle((q) => window.__engines.find(q), query)).asElement();
  if (!handle) throw new Error(`no element for ${JSON.stringify(query)}`);
  return handle as ElementHandle;
}

export async function launchFirefox(): Promise<EngineLauncher> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    // Overlay scrollbars, as on a phone and in the other engines here: a 390 px viewport stays 390 px wide.
    extraPrefsFirefox: { 'widget.gtk.overlay-scrollbars.enabled': true },
  });
  return {
    async newDriver(): Promise<EngineDriver> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      const problems: string[] = [];
      const requests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${String(error)}`));
      // Finished requests only: a request of the page being left, cut short by the navigation, is not a fetch.
      page.on('requestfinished', (request) => void requests.push(request.url()));
      return {
        engine: 'firefox',
        open: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        evaluate: <Arg, Result>(fn: InPage<Arg, Result>, arg: Arg) =>
          page.evaluate(fn as (arg: unknown) => unknown, arg) as Promise<Result>,
        click: async (query) => (await element(page, query)).click(),
        type: async (query, text) => (await element(page, query)).type(text),
        select: async (query, value) => void (await (await element(page, query)).select(value)),
        resize: (width, height) => page.setViewport({ width, height }),
        engineProblems: () => problems,
        takeRequests: () => requests.splice(0),
        close: () => context.close(),
      };
    },
    stop: () => browser.close(),
  };
}
