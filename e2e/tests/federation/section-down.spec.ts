import { expect, test } from '@playwright/test';
import { asVisitorWhoSawThePopup } from '../../support/visitor.ts';
import { deadManifestUrl, startSecondSite, type SecondSite } from '../../support/secondSite.ts';

// Each section in turn is unreachable (its server is down): its slots show the fallback, the rest of the site works.
const sections = [
  {
    name: 'portfolio',
    offset: 10,
    downPaths: ['/', '/about', '/portfolio'],
    fallback: /could not be loaded/,
  },
  { name: 'tutorials', offset: 20, downPaths: ['/', '/tutorials'], fallback: /could not be loaded/ },
  { name: 'courses', offset: 30, downPaths: ['/', '/courses'], fallback: /could not be loaded/ },
  { name: 'help', offset: 40, downPaths: ['/help', '/help/privacy-policy'], fallback: /could not be loaded/ },
] as const;

const allPaths = ['/', '/about', '/portfolio', '/tutorials', '/courses', '/help', '/help/privacy-policy'];

for (const section of sections) {
  test.describe(`with the ${section.name} section down`, () => {
    let site: SecondSite;
    test.beforeAll(async () => {
      site = await startSecondSite(section.offset, {
        remotes: { [section.name]: deadManifestUrl(section.offset) },
      });
    });
    test.afterAll(async () => site.close());

    test.beforeEach(({ page }) => asVisitorWhoSawThePopup(page));

    test('its slots show a small fallback and every other section still loads', async ({ page }) => {
      for (const path of allPaths) {
        await page.goto(`${site.url}${path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[data-section] [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
        const slots = page.locator('[data-section]');
        for (let index = 0; index < (await slots.count()); index += 1) {
          const slot = slots.nth(index);
          const module = (await slot.getAttribute('data-section')) ?? '';
          const fallback = slot.getByTestId('section-fallback');
          if (module.startsWith(`${section.name}/`)) {
            await expect(fallback, `${path} ${module}`).toContainText(section.fallback);
            await expect(slot.getByRole('button', { name: 'Try again' })).toBeVisible();
          } else {
            await expect(fallback, `${path} ${module}`).toHaveCount(0);
            await expect(slot.locator(':scope > *'), `${path} ${module}`).not.toHaveCount(0);
          }
        }
        await expect(page.getByRole('contentinfo')).toBeVisible();
      }
    });
  });
}
