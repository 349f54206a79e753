// Issue 15: faults stay in their slot on the server too. A section whose server build is missing, throws, or is slow
// (past the render deadline) is left out of the server's HTML: its slot keeps its reserved space and the browser
// renders it, while the page and every other section arrive rendered. With the backend down, every page still comes
// with its frame.
import { expect, test } from '../../support/test.ts';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expectStableLayout, recordLayoutShifts } from '../../support/layoutShift.ts';
import { slotsOf } from '../../support/rendered.ts';
import { portOffset } from '../../support/site.ts';
import { expectEverySectionsCodeLoaded, startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Passes every request to a section's server, holding answers from its server build until `release()` (the test has
 * seen the slot left to the browser: a loaded machine's slow start cannot let the build arrive first), then `delayMs`.
 */
async function slowServerBuild(upstream: string, delayMs: number) {
  const target = new URL(upstream);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = http.createServer((request, response) => {
    // A client that gave up (the server's render deadline) closes its end: the forwarded request simply ends too.
    request.on('error', () => response.destroy());
    response.on('error', () => undefined);
    const forward = () => {
      if (response.destroyed) return;
      const upstreamRequest = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          headers: { ...request.headers, host: target.host },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstreamRequest.on('error', () => response.destroy());
      request.pipe(upstreamRequest);
    };
    if (request.url?.startsWith('/server/')) void released.then(() => setTimeout(forward, delayMs));
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(3007 + portOffset + 90, 'localhost', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    release,
    close: () => {
      release();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test.describe('sections whose server build is missing, throws or is slow', () => {
  test.setTimeout(90_000);
  let site: SecondSite;
  let proxy: Awaited<ReturnType<typeof slowServerBuild>>;
  const folders: string[] = [];

  test.beforeAll(async () => {
    // Help deployed without its server build; courses with one that throws when it is loaded.
    const help = mkdtempSync(path.join(os.tmpdir(), 'help-no-server-'));
    cpSync(path.join(repoRoot, 'mfe-help/dist'), help, { recursive: true });
    rmSync(path.join(help, 'server'), { recursive: true });
    const courses = mkdtempSync(path.join(os.tmpdir(), 'courses-broken-server-'));
    cpSync(path.join(repoRoot, 'mfe-courses/dist'), courses, { recursive: true });
    writeFileSync(
      path.join(courses, 'server/remoteEntry.js'),
      "throw new Error('the courses server build is broken');\n",
    );
    folders.push(help, courses);
    // Tutorials' server build answers 1 s late, far past the render deadline (its browser files are not delayed).
    proxy = await slowServerBuild(`http://localhost:${3002 + portOffset + 90}`, 1_000);
    site = await startSecondSite(90, {
      sectionRoots: { help, courses },
      remotes: { tutorials: `${proxy.url}/mf-manifest.json` },
    });
  });
  test.afterAll(async () => {
    await site?.close();
    await proxy?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  test.beforeEach(({ page }) => asVisitorWhoSawThePopup(page));

  test('are left to the browser, and the rest of each page arrives rendered', async ({ page, request }) => {
    const slow = await slotsOf(request, `${site.url}/tutorials`);
    expect(slow.left).toEqual(['tutorials/TutorialsPage']);
    expect(slow.html).toContain('<h1');
    proxy.release();

    // The healthy sections are rendered (a server loads every section at start, so this is at once once it is warm).
    await expect
      .poll(async () => (await slotsOf(request, `${site.url}/portfolio`)).rendered, { timeout: 15_000 })
      .toEqual(['portfolio/PortfolioPage']);
    await expect
      .poll(async () => (await slotsOf(request, `${site.url}/`)).rendered, { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['portfolio/HomeAbout', 'portfolio/FeaturedProjects']));
    expect((await slotsOf(request, `${site.url}/`)).left).toContain('courses/CoursesTeaser');
    expect((await slotsOf(request, `${site.url}/courses`)).left).toEqual(['courses/CoursesPage']);
    expect((await slotsOf(request, `${site.url}/help/privacy-policy`)).left).toEqual(['help/HelpRoutes']);

    // In the browser, each of them renders in its reserved place: nothing on screen moves as it arrives.
    await recordLayoutShifts(page, '[data-section]', { andWhatFollows: true });
    for (const [pagePath, text] of [
      ['/courses', /Showing all \d+ courses/],
      ['/help/privacy-policy', /Overview/],
      ['/tutorials', /\d+ tutorials, sorted by/],
    ] as const) {
      await page.goto(`${site.url}${pagePath}`);
      const slot = page.locator('[data-section]').first();
      await expect(slot.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      await expect(slot.getByTestId('section-fallback')).toHaveCount(0);
      await expect(slot).toContainText(text);
      await expectStableLayout(page);
    }

    // Once the slow build has arrived, the server renders that section again.
    await expect
      .poll(async () => (await slotsOf(request, `${site.url}/tutorials`)).rendered, { timeout: 20_000 })
      .toEqual(['tutorials/TutorialsPage']);
  });
});

test.describe('with the backend down', () => {
  let site: SecondSite;
  test.beforeAll(async () => {
    // A page with a slot left to the browser is kept a second, not ten: each poll below then sees a new render, not
    // one made while the server was starved (in a full run, every render of / timed out for a while: the 15 s poll saw
    // one kept page and the render after it).
    site = await startSecondSite(100, { backendPort: 3009 + portOffset + 100, pageFreshMs: 1_000 });
  });
  test.afterAll(async () => site?.close());

  test('every page still comes with its frame, and the sections without data are rendered', async ({
    request,
  }) => {
    // Each page's slots, split by whether their section reads the database on the server (it has a loader).
    const slotsByPage: Record<string, { withData: string[]; withoutData: string[] }> = {
      '/': {
        withData: ['portfolio/FeaturedProjects'],
        withoutData: ['portfolio/HomeAbout', 'tutorials/TutorialsTeaser', 'courses/CoursesTeaser'],
      },
      '/about': { withData: [], withoutData: ['portfolio/AboutPage'] },
      '/portfolio': { withData: ['portfolio/PortfolioPage'], withoutData: [] },
      '/tutorials': { withData: ['tutorials/TutorialsPage'], withoutData: [] },
      '/courses': { withData: ['courses/CoursesPage'], withoutData: [] },
      '/help/privacy-policy': { withData: [], withoutData: ['help/HelpRoutes'] },
    };
    // The server loads the sections' code at start, in the background, and says when it is in: a section without data
    // is rendered from then on; one with data never is, the backend being down.
    await expectEverySectionsCodeLoaded(site);
    for (const [pagePath, { withData, withoutData }] of Object.entries(slotsByPage)) {
      await expect
        .poll(
          async () => {
            const { html, rendered, left } = await slotsOf(request, `${site.url}${pagePath}`);
            expect(html, pagePath).toMatch(/<nav[^>]*aria-label="Main"/);
            expect(html, pagePath).toContain('<footer');
            expect(html, pagePath).toContain('<h1');
            expect(left, `${pagePath}: sections with data left to the browser`).toEqual(
              expect.arrayContaining(withData),
            );
            return rendered.sort();
          },
          { message: `${pagePath}: the sections without data are rendered`, timeout: 15_000 },
        )
        .toEqual([...withoutData].sort());
    }
  });
});
