import { expect, test } from '@playwright/test';
import { waitForSectionReady } from '../../support/sections.ts';

// The page carries its runtime configuration (remotes, site configuration, the first screen's section manifest), so
// nothing stands between its code and its first section; its early hints open connections and fetch nothing.
const firstScreens = [
  { path: '/', module: 'portfolio/HomeAbout', manifest: 'http://localhost:3001/mf-manifest.json' },
  {
    path: '/tutorials',
    module: 'tutorials/TutorialsPage',
    manifest: 'http://localhost:3002/mf-manifest.json',
  },
];

for (const { path, module, manifest } of firstScreens) {
  test(`${path}: its first section runs with no request for the runtime configuration or its manifest`, async ({
    page,
    baseURL,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    const response = await page.goto(path);
    const site = new URL(baseURL!);
    const sectionManifest = manifest.replace(
      /:(\d+)/,
      (_, port: string) => `:${Number(port) + (Number(site.port) - 3000)}`,
    );
    await waitForSectionReady(page, module);
    const link = response?.headers()['link'] ?? '';
    expect(link).toMatch(/rel=preconnect/);
    expect(link).not.toMatch(/preload|prefetch/);
    expect(
      asked.filter((url) => /\/(remotes|site-config)\.json$/.test(url) || url === sectionManifest),
    ).toEqual([]);
    // The section's code itself is fetched (the measurement saw the page load it).
    expect(asked.some((url) => url.startsWith(new URL('./', sectionManifest).href))).toBe(true);
  });
}

// Before the page has painted it needs its HTML and one stylesheet: the frame's rules and its sections' come in one
// file (the site's server combines them), and the only script is the boot script, deferred.
for (const path of ['/', '/portfolio', '/courses']) {
  test(`${path}: its first paint waits for one stylesheet, holding the frame's rules and its sections'`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto(path);
    const found = await page.evaluate(() => {
      const selectors = [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].map((rule) => (rule as CSSStyleRule).selectorText ?? ''),
      );
      const styled = (elements: Element[]) =>
        elements.some((element) =>
          [...element.classList].some((name) => selectors.some((selector) => selector.includes(`.${name}`))),
        );
      const inSections = [...document.querySelectorAll('[data-section] *')];
      return {
        linked: document.head.querySelectorAll('link[rel="stylesheet"]').length,
        scripts: [...document.querySelectorAll('script[src]')].map((script) => ({
          src: new URL((script as HTMLScriptElement).src).pathname,
          defer: (script as HTMLScriptElement).defer,
        })),
        frameStyled: styled([...document.querySelectorAll('nav *, footer *')]),
        sectionsRendered: inSections.length > 0,
        sectionsStyled: styled(inSections),
      };
    });
    await context.close();
    expect(found.linked).toBe(1);
    expect(stylesheets).toHaveLength(1);
    expect(found.scripts).toEqual([{ src: '/boot.js', defer: true }]);
    expect(found.frameStyled).toBe(true);
    expect(found.sectionsRendered).toBe(true);
    expect(found.sectionsStyled).toBe(true);
  });
}
