// axe finds nothing to fix in the engagement parts, in each of their states and in both themes (dark as the visitor's
// choice): the newsletter section and pop-up (form, error), the contact form (blocked submit) and the ad toast. The
// newsletter band's text is on a gradient, where axe decides no contrast: support/accessibilityCheck.ts does.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../../support/test.ts';
import { accessibilityFindings } from '../../support/accessibilityCheck.ts';
import { firstTimeVisitor, visitorWhoChoseTheme, visitorWhoSawThePopup } from '../../support/visitor.ts';
import { adToast, contactSection, newsletterPopup, newsletterSection } from './engagementSite.ts';

const findings = (page: Page, selector: string) =>
  accessibilityFindings(page, new AxeBuilder({ page }).include(selector));

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme, for a returning visitor`, () => {
    test.use({ storageState: theme === 'dark' ? visitorWhoChoseTheme('dark') : visitorWhoSawThePopup });

    test('the newsletter section, the contact form and the ad toast', async ({ page }) => {
      test.slow(); // axe takes seconds per run on a busy machine
      await page.goto('/');
      // In the theme it claims (the page's background), so a check never passes in the wrong one.
      await expect(page.locator('body')).toHaveCSS(
        'background-color',
        theme === 'dark' ? 'rgb(17, 26, 35)' : 'rgb(255, 255, 255)',
      );
      await expect(adToast(page)).toBeVisible();
      expect(await findings(page, '#newsletter')).toEqual([]);
      expect(await findings(page, '#contact')).toEqual([]);
      expect(await findings(page, '[data-testid="ad-toast"]')).toEqual([]);

      await newsletterSection(page).getByRole('button', { name: 'Subscribe Now' }).click();
      await expect(newsletterSection(page).getByText('Email is not valid.')).toBeVisible();
      expect(await findings(page, '#newsletter')).toEqual([]);

      await adToast(page).getByRole('button', { name: 'Dismiss the ad' }).click();
      await contactSection(page).getByRole('button', { name: 'Submit' }).click();
      await expect(
        contactSection(page).getByText('Invalid data, make sure to enter correct data.'),
      ).toBeVisible();
      expect(await findings(page, '#contact')).toEqual([]);
    });
  });

  test.describe(`in the ${theme} theme, on a first visit`, () => {
    test.use({
      storageState: theme === 'dark' ? visitorWhoChoseTheme('dark', firstTimeVisitor) : firstTimeVisitor,
    });

    test('the newsletter pop-up', async ({ page }) => {
      test.slow();
      await page.goto('/courses');
      await expect(newsletterPopup(page)).toBeVisible();
      expect(await findings(page, '[role="dialog"]')).toEqual([]);
      await newsletterPopup(page).getByRole('button', { name: 'Subscribe', exact: true }).click();
      await expect(newsletterPopup(page).getByText('Email is not valid.')).toBeVisible();
      expect(await findings(page, '[role="dialog"]')).toEqual([]);
    });
  });
}
