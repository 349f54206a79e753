// The privacy policy tells the truth about the site's own cookies: a visitor who uses what the site offers (the
// theme switch, the pages, the search) ends with cookies of the site's host that the policy names, each one.
import { expect, test } from '../../support/test.ts';
import { siteUrl } from '../../support/site.ts';

test('names every cookie of its own that the site set while the visitor used it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/tutorials?q=react');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const own = (await context.cookies(siteUrl)).map((cookie) => cookie.name);
  expect(own.length, 'the theme switch remembered the choice').toBeGreaterThan(0);

  await page.goto('/help/privacy-policy');
  const cookies = page.getByRole('region', { name: 'Cookies and web beacons' });
  for (const name of own)
    await expect(cookies.locator('code', { hasText: new RegExp(`^${name}$`) }), name).not.toHaveCount(0);
});
