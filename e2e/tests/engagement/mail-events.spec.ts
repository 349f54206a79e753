// Bounces and complaints, end to end on the composed site: the mail provider's webhook events, signed the way Resend
// signs them (Standard Webhooks, the standardwebhooks library, with the signing secret the local stand-in gives the
// mail-events function), posted to the backend as Resend posts them. A hard bounce or a complaint puts the address on
// the suppression list the owner reads; unsigned, wrongly signed and replayed events change nothing; and a visitor who
// subscribes a suppressed address is thanked as anyone is, while the site sends that address nothing.
import { expect, test, type Page } from '../../support/test.ts';
import { LOCAL_RESEND_WEBHOOK_SECRET } from '@site/supabase-local/mailSecrets';
import { Webhook } from 'standardwebhooks';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { forgetBrowserWrites } from '../../support/anonymousWrites.ts';
import { ownerDatabase } from '../../support/database.ts';
import { mailsTo, waitForMails } from '../../support/mailbox.ts';
import { backendUrl } from '../../support/site.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { newsletterSection, uniqueEmail, uniqueToken } from './engagementSite.ts';

test.use({ storageState: visitorWhoSawThePopup });

const eventsUrl = `${backendUrl}/functions/v1/mail-events`;
const confirmationSubject = 'Please confirm your newsletter subscription';

/** Resend's event for a mail to this address (https://resend.com/docs/webhooks/event-types). */
function event(type: 'email.bounced' | 'email.complained', address: string) {
  return {
    type,
    created_at: new Date().toISOString(),
    data: {
      email_id: '4ef9a417-02e9-4d39-ad75-9611e0fcc33c',
      from: 'Alex Morgan <hello@alexmorgan.dev>',
      to: [address],
      subject: confirmationSubject,
      ...(type === 'email.bounced' && {
        bounce: { type: 'Permanent', subType: 'General', message: 'The recipient does not exist.' },
      }),
    },
  };
}

/** The request Resend makes: the body, and svix-* headers signed with `secret`. */
function signedBy(secret: string, body: object, id = uniqueToken('msg')) {
  const text = JSON.stringify(body);
  const sentAt = new Date();
  return {
    id,
    headers: {
      'content-type': 'application/json',
      'svix-id': id,
      'svix-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'svix-signature': new Webhook(secret).sign(id, sentAt, text),
    },
    data: text,
  };
}

async function subscribeFromTheSection(page: Page, address: string) {
  const section = newsletterSection(page);
  await section.getByRole('textbox', { name: 'Email address' }).fill(address);
  await section.getByRole('button', { name: 'Subscribe Now' }).click();
  await expect(section.getByText('Thank You!')).toBeVisible();
}

async function suppression(address: string) {
  const { data, error } = await ownerDatabase()
    .from('mail_suppressions')
    .select('reason')
    .eq('email', address);
  if (error) throw new Error(error.message);
  return data;
}

/** The mail the site queued for this address (every mail it sends is a row of the outbox). */
async function queuedFor(address: string) {
  const owner = ownerDatabase();
  const { data: subscribers, error } = await owner.from('emails').select('id').eq('email', address);
  if (error) throw new Error(error.message);
  const { data: mail, error: outboxError } = await owner
    .from('mail_outbox')
    .select('kind, status')
    .in(
      'subscriber_id',
      subscribers.map((row) => row.id),
    );
  if (outboxError) throw new Error(outboxError.message);
  return mail;
}

test.beforeEach(async ({ page }) => {
  await forgetBrowserWrites('newsletterSubscribe');
  await dismissTheAdWhenInTheWay(page);
});

test('a signed bounce and a signed complaint suppress their addresses; unsigned, forged and replayed events change nothing', async ({
  request,
}) => {
  const bounced = uniqueEmail('bounced');
  const complained = uniqueEmail('complained');
  const untouched = uniqueEmail('untouched');

  const unsigned = await request.post(eventsUrl, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify(event('email.bounced', untouched)),
  });
  expect(unsigned.status()).toBe(401);
  const forged = signedBy(
    `whsec_${Buffer.from('not the site secret').toString('base64')}`,
    event('email.bounced', untouched),
  );
  expect((await request.post(eventsUrl, forged)).status()).toBe(401);

  const bounce = signedBy(LOCAL_RESEND_WEBHOOK_SECRET, event('email.bounced', bounced));
  const answer = await request.post(eventsUrl, bounce);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ outcome: 'suppressed' });
  const complaint = await request.post(
    eventsUrl,
    signedBy(LOCAL_RESEND_WEBHOOK_SECRET, event('email.complained', complained)),
  );
  expect(complaint.status()).toBe(200);

  // The same event id again, even re-signed with the right secret and naming another address: refused.
  const replay = signedBy(LOCAL_RESEND_WEBHOOK_SECRET, event('email.bounced', untouched), bounce.id);
  expect((await request.post(eventsUrl, replay)).status()).toBe(409);

  expect(await suppression(bounced)).toEqual([{ reason: 'bounce' }]);
  expect(await suppression(complained)).toEqual([{ reason: 'complaint' }]);
  expect(await suppression(untouched)).toEqual([]);
});

test('a subscriber whose confirmation bounced, subscribing again, is thanked as anyone and sent nothing more', async ({
  page,
  request,
}) => {
  const address = uniqueEmail('dead.mailbox');
  await page.goto('/about');
  await subscribeFromTheSection(page, address);
  await waitForMails(address, confirmationSubject);
  await expect.poll(() => queuedFor(address)).toEqual([{ kind: 'newsletter_confirmation', status: 'sent' }]);

  const bounce = await request.post(
    eventsUrl,
    signedBy(LOCAL_RESEND_WEBHOOK_SECRET, event('email.bounced', address)),
  );
  expect(bounce.status()).toBe(200);

  await page.reload();
  await subscribeFromTheSection(page, address);
  // Nothing was queued for it (the only way the site sends mail), so nothing can go out.
  expect(await queuedFor(address)).toEqual([{ kind: 'newsletter_confirmation', status: 'sent' }]);
  expect(await mailsTo(address)).toHaveLength(1);
});
