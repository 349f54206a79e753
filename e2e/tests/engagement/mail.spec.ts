// Mail that reaches people, read in the local mail catcher's inbox as a person reads theirs (support/mailbox.ts):
// double opt-in (a confirmation mail whose link asks, and whose button confirms, once, and only as it was sent; the
// link checkers of company mail systems open it by GET and HEAD and confirm nobody), the welcome mail with its
// one-click unsubscribe (RFC 8058 headers, a POST to the same address), coming back after leaving, and the owner's
// copy of every contact message with the sender as Reply-To. The link pages are opened with JavaScript off: they work
// without it.
import { expect, test, type APIRequestContext, type Page } from '../../support/test.ts';
import { LOCAL_PUBLISHABLE_KEY } from '@site/supabase-local/keys';
import { LOCAL_MAIL_LINK_SECRET } from '@site/supabase-local/mailSecrets';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { accessibilityFindings } from '../../support/accessibilityCheck.ts';
import { contactPath, forgetBrowserWrites, newsletterSubscribePath } from '../../support/anonymousWrites.ts';
import { ownerDatabase } from '../../support/database.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN, signMailLink } from '../../support/functionModules.ts';
import {
  headerOf,
  htmlLink,
  linkTo,
  mailsTo,
  ownerAddress,
  readHtmlPart,
  waitForMails,
  withoutJavaScript,
} from '../../support/mailbox.ts';
import { backendUrl, siteUrl } from '../../support/site.ts';
import { themeColour } from '../../support/themeTokens.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { contactSection, newsletterSection, uniqueEmail, uniqueToken } from './engagementSite.ts';

test.use({ storageState: visitorWhoSawThePopup });

const confirmationSubject = 'Please confirm your newsletter subscription';
const welcomeSubject = 'Welcome to my newsletter';
const confirmButton = 'Confirm my subscription';

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

/** Opens the confirmation link as the person does and presses its one button; the page's status after it. */
async function confirmAsThePerson(page: Page, link: string): Promise<number | undefined> {
  const asked = await page.goto(link);
  expect(asked?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription');
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: confirmButton }).click();
  return (await answer).status();
}

test.beforeEach(async ({ page }) => {
  // The whole suite is one client to the backend: these tests need the client's full allowance.
  await forgetBrowserWrites('newsletterSubscribe');
  await forgetBrowserWrites('contact');
  await dismissTheAdWhenInTheWay(page);
});

test('subscribing: a confirmation mail whose link asks and whose button confirms, then the welcome mail', async ({
  page,
  browser,
}) => {
  // Two mails, two browser pages without JavaScript and the confirmation in between: on one loaded core (run A of
  // stop 54) it reached the welcome mail's last check as its 60 s ran out.
  test.slow();
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
    expect(await confirmAsThePerson(linkPage, confirmLink)).toBe(200);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
  });
  expect((await subscriber(address)).status).toBe('confirmed');

  // The promised email, at once, with the headers mail providers need for a one-click unsubscribe.
  const [welcome] = await waitForMails(address, welcomeSubject);
  const unsubscribeLink = htmlLink(await readHtmlPart(browser, welcome!), 'Unsubscribe');
  expect(unsubscribeLink).toBe(linkTo(welcome!, '/newsletter/unsubscribe'));
  expect(headerOf(welcome!, 'List-Unsubscribe')).toBe(`<${unsubscribeLink}>`);
  expect(headerOf(welcome!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
});

/**
 * A subscriber who asked through the function the section calls (the section's own way there is the first test's) and
 * got the confirmation mail: that mail.
 */
async function pendingSubscriber(request: APIRequestContext, address: string) {
  const subscribed = await request.post(`${backendUrl}${newsletterSubscribePath}`, {
    headers: { Authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`, apikey: LOCAL_PUBLISHABLE_KEY },
    data: { email: address, recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN },
  });
  expect(subscribed.status()).toBe(200);
  return waitForMails(address, confirmationSubject);
}

/** A subscriber who confirmed (as the confirmation page's button does) and got the welcome mail. */
async function confirmedSubscriber(request: APIRequestContext, address: string) {
  const [confirmation] = await pendingSubscriber(request, address);
  expect((await request.post(linkTo(confirmation!, '/newsletter/confirm'))).status()).toBe(200);
  const [welcome] = await waitForMails(address, welcomeSubject);
  return { confirmation: confirmation!, welcome: welcome! };
}

test('leaving: the link asks, and the one-click POST or the button unsubscribes', async ({
  browser,
  request,
}) => {
  const address = uniqueEmail('leaving');
  const { welcome } = await confirmedSubscriber(request, address);
  const unsubscribeLink = linkTo(welcome, '/newsletter/unsubscribe');

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
});

test('coming back after leaving: a new confirmation, whose button confirms', async ({
  page,
  browser,
  request,
}) => {
  const address = uniqueEmail('coming.back');
  const { confirmation, welcome } = await confirmedSubscriber(request, address);
  const left = await request.post(linkTo(welcome, '/newsletter/unsubscribe'), {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(left.status()).toBe(200);
  expect((await subscriber(address)).status).toBe('unsubscribed');

  await subscribeFromTheSection(page, address);
  const confirmations = await waitForMails(address, confirmationSubject, { count: 2 });
  const second = linkTo(confirmations[1]!, '/newsletter/confirm');
  expect(second).not.toBe(linkTo(confirmation, '/newsletter/confirm'));
  await withoutJavaScript(browser, async (linkPage) => {
    await confirmAsThePerson(linkPage, second);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
  });
  expect((await subscriber(address)).status).toBe('confirmed');
});

test("a link checker's GETs and HEADs confirm nobody; the person's press of the button does", async ({
  browser,
  request,
}) => {
  const address = uniqueEmail('scanned');
  const [confirmation] = await pendingSubscriber(request, address);
  const link = linkTo(confirmation!, '/newsletter/confirm');
  expect(confirmation!.parsed.text).toContain(`press "${confirmButton}"`);

  // What Defender Safe Links, Proofpoint or Mimecast do with every link of an incoming mail, before the person sees it.
  for (let scan = 0; scan < 3; scan += 1) {
    const head = await request.head(link, { maxRedirects: 0 });
    expect(head.status()).toBe(200);
    const get = await request.get(link, { maxRedirects: 0 });
    expect(get.status()).toBe(200);
    expect(await get.text()).toContain('Confirm your subscription');
  }
  expect((await subscriber(address)).status).toBe('pending');
  expect(await mailsTo(address, welcomeSubject)).toEqual([]);

  // The person opens it and presses the button, with the keyboard, in a browser without JavaScript.
  await withoutJavaScript(browser, async (linkPage) => {
    await linkPage.goto(link);
    const button = linkPage.getByRole('button', { name: confirmButton });
    await linkPage.keyboard.press('Tab');
    await linkPage.keyboard.press('Tab');
    await expect(button).toBeFocused();
    const answer = linkPage.waitForResponse((response) => response.request().method() === 'POST');
    await linkPage.keyboard.press('Enter');
    expect((await answer).status()).toBe(200);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
  });
  expect((await subscriber(address)).status).toBe('confirmed');
  await waitForMails(address, welcomeSubject);
});

test('a forged, altered, expired or reused confirmation link is refused when pressed', async ({
  browser,
  request,
}) => {
  const address = uniqueEmail('link.checks');
  const [confirmation] = await pendingSubscriber(request, address);
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
    'a secret that is not the site’s, 0123456789abcdef',
  );
  // Signed with the local backend's link key (the stand-in's MAIL_LINK_SECRET), but expired.
  const expired = await signMailLink(
    { purpose: 'confirm', subscriberId: id, nonce: nonce!, expiresAt: Date.now() - 1000 },
    LOCAL_MAIL_LINK_SECRET,
  );

  await withoutJavaScript(browser, async (linkPage) => {
    for (const [what, href, status, heading] of [
      ['altered', withToken(altered), 400, 'This link does not work'],
      ['forged', withToken(forged), 400, 'This link does not work'],
      ['expired', withToken(expired), 410, 'This link has expired'],
    ] as const) {
      expect(await confirmAsThePerson(linkPage, href), what).toBe(status);
      await expect(linkPage.getByRole('heading', { level: 1 }), what).toHaveText(heading);
    }
    const missing = await linkPage.goto(`${link.origin}${link.pathname}`);
    expect(missing?.status()).toBe(400);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
    expect((await subscriber(address)).status).toBe('pending');

    expect(await confirmAsThePerson(linkPage, link.href)).toBe(200);
    await expect(linkPage.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
    expect(await confirmAsThePerson(linkPage, link.href)).toBe(400);
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

test('a name or subject with a line break is refused; hidden characters, encoded words and long lines add nothing to the owner’s mail', async ({
  request,
  browser,
}) => {
  const post = (fields: Record<string, string>) =>
    request.post(`${backendUrl}${contactPath}`, {
      headers: { Authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`, apikey: LOCAL_PUBLISHABLE_KEY },
      data: {
        email: uniqueEmail('eve'),
        message: 'Hello',
        recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN,
        ...fields,
      },
    });
  const victim = uniqueEmail('victim');
  for (const fields of [
    { fullName: `Eve\r\nFrom: PayPal <security@paypal.com>`, subject: 'Hello' },
    { fullName: 'Eve', subject: `Hi\nBcc: ${victim}` },
  ]) {
    const refused = await post(fields);
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_fields' });
  }

  const subject = uniqueToken('Injection');
  const answer = await post({
    // A right-to-left override and zero-width characters: what would reorder or hide what the owner reads.
    fullName: `Eve\u202E\u200B <security@paypal.com>`,
    subject: `${subject} =?utf-8?b?DQpCY2M6IHZAZXhhbXBsZS5jb20=?= ${'x'.repeat(40)}`,
    message: `Body\r\nBcc: ${victim}\r\n\r\n.\r\nMAIL FROM:<${victim}>`,
  });
  expect(answer.status()).toBe(200);
  const [notice] = await waitForMails(ownerAddress, new RegExp(`^New message from the website: ${subject} `));
  expect(notice!.headerNames).not.toContain('bcc');
  expect(notice!.headerNames).not.toContain('cc');
  expect(notice!.envelopeTo).toEqual([ownerAddress]);
  expect(notice!.parsed.subject).not.toContain('=?');
  expect(notice!.parsed.replyTo?.value[0]?.name).toBe('Eve security paypal.com');
  expect(notice!.parsed.text).toContain('From: Eve security paypal.com <');
  expect(notice!.parsed.text).not.toMatch(/[\u202E\u200B]/);
  // The message is the mail's text, as written, under its label, never its headers.
  expect(notice!.parsed.text).toContain(`Message:\nBody\nBcc: ${victim}`);
  expect(notice!.parsed.text).toContain(`MAIL FROM:<${victim}>`);
  // In the HTML part too, as text, never markup: its one link is the template's own, the site's name in the header.
  const html = await readHtmlPart(browser, notice!);
  expect(html.text).toContain(`MAIL FROM:<${victim}>`);
  expect(html.links.map(({ href }) => href)).toEqual([`${siteUrl}/`]);
});

/** A subscriber's confirmation and unsubscribe links, as the mails give them (subscribed through the function). */
async function linksOfANewSubscriber(request: APIRequestContext, prefix: string) {
  const address = uniqueEmail(prefix);
  const [confirmation] = await pendingSubscriber(request, address);
  const { id, confirm_nonce: nonce } = await subscriber(address);
  return {
    confirm: linkTo(confirmation!, '/newsletter/confirm'),
    unsubscribe: linkTo(confirmation!, '/newsletter/unsubscribe'),
    expired: `${siteUrl}/newsletter/confirm?token=${await signMailLink(
      { purpose: 'confirm', subscriberId: id, nonce: nonce!, expiresAt: Date.now() - 1000 },
      LOCAL_MAIL_LINK_SECRET,
    )}`,
  };
}

for (const theme of ['light', 'dark'] as const) {
  test(`every kind of link page is in the ${theme} theme when the visitor chose it, painted with its colours, and accessible`, async ({
    browser,
    request,
  }) => {
    test.slow(); // eleven pages, each distinct one checked by axe: seconds per check on a busy machine
    const links = await linksOfANewSubscriber(request, `link.pages.${theme}`);
    // With scripts on: axe is one (the pages themselves have none).
    const context = await browser.newContext();
    await context.addCookies([{ name: 'theme', value: theme, url: siteUrl }]);
    const page = await context.newPage();
    /**
     * The markup of each page axe checked, its form's token left out: a page that differs from one already checked
     * only by the token its button sends (the page asking again, for another link) is the same page to axe.
     */
    const checkedByAxe = new Set<string>();
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
      const markup = (await page.locator('html').innerHTML()).replace(/token=[^"]*/g, 'token=');
      if (checkedByAxe.has(markup)) return;
      checkedByAxe.add(markup);
      expect(await accessibilityFindings(page), `${theme}, ${kind}`).toEqual([]);
    };
    /** Opens a link page that asks, checks it and its button as painted, and presses the button. */
    const press = async (url: string, kind: string, asking: string, label: string) => {
      await page.goto(url);
      await expectPainted(`${kind}, asked`, asking);
      const button = page.getByRole('button', { name: label });
      await expect(button).toHaveCSS('background-color', themeColour(theme, '--color-brand-strong'));
      await expect(button).toHaveCSS('color', themeColour(theme, '--color-on-brand'));
      await button.click();
    };
    const confirm = (url: string, kind: string) =>
      press(url, kind, 'Confirm your subscription', confirmButton);
    const unsubscribe = (url: string, kind: string) =>
      press(url, kind, 'Unsubscribe from the newsletter', 'Unsubscribe');

    await confirm(links.confirm, 'confirm');
    await expectPainted('confirmed', 'Subscription confirmed');
    await confirm(links.confirm, 'confirm again');
    await expectPainted('used again', 'This link does not work');
    await confirm(links.expired, 'expired');
    await expectPainted('expired', 'This link has expired');
    await page.goto(`${siteUrl}/newsletter/confirm`);
    await expectPainted('no token', 'This link does not work');
    await unsubscribe(links.unsubscribe, 'unsubscribe');
    await expectPainted('unsubscribed', 'You are unsubscribed');
    await unsubscribe(`${siteUrl}/newsletter/unsubscribe?token=a.b`, 'altered');
    await expectPainted('altered', 'This link does not work');
    await context.close();
  });
}
