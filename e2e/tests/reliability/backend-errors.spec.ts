// An error answer from the real backend: the catalogues' sections deployed ahead of their migration (their builds
// search with a database function the database does not have yet), so the real local backend refuses the read with
// PostgREST's error (404, PGRST202 "Could not find the function ..."). Nothing is faked: the site is a copy of the
// built one whose portfolio and courses builds name that function, on the suite's backend. The page says so in the
// section's place with "Try again", and the rest of the page and the site work. Both sections carry the kit's
// catalogue read (a shared module: the page may run either's copy), so both are renamed.
import { expect, test } from '../../support/test.ts';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const missingFunction = 'search_catalogue_next';

let site: SecondSite | undefined;
let folder: string | undefined;

/** Renames the function /portfolio reads its projects with, in the built files (browser and server) of a copy. */
function searchedByMissingFunction(dist: string): string[] {
  const changed: string[] = [];
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const full = path.join(dist, file);
    const text = readFileSync(full, 'utf8');
    const next = text.replace(/(["'])search_catalogue\1/g, `$1${missingFunction}$1`);
    if (next === text) continue;
    writeFileSync(full, next);
    // The precompressed copies would still carry the old query.
    rmSync(`${full}.br`, { force: true });
    rmSync(`${full}.gz`, { force: true });
    changed.push(file);
  }
  return changed;
}

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'catalogues-ahead-of-migration-'));
  const sectionRoots: Record<string, string> = {};
  for (const section of ['portfolio', 'courses']) {
    const root = path.join(folder, section);
    cpSync(path.join(repoRoot, `mfe-${section}/dist`), root, { recursive: true });
    // The catalogue's read (the kit's, built into the section) in its browser build and in its server build.
    const changed = searchedByMissingFunction(root);
    expect(changed.filter((file) => file.startsWith('server/'))).not.toEqual([]);
    expect(changed.filter((file) => !file.startsWith('server/'))).not.toEqual([]);
    sectionRoots[section] = root;
  }
  site = await startSecondSite(190, { sectionRoots });
});

test.afterAll(async () => {
  await site?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('a read the backend refuses with a PostgREST error shows the message in its place; the rest of the page works', async ({
  page,
  request,
}) => {
  // The server's answer is the whole page, its frame and the section's place. Whether the server ran the renamed read
  // is not asked here: the site's server runs in this test's process, whose federation runtime is one for every site
  // the process starts, so a kit module another spec's site loaded first (the unrenamed read) may serve this one. That
  // the server leaves a slot whose loader throws to the browser, and logs why, is loadPageSections.spec's and
  // renderer-failure.spec's.
  const rendered = await request.get(`${site!.url}/portfolio`);
  expect(rendered.status()).toBe(200);
  const html = await rendered.text();
  expect(html).toMatch(/<nav[^>]*aria-label="Main"/);
  expect(html).toMatch(/<div[^>]*data-section="portfolio\/PortfolioPage"/);

  // In the browser: the real backend's answer, and what the visitor sees.
  await asVisitorWhoSawThePopup(page);
  const errors = collectConsoleErrors(page);
  const refused = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/rest/v1/rpc/${missingFunction}` && response.status() >= 400,
  );
  await page.goto(`${site!.url}/portfolio`);
  const answer = await refused;
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toMatchObject({
    code: 'PGRST202',
    message: expect.stringContaining(missingFunction),
  });
  const message = page.getByRole('alert').filter({ hasText: 'could not be loaded right now' });
  await expect(message).toContainText('The projects could not be loaded right now.');
  await expect(message.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The rest of the page works: its frame, the search box, the newsletter form.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Portfolio');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('searchbox')).toBeEditable();
  expect(errors.filter((text) => text.startsWith('uncaught'))).toEqual([]);

  // The home page's projects are read from the table (the featured ones), which the database has: they show.
  await page.goto(`${site!.url}/`);
  await page.locator('[data-section="portfolio/FeaturedProjects"]').scrollIntoViewIfNeeded();
  await expect(
    page.getByRole('list', { name: 'Featured Projects' }).getByRole('article').first(),
  ).toBeVisible({
    timeout: 15_000,
  });
});
