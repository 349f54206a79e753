// The newsletter section on every page (spec §2, §4, §5, §8): the texts, the email rule, success only once the
// address is stored (a row in emails), and subscribing twice. A failure that keeps what was typed, with the backend
// really down or hung: reliability/dependency-faults.spec.ts.
import { expect, test } from '../../support/test.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { forgetBrowserWrites, isNewsletterSubscribe } from '../../support/anonymousWrites.ts';
import { ownerDatabase } from '../../support/database.ts';
import { watchFirstAppearance } from '../../support/firstAppearance.ts';
import { holdRequest } from '../../support/heldRequest.ts';
import { newsletterStorageKeys, visitorWhoSawThePopup } from '../../support/visitor.ts';
import {
  deleteRows,
  localStorageItem,
  newsletterSection,
  rowsEventually,
  uniqueEmail,
  uniquePath,
} from './engagementSite.ts';

test.use({ storageState: visitorWhoSawThePopup });
// The whole suite is one client to the backend: these tests need the client's full allowance.
test.beforeEach(() => forgetBrowserWrites('newsletterSubscribe'));

/** The stored subscriptions of this address, as the owner reads them. */
async function storedEmails(address: string): Promise<string[]> {
  const { data, error } = await ownerDatabase().from('emails').select('email').eq('email', address);
  if (error) throw new Error(`reading emails: ${error.message}`);
  return (data as { email: string }[]).map((row) => row.email);
}

test('every page shows it after the page content, before the footer', async ({ page }) => {
  for (const path of ['/', '/about', '/help/privacy-policy', uniquePath('no-such-page')]) {
    await page.goto(path);
    const section = newsletterSection(page);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Subscribe to newsletter');
    await expect(section.getByRole('textbox', { name: 'Email address' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
    // The last parts of <main>, after the page's own content; the footer follows <main>.
    const layout = await page.evaluate(() => ({
      mainEndsWith: Array.from(document.querySelectorAll('main > *'))
        .slice(-2)
        .map((element) => element.getAttribute('data-testid')),
      contentBefore: document.querySelectorAll('main > *').length > 2,
      footerAfterMain: document.querySelector('main + footer') !== null,
    }));
    expect(layout).toEqual({
      mainEndsWith: ['newsletter-section', 'contact-section'],
      contentBefore: true,
      footerAfterMain: true,
    });
  }
});

test('is in the prerendered HTML, so it paints before any script', async ({ request }) => {
  const html = await (await request.get('/about')).text();
  expect(html).toContain('Subscribe to newsletter');
  expect(html).toContain('Subscribe Now');
});

test('an invalid address shows "Email is not valid." under the box and stores nothing', async ({ page }) => {
  await page.goto('/');
  const section = newsletterSection(page);
  const box = section.getByRole('textbox', { name: 'Email address' });
  const address = 'reader@example.info';
  await box.fill(address);
  await section.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(section.getByText('Email is not valid.')).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription('Email is not valid.');
  await expect(box).toHaveValue(address);
  expect(await localStorageItem(page, newsletterStorageKeys.emailSubmitted)).toBeNull();
  const { data } = await ownerDatabase().from('emails').select('email').eq('email', address);
  expect(data).toEqual([]);
});

test('subscribing stores the address, then thanks, clears the box and remembers it', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const address = uniqueEmail('e2e-news');
  try {
    await page.goto('/portfolio');
    const section = newsletterSection(page);
    const box = section.getByRole('textbox', { name: 'Email address' });
    await box.fill(`  ${address.toUpperCase()}  `);
    // The subscription waits on its way to the backend: no thanks may show before it is answered.
    const subscription = await holdRequest(page, isNewsletterSubscribe);
    const thanks = section.getByRole('heading', { name: 'Thank You!' });
    const thanksShown = await watchFirstAppearance(
      page,
      '[data-testid="newsletter-section"] h3',
      'Thank You!',
    );
    const button = section.getByRole('button', { name: 'Subscribe Now' });
    await button.click();
    await subscription.sent;
    await expect(button).toBeDisabled();
    expect(await storedEmails(address)).toEqual([]);
    await expect(thanks).toHaveCount(0);
    expect(await localStorageItem(page, newsletterStorageKeys.emailSubmitted)).toBeNull();
    const releasedAt = await subscription.release();

    await expect(thanks).toBeVisible();
    expect(await thanksShown.at()).toBeGreaterThanOrEqual(releasedAt);
    await expect(section).toContainText('Thank you for subscribing to my newsletter.');
    await expect(section).toContainText('You will receive an email from me within 24-48 hours.');
    await expect(thanks).toBeFocused();
    expect(await localStorageItem(page, newsletterStorageKeys.emailSubmitted)).toBe('SUBMITTED');
    // The thanks came after the row was stored: it is there already, trimmed and lower-cased.
    expect(await storedEmails(address)).toEqual([address]);

    // Subscribing again (a later visit, another case) is no error and keeps one row.
    await page.reload();
    await expect(box).toHaveValue('');
    await box.fill(address);
    await section.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(section.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await rowsEventually('emails', { email: address });
    expect(errors).toEqual([]);
  } finally {
    await deleteRows('emails', 'email', address);
  }
});
