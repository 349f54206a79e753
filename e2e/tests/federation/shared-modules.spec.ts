import { expect, test } from '@playwright/test';
import { recordBusEvents } from '../../support/eventBus.ts';
import { kitVersion } from '../../support/helpBuild.ts';
import { scrollToSection, waitForSectionReady } from '../../support/sections.ts';

interface SharedVersion {
  from: string;
  loaded?: boolean;
  useIn?: string[];
}

type ShareScopes = Record<string, Record<string, Record<string, Record<string, SharedVersion>>>>;

test('every section uses the one React, store and kit the shell provides', async ({ page }) => {
  await page.goto('/');
  await scrollToSection(page, 'courses/CoursesTeaser');
  type Federation = { __SHARE__: ShareScopes; __INSTANCES__: { name: string }[] };
  const federation = () =>
    page.evaluate(() => {
      const { __SHARE__, __INSTANCES__ } = (window as unknown as { __FEDERATION__: Federation })
        .__FEDERATION__;
      return { share: __SHARE__, instances: __INSTANCES__.map((instance) => instance.name) };
    });
  // All four home sections have arrived: their code runs in their slots (their HTML came from the server), each
  // section a federation instance. What each took from the share scope is known only once its code has run.
  for (const module of [
    'portfolio/HomeAbout',
    'portfolio/FeaturedProjects',
    'tutorials/TutorialsTeaser',
    'courses/CoursesTeaser',
  ])
    await waitForSectionReady(page, module);
  const { share, instances } = await federation();
  expect(instances).toEqual(expect.arrayContaining(['shell', 'portfolio', 'tutorials', 'courses']));
  // The shell hands its runtime to the sections, so there is one share scope, filled by the shell.
  expect(Object.keys(share)).toEqual(['shell:1.0.0']);
  const scope = share['shell:1.0.0']!.default!;
  // The router is shared through the kit's facade (@site/shared-ui/router), so one router instance serves every app.
  for (const singleton of [
    'react',
    'react-dom',
    '@site/shared-ui/router',
    'zustand',
    '@site/shared-ui/eventBus',
  ]) {
    const versions = Object.values(scope[singleton] ?? {});
    expect(
      versions.map((version) => [version.from, version.loaded]),
      singleton,
    ).toEqual([['shell', true]]);
  }
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
  const router = await page.evaluate(() => {
    const federation = (window as unknown as { __FEDERATION__: { __SHARE__: ShareScopes } }).__FEDERATION__;
    return federation.__SHARE__['shell:1.0.0']!.default!['@site/shared-ui/router'];
  });
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
  await expect.poll(events).toContainEqual({ name: 'userSearchForProject', searchTerm: 'board' });
});
