import { expect, test } from '@playwright/test';
import { recordBusEvents } from '../../support/eventBus.ts';

type ShareScope = Record<
  string,
  Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>
>;

test('every section uses the one React, router, store and kit the shell provides', async ({ page }) => {
  await page.goto('/');
  // All four home sections have arrived (each renders below the banner).
  await expect(page.locator('[data-section] [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const share = await page.evaluate(
    () => (window as unknown as { __FEDERATION__: { __SHARE__: ShareScope } }).__FEDERATION__.__SHARE__,
  );
  const containers = Object.keys(share).map((key) => key.split(':')[0]);
  expect(containers).toEqual(expect.arrayContaining(['shell', 'portfolio', 'tutorials', 'courses']));
  for (const [container, scopes] of Object.entries(share)) {
    for (const singleton of ['react', 'react-dom', 'react-router', 'zustand', '@site/shared-ui/eventBus']) {
      const versions = scopes.default?.[singleton];
      if (!versions) continue;
      const loaded = Object.values(versions).filter((version) => version.loaded);
      expect(
        loaded.map((version) => version.from),
        `${container} ${singleton}`,
      ).toEqual(['shell']);
    }
  }
});

test('an event a section publishes reaches the shell', async ({ page }) => {
  await page.goto('/portfolio');
  const events = await recordBusEvents(page);
  await page.getByRole('searchbox').fill('board');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect.poll(events).toContainEqual({ name: 'userSearchForProject', searchTerm: 'board' });
});
