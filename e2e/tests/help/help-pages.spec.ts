// Each help page opened directly (a deep link or a reload): the shell's frame and banner, the help section below it,
// the page title, the help navigation marking the page, and a clean console.
import { expect, test, type Page } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { helpIndex, legalPages, termsOfService, type HelpPageExpectation } from './helpPages.ts';
import { asVisitorWhoSawThePopup } from './visitorWhoSawThePopup.ts';

test.beforeEach(async ({ page }) => {
  await asVisitorWhoSawThePopup(page);
});

async function expectHelpPage(page: Page, expected: HelpPageExpectation) {
  await expect(page).toHaveURL(expected.path);
  await expect(page).toHaveTitle(expected.title);
  const helpNav = page.getByRole('navigation', { name: 'Help pages' });
  await expect(helpNav.getByRole('link', { name: expected.navLink, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(helpNav.locator('[aria-current="page"]')).toHaveCount(1);
  // With the help section on the page, the banner's h1 is still the only one: the section starts at h2.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.banner);
}

for (const expected of [helpIndex, ...legalPages]) {
  test(`${expected.path} opens directly, with its title, banner and help navigation, without console errors`, async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(expected.path);
    await expectHelpPage(page, expected);
    await page.reload();
    await expectHelpPage(page, expected);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}

test('/help introduces the three pages and links each of them', async ({ page }) => {
  await page.goto('/help');
  const section = page.locator('[data-section="help/HelpRoutes"]');
  await expect(section.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  for (const expected of legalPages) {
    const card = section.getByRole('heading', { level: 2, name: expected.navLink });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link')).toHaveAttribute('href', expected.path);
  }
});

test('the terms of service carry the heading "Website Terms and Conditions of Use"', async ({ page }) => {
  await page.goto(termsOfService.path);
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(
    'Website Terms and Conditions of Use',
  );
});

test('an unknown help address gets the not-found page', async ({ page }) => {
  const response = await page.goto('/help/cookie-policy');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops, Page Not Found')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Help pages' })).toHaveCount(0);
});

// axe on every help page, on a phone and on a desktop: tests/accessibility/axe.spec.ts (every route of the site).
