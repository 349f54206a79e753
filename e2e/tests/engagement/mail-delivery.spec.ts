// Nothing is lost when mail cannot be sent: a copy of the site with a backend of its own, whose mail reaches the mail
// catcher through a fault proxy (support/faultProxy.ts). With the mail server gone, a visitor's message is stored and
// thanked for as always, and its mail waits in the outbox with why; once the mail server is back, the outbox delivers
// it by itself, with no reload and no restart. And the newsletter form cannot be used to flood someone's inbox.
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { localMailAddresses } from '../../../scripts/mailCatcher.mjs';
import { startBackend } from '../../../scripts/backend.mjs';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy.ts';
import { mailsTo, waitForMails } from '../../support/mailbox.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { ports, portOffset } from '../../support/site.ts';
import { newsletterStorageKeys, popupClosedUntil } from '../../support/visitor.ts';
import { contactSection, uniqueEmail, uniqueToken } from './engagementSite.ts';

// The functions' TypeScript is loaded as the reCAPTCHA spec loads it (their package is not an ES module to this runner).
const { DEVELOPMENT_RECAPTCHA_TOKEN } = createRequire(import.meta.url)(
  '../../../supabase/functions/_shared/recaptchaRules.ts',
) as typeof import('../../../supabase/functions/_shared/recaptchaRules.ts');

test.describe.configure({ mode: 'serial' });

const siteOffset = 150;
const backendPort = ports.backend + siteOffset;
const siteUrl = `http://localhost:${3000 + portOffset + siteOffset}`;

let site: SecondSite;
let backend: { url: string; stop: () => Promise<void> };
let smtp: FaultProxy;

test.beforeAll(async () => {
  smtp = await startFaultProxy(ports.mailSmtp + siteOffset, ports.mailSmtp);
  backend = await startBackend({
    port: backendPort,
    fresh: true,
    quiet: true,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      SITE_URL: siteUrl,
      MAIL_FROM: localMailAddresses.from,
      OWNER_EMAIL: localMailAddresses.owner,
      SUPABASE_LOCAL_CORS_ORIGINS: siteUrl,
    },
  });
  site = await startSecondSite(siteOffset, { backendPort });
});

test.afterAll(async () => {
  await site?.close();
  await backend?.stop();
  await smtp?.close();
});

/** This backend's table, as its owner reads it. */
async function rows<Row>(pathAndQuery: string): Promise<Row[]> {
  const response = await fetch(`${backend.url}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: LOCAL_SECRET_KEY },
  });
  return (await response.json()) as Row[];
}

interface OutboxRow {
  status: string;
  attempts: number;
  last_error: string | null;
}

test('a message sent while the mail server is down is kept, and reaches the owner once it is back', async ({
  page,
}) => {
  const subject = uniqueToken('Sent while mail was down');
  smtp.set({ kind: 'down' });
  // A visitor who saw the pop-up already, on this copy's origin.
  await page.addInitScript(([key, until]) => window.localStorage.setItem(key, until), [
    newsletterStorageKeys.newsletterTimestamp,
    String(popupClosedUntil),
  ] as const);
  await dismissTheAdWhenInTheWay(page);
  await page.goto(`${siteUrl}/about`);
  const form = contactSection(page);
  await form.getByLabel('Full Name').fill('Ana Silva');
  await form.getByLabel('Email').fill(uniqueEmail('patient.client'));
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Are you available in March?');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Your submission is received and I will contact you soon.')).toBeVisible();

  const [contact] = await rows<{ id: string }>(
    `contacts?select=id&subject=eq.${encodeURIComponent(subject)}`,
  );
  expect(contact).toBeDefined();
  const outbox = () =>
    rows<OutboxRow>(`mail_outbox?select=status,attempts,last_error&contact_id=eq.${contact!.id}`);
  // The send was tried and failed: the mail waits, and says why, for the owner to see.
  await expect
    .poll(async () => (await outbox())[0], { timeout: 10_000 })
    .toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('SMTP') });
  expect(await mailsTo(localMailAddresses.owner, `New message from the website: ${subject}`)).toEqual([]);

  // The mail server is back: the next try (5 s after the failed one) delivers it, with nobody doing anything.
  smtp.set({ kind: 'pass' });
  await waitForMails(localMailAddresses.owner, `New message from the website: ${subject}`, {
    timeout: 15_000,
  });
  await expect.poll(async () => (await outbox())[0]?.status).toBe('sent');
});

test('an address is sent at most three confirmations a day, and every answer is the same', async ({
  request,
}) => {
  smtp.set({ kind: 'pass' });
  const address = uniqueEmail('flood.target');
  const answers: unknown[] = [];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = await request.post(`${backend.url}/functions/v1/newsletter-subscribe`, {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY },
      data: { email: address, recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN },
    });
    answers.push({ status: answer.status(), body: await answer.json() });
  }
  expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  expect(answers[0]).toEqual({
    status: 200,
    body: { success: true, message: 'Email was Successfully Submitted' },
  });
  await waitForMails(address, 'Please confirm your newsletter subscription', { count: 3 });
  // Nothing more on its way: the address has three mails in the outbox, each sent (a fourth would be a fourth row,
  // pending or being sent, until it reached the catcher).
  const [subscriber] = await rows<{ id: string }>(`emails?select=id&email=eq.${encodeURIComponent(address)}`);
  await expect
    .poll(async () =>
      (await rows<{ status: string }>(`mail_outbox?select=status&subscriber_id=eq.${subscriber!.id}`)).map(
        (row) => row.status,
      ),
    )
    .toEqual(['sent', 'sent', 'sent']);
  expect(await mailsTo(address)).toHaveLength(3);
});
