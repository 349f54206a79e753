// If the renderer itself fails, the prerendered file is served (docs/hosting.md): a site whose shell renderer throws
// on every page still answers each page with its prerendered frame, the browser renders the sections, and the
// server's log says why.
import { expect, test } from '../../support/test.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { expectedPages } from '../../support/pages.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const failure = 'the shell renderer is broken';

let site: SecondSite | undefined;
let folder: string | undefined;

test.beforeAll(async () => {
  // The shell's built renderer, whose every render throws (as a bug in the shell's server code would).
  folder = mkdtempSync(path.join(os.tmpdir(), 'broken-renderer-'));
  const rendererFile = path.join(folder, 'renderer.cjs');
  writeFileSync(
    rendererFile,
    `const built = require(${JSON.stringify(path.join(repoRoot, 'shell/dist-server/renderer.cjs'))});
module.exports = Promise.resolve(built).then((renderer) => ({
  ...renderer,
  createRenderer(options) {
    return {
      ...renderer.createRenderer(options),
      render() {
        throw new Error(${JSON.stringify(failure)});
      },
    };
  },
}));
`,
  );
  site = await startSecondSite(180, { rendererFile });
});

test.afterAll(async () => {
  await site?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('every page is served as its prerendered file, the sections render in the browser, and the log says why', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  for (const { path: pagePath } of expectedPages) {
    const response = await request.get(`${site!.url}${pagePath}`);
    expect(response.status(), pagePath).toBe(200);
    expect(response.headers()['x-page-render'], `${pagePath} is not rendered here`).toBeUndefined();
    const html = await response.text();
    // The prerendered frame: banner, navbar, footer and the slots' reserved places, none rendered on the server.
    expect(html, pagePath).toContain('<h1');
    expect(html, pagePath).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(html, pagePath).toContain('<footer');
    expect(html, pagePath).toMatch(/data-section="/);
    expect(html, pagePath).not.toContain('data-rendered="server"');
    expect(
      site!.log.filter(
        (line) =>
          line.includes(`[server render] ${pagePath}: served prerendered instead:`) && line.includes(failure),
      ),
      `${pagePath}: the log says why`,
    ).toHaveLength(1);
  }

  // In the browser the app starts from that file: each section's code renders its slot.
  await asVisitorWhoSawThePopup(page);
  const errors = collectConsoleErrors(page);
  for (const { path: pagePath, banner } of expectedPages.filter(({ path }) =>
    ['/', '/courses'].includes(path),
  )) {
    await page.goto(`${site!.url}${pagePath}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(banner);
    for (const slot of await page.locator('[data-section]').all()) {
      await slot.scrollIntoViewIfNeeded();
      await expect(slot, `${pagePath} ${await slot.getAttribute('data-section')}`).toHaveAttribute(
        'data-ready',
        'true',
        { timeout: 15_000 },
      );
      await expect(slot.getByTestId('section-fallback')).toHaveCount(0);
    }
  }
  expect(errors).toEqual([]);
});
