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
