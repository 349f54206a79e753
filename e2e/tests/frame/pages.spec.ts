import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { pageMetadataEntries } from '../../support/siteMap.ts';
import { expectedDescription, expectedPages } from '../../support/pages.ts';

test.describe('every page', () => {
  test('has its entry in the served metadata file, as the site map gives it (spec §7)', async ({
    request,
  }) => {
    const response = await request.get('/assets/data/meta.json');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual(pageMetadataEntries());
    expect(pageMetadataEntries().map((entry) => entry.page)).toEqual(expectedPages.map((page) => page.path));
  });

  for (const expected of expectedPages) {
    test(`${expected.path} opens by deep link and on reload with its frame, banner, title and description`, async ({
      page,
    }) => {
      const errors = collectConsoleErrors(page);
      for (const load of [() => page.goto(expected.path), () => page.reload()]) {
        const response = await load();
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.banner);
        await expect(page).toHaveTitle(expected.title);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          'content',
          expectedDescription(expected.path),
        );
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
      expect(errors).toEqual([]);
    });
  }

  test('arrive as HTML with their frame already rendered, before any JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const expected of expectedPages) {
      await page.goto(expected.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.banner);
      await expect(page.getByRole('link', { name: 'Portfolio' }).first()).toBeVisible();
      await expect(
        page.getByText('Plan in decades. Think in years. Work by month. Live in days.'),
      ).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `https://alexmorgan.dev${expected.path === '/' ? '/' : expected.path}`,
      );
    }
    await context.close();
  });
});

test('an unknown path shows the not-found page with an emoji and answers 404', async ({ page }) => {
  for (const unknown of ['/no-such-page', '/help/no-such-help', '/portfolio/extra']) {
    const response = await page.goto(unknown);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops, Page Not Found 😕');
    await expect(page).toHaveTitle('Alex Morgan | Page Not Found');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', '');
  }
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Hello, I'm Alex Morgan, Web Developer");
});

test('main content starts 95 px from the top', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('main')).toHaveCSS('margin-top', '95px');
});
