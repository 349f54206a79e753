// Mail that reaches people, read in the local mail catcher's inbox as a person reads theirs (support/mailbox.ts):
// double opt-in (a confirmation mail whose link confirms, once, and only as it was sent), the welcome mail with its
// one-click unsubscribe (RFC 8058 headers, a POST to the same address), coming back after leaving, and the owner's
// copy of every contact message with the sender as Reply-To. The link pages are opened with JavaScript off: they work
// without it.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { accessibilityFindings } from '../../support/accessibilityCheck.ts';
import { contactPath, forgetBrowserWrites, newsletterSubscribePath } from '../../support/anonymousWrites.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN, signMailLink } from '../../support/functionModules.ts';
import { ownerDatabase } from '../../support/database.ts';
import {
  headerOf,
  htmlLink,
  linkTo,
  ownerAddress,
  readHtmlPart,
  waitForMails,
} from '../../support/mailbox.ts';
import { backendUrl, siteUrl } from '../../support/site.ts';
import { themeColour } from '../../support/themeTokens.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { contactSection, newsletterSection, uniqueEmail, uniqueToken } from './engagementSite.ts';

test.use({ storageState: visitorWhoSawThePopup });

const confirmationSubject = 'Please confirm your newsletter subscription';
const welcomeSubject = 'Welcome to my newsletter';

async function subscribeFromTheSection(page: Page, address: string) {
  await page.goto('/about');
  const section = newsletterSection(page);
  await section.getByRole('textbox', { name: 'Email address' }).fill(address);
  await section.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(section.getByText('Thank You!')).toBeVisible();
  await expect(section.getByText('Please confirm your address with the link in the email')).toBeVisible();
}

async function subscriber(address: string) {
  const { data, error } = await ownerDatabase()
    .from('emails')
    .select('id, status, confirm_nonce')
    .eq('email', address)
    .single();
  if (error) throw new Error(`reading the subscriber: ${error.message}`);
  return data as { id: string; status: string; confirm_nonce: string | null };
}

/** A page of a browser with JavaScript off, as a mail program's simplest browser. */
async function withoutJavaScript<T>(browser: Browser, visit: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

test.beforeEach(async ({ page }) => {
  // The whole suite is one client to the backend: these tests need the client's full allowance.
  await forgetBrowserWrites('newsletterSubscribe');
  await forgetBrowserWrites('contact');
  await dismissTheAdWhenInTheWay(page);
});

test('subscribing: a confirmation mail whose link confirms, a welcome mail, one-click leaving, and coming back', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // two mails, read in both parts, and six pages
  const address = uniqueEmail('double.opt.in');
  await subscribeFromTheSection(page, address);
  expect((await subscriber(address)).status).toBe('pending');

  const [confirmation] = await waitForMails(address, confirmationSubject);
  expect(confirmation!.parsed.from?.value).toEqual([
    { name: 'Alex Morgan', address: 'hello@alexmorgan.dev' },
  ]);
  expect(headerOf(confirmation!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  // The HTML part, as most people read it, leads where the text part does; its link is the one followed.
  const confirmationHtml = await readHtmlPart(browser, confirmation!);
  const confirmLink = htmlLink(confirmationHtml, 'Confirm my subscription');
  expect(confirmLink).toBe(linkTo(confirmation!, '/newsletter/confirm'));
  expect(`<${htmlLink(confirmationHtml, 'Unsubscribe')}>`).toBe(headerOf(confirmation!, 'List-Unsubscribe'));
  expect(confirmationHtml.text).toContain(`asked to subscribe ${address} to my newsletter`);
  await withoutJavaScript(browser, async (linkPage) => {
    const answer = await linkPage.goto(confirmLink);
    expect(answer?.status()).toBe(200);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
  });
  expect((await subscriber(address)).status).toBe('confirmed');

  // The promised email, at once, with the headers mail providers need for a one-click unsubscribe.
  const [welcome] = await waitForMails(address, welcomeSubject);
  const unsubscribeLink = htmlLink(await readHtmlPart(browser, welcome!), 'Unsubscribe');
  expect(unsubscribeLink).toBe(linkTo(welcome!, '/newsletter/unsubscribe'));
  expect(headerOf(welcome!, 'List-Unsubscribe')).toBe(`<${unsubscribeLink}>`);
  expect(headerOf(welcome!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

  // Opening the link asks (a GET never unsubscribes: link checkers follow links)...
  await withoutJavaScript(browser, async (linkPage) => {
    await linkPage.goto(unsubscribeLink);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from the newsletter');
  });
  expect((await subscriber(address)).status).toBe('confirmed');
  // ...and the mail provider's one-click POST to the header's address unsubscribes, with no further step.
  const oneClick = await request.post(unsubscribeLink, {
    form: { 'List-Unsubscribe': 'One-Click' },
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(200);
  expect((await subscriber(address)).status).toBe('unsubscribed');
  // The visitor's own click on the page's button says so.
  await withoutJavaScript(browser, async (linkPage) => {
    await linkPage.goto(unsubscribeLink);
    await linkPage.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
  });

  // Subscribing again later works: a new confirmation, whose link confirms.
  await page.reload();
  await subscribeFromTheSection(page, address);
  const confirmations = await waitForMails(address, confirmationSubject, { count: 2 });
  const second = linkTo(confirmations[1]!, '/newsletter/confirm');
  expect(second).not.toBe(linkTo(confirmation!, '/newsletter/confirm'));
  await withoutJavaScript(browser, async (linkPage) => {
    await linkPage.goto(second);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
  });
  expect((await subscriber(address)).status).toBe('confirmed');
});

test('a forged, altered, expired or reused confirmation link is refused', async ({ browser, page }) => {
  const address = uniqueEmail('link.checks');
  await subscribeFromTheSection(page, address);
  const [confirmation] = await waitForMails(address, confirmationSubject);
  const link = new URL(linkTo(confirmation!, '/newsletter/confirm'));
  const token = link.searchParams.get('token')!;
  const { id, confirm_nonce: nonce } = await subscriber(address);
  const withToken = (other: string) => {
    const changed = new URL(link);
    changed.searchParams.set('token', other);
    return changed.href;
  };
  const [payload, signature] = token.split('.');
  const middle = Math.floor(payload!.length / 2);
  const altered = `${payload!.slice(0, middle)}${payload![middle] === 'A' ? 'B' : 'A'}${payload!.slice(middle + 1)}.${signature}`;
  const forged = await signMailLink(
    { purpose: 'confirm', subscriberId: id, nonce: nonce!, expiresAt: Date.now() + 3_600_000 },
    'a secret that is not the site’s',
  );
  // Signed with the local backend's secret (its secret key, as MAIL_LINK_SECRET is not set), but expired.
  const expired = await signMailLink(
    { purpose: 'confirm', subscriberId: id, nonce: nonce!, expiresAt: Date.now() - 1000 },
    LOCAL_SECRET_KEY,
  );

  await withoutJavaScript(browser, async (linkPage) => {
    for (const [what, href, status, heading] of [
      ['altered', withToken(altered), 400, 'This link does not work'],
      ['forged', withToken(forged), 400, 'This link does not work'],
      ['expired', withToken(expired), 410, 'This link has expired'],
      ['missing', `${link.origin}${link.pathname}`, 400, 'This link does not work'],
    ] as const) {
      const answer = await linkPage.goto(href);
      expect(answer?.status(), what).toBe(status);
      await expect(linkPage.getByRole('heading', { level: 1 }), what).toHaveText(heading);
    }
    expect((await subscriber(address)).status).toBe('pending');

    expect((await linkPage.goto(link.href))?.status()).toBe(200);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
    const reused = await linkPage.goto(link.href);
    expect(reused?.status()).toBe(400);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  });
});

test('every contact message reaches the owner, with the sender as Reply-To', async ({ page, browser }) => {
  const subject = uniqueToken('A project for you');
  const sender = uniqueEmail('prospective.client');
  await page.goto('/portfolio');
  const form = contactSection(page);
  await form.getByLabel('Full Name').fill('Ana Silva');
  await form.getByLabel('Email').fill(sender);
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Hello,\nI would like a web shop.\n\nAna');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Your submission is received and I will contact you soon.')).toBeVisible();

  const [notice] = await waitForMails(ownerAddress, `New message from the website: ${subject}`);
  expect(notice!.parsed.replyTo?.value).toEqual([{ name: 'Ana Silva', address: sender }]);
  expect(notice!.parsed.text).toContain('Hello,\nI would like a web shop.\n\nAna');
  expect(notice!.parsed.text).toContain(`From: Ana Silva <${sender}>`);
  // The HTML part says the same, as text: the sender's address is no tag, the line breaks are kept.
  const html = await readHtmlPart(browser, notice!);
  expect(html.text).toContain(`From: Ana Silva <${sender}>`);
  expect(html.text).toContain('Hello,\nI would like a web shop.\n\nAna');
  expect(notice!.envelopeTo).toEqual([ownerAddress]);
});

test('a line break, an encoded word or a long line in any field adds no header to the owner’s mail', async ({
  request,
  browser,
}) => {
  const subject = uniqueToken('Injection');
  const victim = uniqueEmail('victim');
  const answer = await request.post(`${backendUrl}${contactPath}`, {
    headers: { apikey: LOCAL_PUBLISHABLE_KEY },
    data: {
      fullName: `Eve\r\nBcc: ${victim}\r\nX-Injected: 1`,
      email: uniqueEmail('eve'),
      subject: `${subject}\r\nBcc: ${victim}\nCc: ${victim} =?utf-8?b?DQpCY2M6IHZAZXhhbXBsZS5jb20=?= ${'x'.repeat(40)}`,
      message: `Body\r\nBcc: ${victim}\r\n\r\n.\r\nMAIL FROM:<${victim}>`,
      recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN,
    },
  });
  expect(answer.status()).toBe(200);
  const [notice] = await waitForMails(ownerAddress, new RegExp(`^New message from the website: ${subject} `));
  expect(notice!.headerNames).not.toContain('bcc');
  expect(notice!.headerNames).not.toContain('cc');
  expect(notice!.headerNames).not.toContain('x-injected');
  expect(notice!.envelopeTo).toEqual([ownerAddress]);
  expect(notice!.parsed.subject).not.toContain('=?');
  expect(notice!.parsed.subject).not.toMatch(/[\r\n]/);
  expect(notice!.parsed.replyTo?.value[0]?.name).toBe(`Eve Bcc: ${victim} X-Injected: 1`);
  // The message is the mail's text, as written, never its headers; in the HTML part too, as text, never markup.
  expect(notice!.parsed.text).toContain(`MAIL FROM:<${victim}>`);
  const html = await readHtmlPart(browser, notice!);
  expect(html.text).toContain(`MAIL FROM:<${victim}>`);
  expect(html.links).toEqual([]);
});

/** A subscriber's confirmation and unsubscribe links, as the mails give them (subscribed through the function). */
async function linksOfANewSubscriber(request: APIRequestContext, prefix: string) {
  const address = uniqueEmail(prefix);
  const answer = await request.post(`${backendUrl}${newsletterSubscribePath}`, {
    headers: { Authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`, apikey: LOCAL_PUBLISHABLE_KEY },
    data: { email: address },
  });
  expect(answer.status()).toBe(200);
  const [confirmation] = await waitForMails(address, confirmationSubject);
  const { id, confirm_nonce: nonce } = await subscriber(address);
  return {
    confirm: linkTo(confirmation!, '/newsletter/confirm'),
    unsubscribe: linkTo(confirmation!, '/newsletter/unsubscribe'),
    expired: `${siteUrl}/newsletter/confirm?token=${await signMailLink(
      { purpose: 'confirm', subscriberId: id, nonce: nonce!, expiresAt: Date.now() - 1000 },
      LOCAL_SECRET_KEY,
    )}`,
  };
}

test('every kind of link page is in the theme the visitor chose, painted with its colours, and accessible', async ({
  browser,
  request,
}) => {
  test.slow(); // eight pages in two themes, axe on each
  for (const theme of ['light', 'dark'] as const) {
    const links = await linksOfANewSubscriber(request, `link.pages.${theme}`);
    // With scripts on: axe is one (the pages themselves have none).
    const context = await browser.newContext();
    await context.addCookies([{ name: 'theme', value: theme, url: siteUrl }]);
    const page = await context.newPage();
    /** The page as painted: the kit's stylesheet lost (the browser's black on white) fails in either theme. */
    const expectPainted = async (kind: string, heading: string) => {
      await expect(page.getByRole('heading', { level: 1 }), kind).toHaveText(heading);
      await expect(page.locator('html'), kind).toHaveAttribute('data-theme', theme);
      await expect(page.locator('body'), kind).toHaveCSS(
        'background-color',
        themeColour(theme, '--color-surface-alt'),
      );
      await expect(page.locator('body'), kind).toHaveCSS('color', themeColour(theme, '--color-text'));
      await expect(page.getByRole('main'), kind).toHaveCSS(
        'background-color',
        themeColour(theme, '--color-surface'),
      );
      await expect(page.getByRole('link', { name: 'Back to the site' }), kind).toHaveCSS(
        'color',
        themeColour(theme, '--color-brand-strong'),
      );
      expect(await accessibilityFindings(page), `${theme}, ${kind}`).toEqual([]);
    };
    const visit = async (url: string, kind: string, heading: string) => {
      await page.goto(url);
      await expectPainted(kind, heading);
    };
    await visit(links.confirm, 'confirmed', 'Subscription confirmed');
    await visit(links.confirm, 'used again', 'This link does not work');
    await visit(links.expired, 'expired', 'This link has expired');
    await visit(links.unsubscribe, 'asked to unsubscribe', 'Unsubscribe from the newsletter');
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    await expect(button).toHaveCSS('background-color', themeColour(theme, '--color-brand-strong'));
    await expect(button).toHaveCSS('color', themeColour(theme, '--color-on-brand'));
    await button.click();
    await expectPainted('unsubscribed', 'You are unsubscribed');
    await visit(
      `${siteUrl}/newsletter/unsubscribe?token=a.b`,
      'altered, asked',
      'Unsubscribe from the newsletter',
    );
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expectPainted('altered', 'This link does not work');
    await context.close();
  }
});
