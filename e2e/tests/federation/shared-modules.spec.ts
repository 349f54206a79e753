import { expect, test } from '../../support/test.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import { kitVersion } from '../../support/helpBuild.ts';
import { scrollToSection, waitForSectionReady } from '../../support/sections.ts';
import { expectOneOfEachSingleton, shareScope } from '../../support/shareScope.ts';

test('every section uses the one React, store and kit the shell provides', async ({ page }) => {
  await page.goto('/');
  await scrollToSection(page, 'courses/CoursesTeaser');
  // All four home sections have arrived: their code runs in their slots (their HTML came from the server), each
  // section a federation instance. What each took from the share scope is known only once its code has run.
  for (const module of [
    'portfolio/HomeAbout',
    'portfolio/FeaturedProjects',
    'tutorials/TutorialsTeaser',
    'courses/CoursesTeaser',
  ])
    await waitForSectionReady(page, module);
  const { scope, scopes, instances } = await shareScope(page);
  expect(instances).toEqual(expect.arrayContaining(['shell', 'portfolio', 'tutorials', 'courses']));
  // The shell hands its runtime to the sections, so there is one share scope, filled by the shell.
  expect(scopes).toEqual(['shell:1.0.0']);
  // The router is shared through the kit's facade (@site/shared-ui/router), so one router instance serves every app.
  expectOneOfEachSingleton(scope);
  expect(scope.react!['19.3.1']!.useIn).toEqual(
    expect.arrayContaining(['shell', 'portfolio', 'tutorials', 'courses']),
  );
  expect(scope['@site/shared-ui/eventBus']![kitVersion]!.useIn).toEqual(
    expect.arrayContaining(['shell', 'portfolio']),
  );
  // react-router itself is not shared: only the facade's exports reach the browser, once.
  expect(scope['react-router']).toBeUndefined();
  // Nor is supabase-js: no browser code uses it (reads and writes are plain fetch, live updates the Realtime client).
  expect(scope['@supabase/supabase-js']).toBeUndefined();
});

test('the help section routes with the router the shell provides', async ({ page }) => {
  await page.goto('/help/privacy-policy');
  await expect(page.getByRole('navigation', { name: 'Help pages' })).toBeVisible();
  // The server's HTML shows the help pages before the section's code runs; the router it takes is known only then.
  await waitForSectionReady(page, 'help/HelpRoutes');
  const router = (await shareScope(page)).scope['@site/shared-ui/router'];
  expect(Object.values(router ?? {}).map((version) => [version.from, version.loaded])).toEqual([
    ['shell', true],
  ]);
  expect(router?.[kitVersion]?.useIn).toEqual(expect.arrayContaining(['shell', 'help']));
});

test('an event a section publishes reaches the shell', async ({ page }) => {
  await page.goto('/portfolio');
  const events = await recordBusEvents(page);
  await page.getByRole('searchbox').fill('board');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect
    .poll(events)
    .toContainEqual({ name: 'userSearchForProject', searchTerm: 'board', resultCount: expect.any(Number) });
});
