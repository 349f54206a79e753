// Reaching the help pages as a visitor does: from the footer on any page, and between them through the help
// navigation, with the page title, banner and current link following along.
import { expect, test, type Page } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { helpIndex, legalPages, type HelpPageExpectation } from './helpPages.ts';
import { asVisitorWhoSawThePopup } from './visitorWhoSawThePopup.ts';

test.beforeEach(async ({ page }) => {
  await asVisitorWhoSawThePopup(page);
});

async function expectOnHelpPage(page: Page, expected: HelpPageExpectation) {
  await expect(page).toHaveURL(expected.path);
  await expect(page).toHaveTitle(expected.title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.banner);
  await expect(
    page
      .getByRole('navigation', { name: 'Help pages' })
      .getByRole('link', { name: expected.navLink, exact: true }),
  ).toHaveAttribute('aria-current', 'page');
}

for (const expected of legalPages) {
  test(`the footer's "${expected.navLink}" link opens ${expected.path}`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: expected.navLink, exact: true })
      .click();
    await expectOnHelpPage(page, expected);
    await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

test('the help navigation moves between the pages and back to the overview', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto(helpIndex.path);
  await expectOnHelpPage(page, helpIndex);
  const helpNav = page.getByRole('navigation', { name: 'Help pages' });
  for (const expected of [...legalPages, helpIndex]) {
    await helpNav.getByRole('link', { name: expected.navLink, exact: true }).click();
    await expectOnHelpPage(page, expected);
    await expect(helpNav.locator('[aria-current="page"]')).toHaveCount(1);
  }
  await page.goBack();
  await expectOnHelpPage(page, legalPages[legalPages.length - 1]!);
  expect(errors).toEqual([]);
});

test('the cards on /help open each page', async ({ page }) => {
  for (const expected of legalPages) {
    await page.goto(helpIndex.path);
    await page.getByRole('heading', { level: 2, name: expected.navLink }).getByRole('link').click();
    await expectOnHelpPage(page, expected);
  }
});

test('the help navigation is keyboard-reachable and readable on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/help/privacy-policy');
  const helpNav = page.getByRole('navigation', { name: 'Help pages' });
  const termsLink = helpNav.getByRole('link', { name: 'Terms of Service', exact: true });
  await expect(termsLink).toBeInViewport();
  // The text column never overflows the phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await termsLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/help/terms-of-service');
  await expect(termsLink).toHaveAttribute('aria-current', 'page');
});
