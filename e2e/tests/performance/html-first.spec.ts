import { createHash } from 'node:crypto';
import { expect, test } from '../../support/test.ts';
import { waitForFrameLive, waitForSectionReady } from '../../support/sections.ts';

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
    // By address without its query: a query string added to one of them is still the same file asked for.
    const withoutQuery = (url: string) => `${new URL(url).origin}${new URL(url).pathname}`;
    expect(
      asked.filter(
        (url) =>
          /^\/(remotes|site-config)\.json$/.test(new URL(url).pathname) ||
          withoutQuery(url) === sectionManifest,
      ),
    ).toEqual([]);
    // The section's code itself is fetched (the measurement saw the page load it).
    expect(asked.some((url) => url.startsWith(new URL('./', sectionManifest).href))).toBe(true);
  });
}

// Before the page has painted it needs its HTML and one stylesheet: the frame's rules and its sections' come in one
// file (the site's server combines them), and the only scripts are the boot script and the page's count of itself
// (shell/src/pageViews.js), in the page itself (before the stylesheet, so they wait for nothing) and each allowed by
// its hash in the Content-Security-Policy.
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
    const response = await page.goto(path);
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
        scripts: [
          ...document.querySelectorAll(
            'script:not([type="application/json"]):not([type="application/ld+json"])',
          ),
        ].map((script) => ({
          src: script.getAttribute('src'),
          app: script.getAttribute('data-app'),
          config: script.getAttribute('data-config'),
          inHead: script.parentElement === document.head,
          beforeTheStylesheet: Boolean(
            script.compareDocumentPosition(document.querySelector('link[rel="stylesheet"]')!) &
            Node.DOCUMENT_POSITION_FOLLOWING,
          ),
          text: script.textContent ?? '',
        })),
        frameStyled: styled([...document.querySelectorAll('nav *, footer *')]),
        sectionsRendered: inSections.length > 0,
        sectionsStyled: styled(inSections),
      };
    });
    await context.close();
    expect(found.linked).toBe(1);
    expect(stylesheets).toHaveLength(1);
    expect(found.scripts).toEqual([
      {
        src: null,
        app: expect.stringMatching(/^\/main\.[0-9a-f]+\.js$/),
        config: null,
        inHead: true,
        beforeTheStylesheet: true,
        text: expect.stringContaining('data-app'),
      },
      {
        src: null,
        app: null,
        config: 'runtime-config',
        inHead: true,
        beforeTheStylesheet: true,
        text: expect.stringContaining('page-views'),
      },
    ]);
    const hashes = found.scripts.map((script) =>
      createHash('sha256').update(script.text).digest('base64').replace(/[+/=]/g, '\\$&'),
    );
    expect(response?.headers()['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hashes[0]}' 'sha256-${hashes[1]}' `),
    );
    expect(found.frameStyled).toBe(true);
    expect(found.sectionsRendered).toBe(true);
    expect(found.sectionsStyled).toBe(true);
  });
}

// The site's code is asked for once the page has loaded and painted (a fast connection can load the page before its
// first paint), and the page fetches nothing but its stylesheet and images before that paint: no script, no icon.
// boot.js starts the code at the latest a second after the load event, or 5 s after the document was parsed if the
// page never loads (<html data-load-given-up>): on a loaded machine the paint can come later than that (run H: the
// code 8 ms before the paint, 1 s after the load), and then what the test holds is that bound.
for (const path of ['/', '/help/privacy-policy']) {
  test(`${path}: fetches nothing but its stylesheet and images before its first paint, and its code after it`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForFrameLive(page);
    const timeline = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const appAskedAt = resources.find((entry) =>
        /\/main\.[0-9a-f]+\.js$/.test(new URL(entry.name).pathname),
      )?.startTime;
      const codeAt = Math.min(paint?.startTime ?? Infinity, appAskedAt ?? Infinity);
      return {
        paintAt: paint?.startTime,
        appAskedAt,
        loadAt: navigation?.loadEventStart,
        gaveUpOnLoad: document.documentElement.hasAttribute('data-load-given-up'),
        beforePaint: resources
          .filter((entry) => entry.startTime < codeAt)
          .map((entry) => `${entry.initiatorType} ${new URL(entry.name).pathname}`),
      };
    });
    expect(timeline.paintAt).toBeGreaterThan(0);
    expect(timeline.appAskedAt).toBeDefined();
    const afterItsPaint = timeline.appAskedAt! >= timeline.paintAt!;
    const atTheLatest = timeline.gaveUpOnLoad || timeline.appAskedAt! >= timeline.loadAt! + 1000 - 1;
    expect(
      afterItsPaint || atTheLatest,
      `code asked at ${timeline.appAskedAt} ms, painted at ${timeline.paintAt} ms, loaded at ${timeline.loadAt} ms`,
    ).toBe(true);
    for (const request of timeline.beforePaint) expect(request).toMatch(/^(link \/section-styles\/|img )/);
  });
}
