// The newsletter pop-up (spec §2, §4, §9): it opens by itself at start for a visitor who has not subscribed and whose
// newsletterTimestamp has passed (missing counts as 0), once the page is interactive, and then stays away for 30
// minutes. An accessible dialog; its x (or Escape) records userCancelNewsletterPopup; subscribing thanks the visitor
// with a Continue button, and the section thanks them too.
import { expect, test, type Page } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { forgetBrowserWrites, isNewsletterSubscribe } from '../../support/anonymousWrites.ts';
import { ownerDatabase } from '../../support/database.ts';
import { watchFirstAppearance } from '../../support/firstAppearance.ts';
import { holdRequest } from '../../support/heldRequest.ts';
import { recordBusEvents } from '../../support/eventBus.ts';
import { firstTimeVisitor, newsletterStorageKeys } from '../../support/visitor.ts';
import { waitForFrameLive } from '../../support/sections.ts';
import {
  analyticsRowsEventually,
  deleteRows,
  localStorageItem,
  newsletterPopup,
  newsletterSection,
  uniqueEmail,
  uniquePath,
} from './engagementSite.ts';

test.use({ storageState: firstTimeVisitor });
// The whole suite is one client to the backend: these tests need the client's full allowance.
test.beforeEach(() => forgetBrowserWrites('newsletterSubscribe'));

const thirtyMinutes = 1_800_000;

/**
 * The pop-up, when due, opens at the first idle moment after load (shell/src/features/newsletter/
 * waitForQuietPage.ts). Idle callbacks run in the order they were asked for, so once one asked for after load has
 * run, the pop-up's has too; the second lets the render it asked for happen before the test looks.
 */
async function expectNoPopupAfterStart(page: Page) {
  await page.waitForLoadState('load');
  // The pop-up decides when the frame has hydrated (its effect runs in the frame's commit, before the frame marks
  // itself live). Checked any sooner, a loaded run moved the stored time to the past before the page had decided:
  // the page then opened the pop-up and stored the next time, so the next reload rightly showed none.
  await waitForFrameLive(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), { timeout: 2000 }),
      ),
  );
  await expect(newsletterPopup(page)).toHaveCount(0);
}

async function setStoredTime(page: Page, epochMs: number) {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    newsletterStorageKeys.newsletterTimestamp,
    String(epochMs),
  ] as const);
}

test('opens on a first visit with every text, after the page has loaded, and stays away 30 minutes', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  // When the dialog appears, measured against the page's own load event.
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (!document.querySelector('[role="dialog"]')) return;
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      (window as unknown as { popupTiming: object }).popupTiming = {
        openedAt: performance.now(),
        loadEnded: navigation?.loadEventEnd ?? 0,
      };
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const before = Date.now();
  await page.goto('/');
  const popup = newsletterPopup(page);
  await expect(popup).toBeVisible();
  const after = Date.now();

  await expect(popup.getByRole('heading', { level: 2 })).toHaveText('Newsletter');
  await expect(popup).toContainText('Stay up to date with my latest videos and courses.');
  await expect(popup).toContainText('77% OFF on all my courses');
  await expect(popup.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Subscribe', exact: true })).toBeVisible();
  await expect(popup).toContainText("Your email is safe with me, I won't spam.");

  const timing = await page.evaluate(
    () => (window as unknown as { popupTiming: { openedAt: number; loadEnded: number } }).popupTiming,
  );
  expect(timing.loadEnded).toBeGreaterThan(0);
  expect(timing.openedAt).toBeGreaterThanOrEqual(timing.loadEnded);

  const stored = Number(await localStorageItem(page, newsletterStorageKeys.newsletterTimestamp));
  expect(stored).toBeGreaterThanOrEqual(before + thirtyMinutes);
  expect(stored).toBeLessThanOrEqual(after + thirtyMinutes);
  expect(await localStorageItem(page, newsletterStorageKeys.emailSubmitted)).toBeNull();
  expect(errors).toEqual([]);
});

test('is an accessible dialog: focus inside and trapped, the page behind inert, Escape closes it and records the cancel', async ({
  page,
}) => {
  const path = uniquePath('e2e-popup-escape');
  await page.goto(path);
  const popup = newsletterPopup(page);
  await expect(popup).toBeVisible();
  await expect(popup).toHaveAttribute('aria-modal', 'true');
  const focusInside = () => popup.evaluate((dialog) => dialog.contains(document.activeElement));
  expect(await focusInside()).toBe(true);
  for (let press = 0; press < 6; press += 1) {
    await page.keyboard.press(press % 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside()).toBe(true);
  }
  await expect(page.locator('#root')).toHaveAttribute('inert', '');

  const events = await recordBusEvents(page);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
  expect(await events()).toEqual([{ name: 'userCancelNewsletterPopup' }]);
  await analyticsRowsEventually({ name: 'userCancelNewsletterPopup', route: path });
});

test('the x closes it; a reload within 30 minutes does not bring it back; once the time has passed it opens again', async ({
  page,
}) => {
  const path = uniquePath('e2e-popup-x');
  await page.goto(path);
  const popup = newsletterPopup(page);
  const events = await recordBusEvents(page);
  await popup.getByRole('button', { name: 'Close the newsletter pop-up' }).click();
  await expect(popup).toHaveCount(0);
  expect(await events()).toEqual([{ name: 'userCancelNewsletterPopup' }]);
  const stored = await localStorageItem(page, newsletterStorageKeys.newsletterTimestamp);

  await page.reload();
  await expectNoPopupAfterStart(page);
  expect(await localStorageItem(page, newsletterStorageKeys.newsletterTimestamp)).toBe(stored);

  // Exactly the stored time is not "later than" it; a millisecond past it is (checked by the unit tests with a fake
  // clock); here the stored time simply lies in the past.
  await setStoredTime(page, Date.now() - 1000);
  await page.reload();
  await expect(popup).toBeVisible();
});

test('subscribing in the pop-up stores the address, thanks with Continue, thanks in the section too, and it never opens again', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const address = uniqueEmail('e2e-popup');
  try {
    await page.goto('/');
    const popup = newsletterPopup(page);
    await popup.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
    await popup.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(popup.getByText('Email is not valid.')).toBeVisible();

    await popup.getByRole('textbox', { name: 'Email address' }).fill(address);
    // The subscription waits on its way to the backend: no thanks may show before it is answered.
    const subscription = await holdRequest(page, isNewsletterSubscribe);
    const thanks = popup.getByRole('heading', { name: 'Thank You!' });
    const thanksShown = await watchFirstAppearance(page, '[role="dialog"] h3', 'Thank You!');
    const button = popup.getByRole('button', { name: 'Subscribe', exact: true });
    await button.click();
    await subscription.sent;
    await expect(button).toBeDisabled();
    await expect(thanks).toHaveCount(0);
    expect(await localStorageItem(page, newsletterStorageKeys.emailSubmitted)).toBeNull();
    const releasedAt = await subscription.release();

    await expect(thanks).toBeVisible();
    expect(await thanksShown.at()).toBeGreaterThanOrEqual(releasedAt);
    await expect(popup).toContainText('Thank you for subscribing to my newsletter.');
    const continueButton = popup.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeFocused();
    // The thanks came after the row was stored: it is there already.
    const { data } = await ownerDatabase().from('emails').select('email').eq('email', address);
    expect(data).toEqual([{ email: address }]);
    expect(await localStorageItem(page, newsletterStorageKeys.emailSubmitted)).toBe('SUBMITTED');

    const events = await recordBusEvents(page);
    await continueButton.click();
    await expect(popup).toHaveCount(0);
    expect(await events()).toEqual([]);
    // One subscription module: the section knows.
    await expect(newsletterSection(page).getByRole('heading', { name: 'Thank You!' })).toBeVisible();

    // A subscriber never gets the pop-up, however old the stored time.
    await setStoredTime(page, 0);
    await page.reload();
    await expectNoPopupAfterStart(page);
    expect(errors).toEqual([]);
  } finally {
    await deleteRows('emails', 'email', address);
  }
});

test('never opens on top of another open dialog; it waits until that one closes', async ({ page }) => {
  // Another dialog is open before the app starts (as a video player could be).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const other = document.createElement('div');
      other.id = 'other-dialog';
      other.setAttribute('role', 'dialog');
      other.setAttribute('aria-modal', 'true');
      other.setAttribute('aria-label', 'Another dialog');
      document.body.append(other);
    });
  });
  await page.goto('/about');
  await expectNoPopupAfterStart(page);
  expect(await localStorageItem(page, newsletterStorageKeys.newsletterTimestamp)).toBeNull();

  await page.evaluate(() => document.getElementById('other-dialog')?.remove());
  await expect(newsletterPopup(page)).toBeVisible();
});
