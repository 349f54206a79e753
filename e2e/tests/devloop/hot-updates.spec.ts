// A section team's loop (docs/sections.md, "Develop"): with `npm run dev` running, a saved change to a component shows
// in the open composed page in place, without a reload, the page's state kept (React Refresh across the federation
// boundary, one React and one refresh runtime for the page), for a section and for the shell alike. The launcher runs
// in a throwaway copy of the tree (bench/devSite.mjs), which the test edits: the tree itself is never touched. The
// sections not watched are served as built, as `npm run dev -- shell courses` serves them (so the suite's build
// comes first, as for every spec).
import type { Page } from '@playwright/test';
import { expect, test } from '../../support/test.ts';
import { copyOfTheTree, editSource, startDevSite, type DevSite } from '@site/bench/devSite';
import { waitForSectionReady } from '../../support/sections.ts';
import { expectOneOfEachSingleton, shareScope } from '../../support/shareScope.ts';
import { portOffset } from '../../support/site.ts';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';

/** Ports of its own, past the second sites (10-200): a development site holds ten in a row (scripts/devApps.mjs). */
const devOffset = portOffset + 210;
/** A change can take a while to build on a loaded machine: this waits for it, it does not time it (npm run bench:dev). */
const updateShownWithin = 60_000;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let copy: string;
let site: DevSite | undefined;

test.beforeAll(async () => {
  // The first start builds the shell and the section in development mode (webpack's cache in the copy is cold in CI).
  test.setTimeout(600_000);
  copy = copyOfTheTree({ portOffset: devOffset, asBuilt: ['portfolio', 'tutorials', 'help'] });
  site = await startDevSite({ copy, watched: ['shell', 'courses'], portOffset: devOffset });
});

// A change that does not show says why, in the run's output (a report shows only an attachment's first lines): what the
// launcher printed last (build errors, each rebuild) and what the page logged (the hot-update client's steps).
let pageLog: string[] = [];
test.beforeEach(({ page }) => {
  pageLog = [];
  page.on('console', (message) => pageLog.push(`${message.type()}: ${message.text()}`));
});
test.afterEach(({ page: _ }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  console.error(`npm run dev printed, last:\n${site?.output().slice(-4000)}`);
  console.error(`the page logged, last:\n${pageLog.slice(-40).join('\n')}`);
});

test.afterAll(async () => {
  await site?.stop();
});

/** The courses page with a search made in it, and ways to tell whether it is still there and whether the page was
 *  loaded again since. */
async function coursesWithASearchMade(page: Page) {
  await asVisitorWhoSawThePopup(page);
  await page.goto(`${site!.url}/courses`);
  // The page is live before the search is typed (a development build takes seconds to start on a loaded machine, and
  // a search typed before it would be the form's own, without JavaScript), and before any edit.
  await waitForSectionReady(page, 'courses/CoursesPage');
  const search = page.getByRole('searchbox', { name: 'Search courses by title' });
  await search.fill('Angular');
  await search.press('Enter');
  const result = page.getByText(/ match “Angular”\./);
  await expect(result).toBeVisible();
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.evaluate(() => Object.assign(window, { openBeforeTheEdit: true }));
  const reloaded = async () => loads > 0 || !(await page.evaluate(() => 'openBeforeTheEdit' in window));
  /** The search is as it was typed and searched. */
  const searchKept = async () => {
    await expect(search).toHaveValue('Angular');
    await expect(result).toBeVisible();
  };
  return { searchKept, reloaded };
}

test("a section's component, saved, updates in the open page: the search stays, no reload", async ({
  page,
}) => {
  const { searchKept, reloaded } = await coursesWithASearchMade(page);
  editSource(
    copy,
    'mfe-courses/src/features/search/CourseSearch.tsx',
    'placeholder="Search Courses..."',
    'placeholder="Find a course..."',
  );
  await expect(page.getByPlaceholder('Find a course...')).toBeVisible({ timeout: updateShownWithin });
  await searchKept();
  expect(await reloaded()).toBe(false);
});

test("the shell's component, saved, updates in the open page: the section's search stays, no reload", async ({
  page,
}) => {
  const { searchKept, reloaded } = await coursesWithASearchMade(page);
  editSource(copy, 'shell/src/frame/Navbar.tsx', 'aria-label="Main"', 'aria-label="Main, edited"');
  await expect(page.getByRole('navigation', { name: 'Main, edited' })).toBeVisible({
    timeout: updateShownWithin,
  });
  await searchKept();
  expect(await reloaded()).toBe(false);
});

test("a section's development files, with their full source maps, are for the composed site alone", async ({
  request,
}) => {
  const courses = `http://localhost:${3003 + devOffset}`;
  const siteOrigins = [site!.url, site!.url.replace('localhost', '127.0.0.1')];
  for (const file of ['remoteEntry.js', 'remoteEntry.js.map']) {
    for (const origin of siteOrigins) {
      const read = await request.get(`${courses}/${file}`, { headers: { Origin: origin } });
      expect(read.status(), `${file} from ${origin}`).toBe(200);
      expect(read.headers()['access-control-allow-origin']).toBe(origin);
    }
    // Another website's page: no CORS header to read it, and no embedding it in a script tag either.
    const read = await request.get(`${courses}/${file}`, { headers: { Origin: 'https://evil.example' } });
    expect(read.headers()['access-control-allow-origin']).toBeUndefined();
    const embedded = await request.get(`${courses}/${file}`, {
      headers: {
        Referer: 'https://evil.example/',
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'no-cors',
      },
    });
    expect(embedded.status(), file).toBe(403);
  }
});

test('in development too, every app uses the one React, router and event bus the shell provides', async ({
  page,
}) => {
  await asVisitorWhoSawThePopup(page);
  await page.goto(`${site!.url}/courses`);
  await waitForSectionReady(page, 'courses/CoursesPage');
  const { scope, scopes } = await shareScope(page);
  expect(scopes).toEqual(['shell:1.0.0']);
  expectOneOfEachSingleton(scope);
  expect(Object.values(scope.react!)[0]!.useIn).toEqual(expect.arrayContaining(['shell', 'courses']));
});
