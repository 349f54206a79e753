// The contact section on every page (spec §2, §5, §8) and the contact function behind it: the texts and labelled
// required fields, the blocked submit, a message stored (read back as the owner), the function refusing a message
// it finds too long (the field error at the field, the text kept). A failed send that keeps the text, with the
// backend really down or hung: reliability/dependency-faults.spec.ts.
import { expect, test, type Page } from '../../support/test.ts';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { collectConsoleErrors } from '../../support/consoleErrors.ts';
import { forgetBrowserWrites, isContactSend } from '../../support/anonymousWrites.ts';
import { ownerDatabase } from '../../support/database.ts';
import { watchFirstAppearance } from '../../support/firstAppearance.ts';
import { holdRequest } from '../../support/heldRequest.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { contactSection, deleteRows, fillContactForm, uniqueToken } from './engagementSite.ts';

test.use({ storageState: visitorWhoSawThePopup });

// The ad toast sits at the bottom left, where the Submit button can be: a visitor closes it to get there.
test.beforeEach(async ({ page }) => {
  // The whole suite is one client to the backend: these tests need the client's full allowance.
  await forgetBrowserWrites('contact');
  await dismissTheAdWhenInTheWay(page);
});

const invalidForm = 'Invalid data, make sure to enter correct data.';

async function submit(page: Page) {
  await contactSection(page).getByRole('button', { name: 'Submit' }).click();
}

test('has the title, four labelled required fields, Submit, and says which captcha token it sends', async ({
  page,
}) => {
  const info: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'info') info.push(message.text());
  });
  await page.goto('/courses');
  const section = contactSection(page);
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Contact');
  for (const label of ['Full Name', 'Email', 'Subject', 'Message']) {
    await expect(section.getByLabel(label)).toHaveAttribute('required', '');
  }
  await expect(section.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(section.getByLabel('Message')).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(section.getByRole('button', { name: 'Submit' })).toBeVisible();
  // No reCAPTCHA site key in this site's configuration: the development token, said clearly at start, and no
  // script from Google.
  await expect.poll(() => info.join('\n')).toContain('forms send the development token');
  expect(await page.locator('script[src*="recaptcha"]').count()).toBe(0);
});

test('an invalid form shows the spec message, marks each wrong field, and sends nothing', async ({
  page,
}) => {
  await page.goto('/');
  let sent = false;
  page.on('request', (request) => {
    if (isContactSend(request)) sent = true;
  });
  await fillContactForm(page, { fullName: 'Ana Silva', email: 'ana@example', subject: '', message: 'Hello' });
  await submit(page);
  const section = contactSection(page);
  await expect(section.getByText(invalidForm)).toBeVisible();
  await expect(section.getByLabel('Email')).toHaveAccessibleDescription('Email is not valid.');
  await expect(section.getByLabel('Subject')).toHaveAccessibleDescription('Enter a subject.');
  await expect(section.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'false');
  await expect(section.getByLabel('Full Name')).toHaveValue('Ana Silva');
  expect(sent).toBe(false);
});

test('a message is stored by the contact function and the visitor is thanked', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const subject = uniqueToken('E2E contact');
  // The form sends with plain fetch: supabase-js (about 48 KB compressed, its functions client among it) never loads.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  try {
    await page.goto('/about');
    await fillContactForm(page, {
      fullName: 'Ana Silva',
      email: 'ana.silva@example.com',
      subject,
      message: 'Hello Alex,\nI would like to talk about a new web app.',
    });
    // The message waits on its way to the backend: no thanks may show before it is answered.
    const message = await holdRequest(page, isContactSend);
    const section = contactSection(page);
    const thanks = section.getByRole('heading', { name: 'Thank You!' });
    const thanksShown = await watchFirstAppearance(page, '[data-testid="contact-section"] h3', 'Thank You!');
    await submit(page);
    await message.sent;
    await expect(section.getByRole('button', { name: 'Sending' })).toBeDisabled();
    await expect(thanks).toHaveCount(0);
    await expect(section.getByLabel('Subject')).toHaveValue(subject);
    const releasedAt = await message.release();

    await expect(thanks).toBeVisible();
    expect(await thanksShown.at()).toBeGreaterThanOrEqual(releasedAt);
    await expect(section).toContainText('Your submission is received and I will contact you soon.');
    await expect(section.getByRole('textbox')).toHaveCount(0);

    // The thanks came after the row was stored: it is there already.
    const { data: rows, error } = await ownerDatabase().from('contacts').select('*').eq('subject', subject);
    expect(error).toBeNull();
    expect(rows).toHaveLength(1);
    const [row] = rows as Record<string, unknown>[];
    expect(row).toMatchObject({
      full_name: 'Ana Silva',
      email: 'ana.silva@example.com',
      message: 'Hello Alex,\nI would like to talk about a new web app.',
      // No secret on the local backend: the development token, so no score.
      recaptcha_score: null,
    });
    // Nothing about the sender beyond the message: the rate limit keeps salted buckets of its own.
    expect(row?.client_hash).toBeNull();
    expect(errors).toEqual([]);
    const supabaseJs = (await Promise.all(scripts)).filter((text) => text.includes('FunctionsHttpError'));
    expect(
      supabaseJs.map((text) => `${text.length} bytes: ${text.slice(0, 60)}…`),
      'supabase-js loaded',
    ).toEqual([]);
  } finally {
    await deleteRows('contacts', 'subject', subject);
  }
});

test('the function refuses a too-long message: its error shows at the field, and everything typed stays', async ({
  page,
}) => {
  const subject = uniqueToken('E2E contact too long');
  const message = `${'A long story. '.repeat(357)}The end.`;
  expect(message.length).toBeGreaterThan(5000);
  await page.goto('/tutorials');
  await fillContactForm(page, { fullName: 'Ana Silva', email: 'ana.silva@example.com', subject, message });
  const answer = page.waitForResponse((response) => isContactSend(response.request()));
  await submit(page);
  expect((await answer).status()).toBe(400);

  const section = contactSection(page);
  await expect(section.getByLabel('Message')).toHaveAccessibleDescription('Use at most 5,000 characters.');
  await expect(section.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByRole('alert')).toHaveText(invalidForm);
  await expect(section.getByLabel('Message')).toHaveValue(message);
  await expect(section.getByLabel('Subject')).toHaveValue(subject);
  const { data } = await ownerDatabase().from('contacts').select('id').eq('subject', subject);
  expect(data).toEqual([]);

  // Shortening the message clears its error.
  await section.getByLabel('Message').fill('A short story.');
  await expect(section.getByLabel('Message')).toHaveAttribute('aria-invalid', 'false');
});
