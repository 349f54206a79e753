// The contact form and the newsletter forms with a real reCAPTCHA site key, end to end: a copy of the site whose
// configuration names a site key, a backend whose functions hold a secret, Google's script replaced by a stand-in
// (Playwright routes https://www.google.com/recaptcha/api.js, the true edge) and Google's siteverify by a stand-in on
// 127.0.0.1 that scores each token as the test chose (supabase/functions/_shared/__tests__/fakeSiteverify.ts). Proves
// each form asks reCAPTCHA for its own action with the configured key, and the functions' verdict: a score of exactly
// 0.5 passes, anything below is refused, as are a token for another action or issued on another site.
import { createRequire } from 'node:module';
import { expect, test, type Page } from '../../support/test.ts';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startBackend } from '../../../scripts/backend.mjs';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { isContactSend, isNewsletterSubscribe } from '../../support/anonymousWrites.ts';
import { LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { portOffset } from '../../support/site.ts';
import { popupClosedUntil, newsletterStorageKeys } from '../../support/visitor.ts';
import { deadlines } from '../../support/deadlines.ts';
import {
  contactSection,
  expectContactRefusedAtDeadline,
  fillContactForm,
  newsletterSection,
  uniqueEmail,
  uniqueToken,
} from './engagementSite.ts';

type FakeSiteverifyModule = typeof import('../../../supabase/functions/_shared/__tests__/fakeSiteverify.ts');
const { fakeTokens, scoreToken, startFakeSiteverify } = createRequire(import.meta.url)(
  '../../../supabase/functions/_shared/__tests__/fakeSiteverify.ts',
) as FakeSiteverifyModule;

const siteKey = '6Le-e2e-site-key-for-the-stand-in';
const siteOffset = 60;
const backendPort = 54321 + portOffset + siteOffset;

test.describe.configure({ mode: 'serial' });

let site: SecondSite;
let backend: { url: string; stop: () => Promise<void> };
let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;

test.beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  backend = await startBackend({
    port: backendPort,
    fresh: true,
    quiet: true,
    env: {
      RECAPTCHA_SECRET: 'e2e-recaptcha-secret',
      RECAPTCHA_VERIFY_URL: siteverify.url,
      RECAPTCHA_HOSTNAMES: 'localhost',
      RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN: 'false',
      SUPABASE_LOCAL_CORS_ORIGINS: `http://localhost:${3000 + portOffset + siteOffset}`,
    },
  });
  site = await startSecondSite(siteOffset, { backendPort, siteConfig: { recaptchaSiteKey: siteKey } });
});

test.afterAll(async () => {
  await site?.close();
  await backend?.stop();
  await siteverify?.close();
});

/** Serves the stand-in of Google's script: it hands out the token the test chose, and records each call. */
async function withRecaptchaStandIn(page: Page) {
  await page.route('https://www.google.com/recaptcha/api.js*', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.__recaptchaCalls = [];
        window.grecaptcha = {
          ready: (callback) => callback(),
          render: () => 0,
          execute: (key, options) => {
            window.__recaptchaCalls.push({ key, action: options && options.action });
            return Promise.resolve(window.__recaptchaToken);
          },
        };`,
    }),
  );
  await page.addInitScript(([key, until]) => window.localStorage.setItem(key, until), [
    newsletterStorageKeys.newsletterTimestamp,
    String(popupClosedUntil),
  ] as const);
  await dismissTheAdWhenInTheWay(page);
}

async function send(page: Page, token: string, subject: string) {
  const form = contactSection(page);
  await fillContactForm(page, { subject, message: 'Hello Alex, about a project.' });
  await page.evaluate(
    (chosen) => ((window as unknown as { __recaptchaToken: string }).__recaptchaToken = chosen),
    token,
  );
  const answer = page.waitForResponse((response) => isContactSend(response.request()));
  await form.getByRole('button', { name: 'Submit' }).click();
  return (await answer).status();
}

const thisBackendsOwner = () =>
  createClient(backend.url, LOCAL_SECRET_KEY, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
  });

const storedWithSubject = async (subject: string) => {
  const { data, error } = await thisBackendsOwner()
    .from('contacts')
    .select('recaptcha_score, recaptcha_action')
    .eq('subject', subject);
  if (error) throw new Error(error.message);
  return data;
};

test('a score of exactly 0.5 passes: the form asks Google for the contact action, and the message is stored', async ({
  page,
}) => {
  await withRecaptchaStandIn(page);
  await page.goto(`${site.url}/about`);
  const subject = uniqueToken('E2E reCAPTCHA 0.5');
  expect(await send(page, scoreToken(0.5), subject)).toBe(200);
  await expect(contactSection(page).getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __recaptchaCalls: unknown[] }).__recaptchaCalls),
  ).toEqual([{ key: siteKey, action: 'contact' }]);
  expect(siteverify.requests.at(-1)?.get('secret')).toBe('e2e-recaptcha-secret');
  expect(await storedWithSubject(subject)).toEqual([{ recaptcha_score: 0.5, recaptcha_action: 'contact' }]);
});

for (const [what, token] of [
  ['a score just below 0.5', scoreToken(0.49)],
  ['a token for another action', fakeTokens.wrongAction],
  ['a token issued on another site', fakeTokens.otherHost],
] as const) {
  test(`${what} is refused: the visitor is told, keeps the message, and nothing is stored`, async ({
    page,
  }) => {
    await withRecaptchaStandIn(page);
    await page.goto(`${site.url}/about`);
    const subject = uniqueToken('E2E reCAPTCHA refused');
    expect(await send(page, token, subject)).toBe(403);
    const form = contactSection(page);
    await expect(form.getByRole('alert')).toHaveText(
      'We could not confirm that you are a person. Please try again.',
    );
    await expect(form.getByLabel('Subject')).toHaveValue(subject);
    expect(await storedWithSubject(subject)).toEqual([]);
  });
}

test("Google's script that never arrives: 10 s after Submit the form says the spam check could not load, keeps the message, and sends nothing", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Google's script is requested and never answered (the true edge, held as a hung CDN would hold it).
  await page.route('https://www.google.com/recaptcha/api.js*', () => undefined);
  await page.addInitScript(([key, until]) => window.localStorage.setItem(key, until), [
    newsletterStorageKeys.newsletterTimestamp,
    String(popupClosedUntil),
  ] as const);
  await dismissTheAdWhenInTheWay(page);
  let sent = false;
  page.on('request', (request) => {
    if (isContactSend(request)) sent = true;
  });
  await page.goto(`${site.url}/about`);
  const form = contactSection(page);
  const filled = await fillContactForm(page, {
    subject: uniqueToken('E2E reCAPTCHA never loads'),
    message: 'Hello Alex, about a project.',
  });
  await expectContactRefusedAtDeadline(
    page,
    filled,
    'The spam check could not load, so your message was not sent. Please try again in a moment; what you wrote is still here.',
    deadlines.captchaScriptMs,
  );
  await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
  expect(sent, 'nothing was sent to the contact function').toBe(false);
  expect(await storedWithSubject(filled.subject)).toEqual([]);
});

/** Subscribes from the newsletter section with the token the test chose; the function's answer status. */
async function subscribe(page: Page, token: string, address: string) {
  const section = newsletterSection(page);
  await section.getByRole('textbox', { name: 'Email address' }).fill(address);
  await page.evaluate(
    (chosen) => ((window as unknown as { __recaptchaToken: string }).__recaptchaToken = chosen),
    token,
  );
  const answer = page.waitForResponse((response) => isNewsletterSubscribe(response.request()));
  await section.getByRole('button', { name: 'Subscribe Now' }).click();
  return (await answer).status();
}

const subscriberRows = async (address: string) => {
  const { data, error } = await thisBackendsOwner().from('emails').select('status').eq('email', address);
  if (error) throw new Error(error.message);
  return data;
};

test('the newsletter form asks Google for its own action; a score of exactly 0.5 subscribes', async ({
  page,
}) => {
  await withRecaptchaStandIn(page);
  await page.goto(`${site.url}/about`);
  const address = uniqueEmail('recaptcha.newsletter');
  expect(await subscribe(page, scoreToken(0.5, 'newsletter_subscribe'), address)).toBe(200);
  await expect(newsletterSection(page).getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __recaptchaCalls: unknown[] }).__recaptchaCalls),
  ).toEqual([{ key: siteKey, action: 'newsletter_subscribe' }]);
  expect(await subscriberRows(address)).toEqual([{ status: 'pending' }]);
});

for (const [what, token] of [
  ['a score just below 0.5', scoreToken(0.49, 'newsletter_subscribe')],
  ['a token for the contact form', scoreToken(0.9, 'contact')],
] as const) {
  test(`the newsletter form: ${what} is refused, the visitor is told and keeps the address, nothing is stored`, async ({
    page,
  }) => {
    await withRecaptchaStandIn(page);
    await page.goto(`${site.url}/about`);
    const address = uniqueEmail('recaptcha.refused');
    expect(await subscribe(page, token, address)).toBe(403);
    const section = newsletterSection(page);
    await expect(section.getByRole('alert')).toHaveText(
      'We could not confirm that you are a person. Please try again.',
    );
    await expect(section.getByRole('textbox', { name: 'Email address' })).toHaveValue(address);
    expect(await subscriberRows(address)).toEqual([]);
  });
}
