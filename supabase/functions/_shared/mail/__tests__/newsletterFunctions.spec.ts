// The newsletter's functions and the mail outbox's, under Node against the local stand-in: subscribing leaves a
// pending subscriber and a confirmation mail in the outbox; the link functions accept only a genuine, current link,
// once; the outbox function answers only a secret key. (The mails themselves are read in the catcher by the
// end-to-end tests.)
import mailOutbox from '../../../mail-outbox/handler.ts';
import newsletterConfirm from '../../../newsletter-confirm/handler.ts';
import newsletterSubscribe from '../../../newsletter-subscribe/handler.ts';
import newsletterUnsubscribe from '../../../newsletter-unsubscribe/handler.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  projectVariables,
  restoreEnvAfterAll,
  startLocalBackend,
  applyProjectEnv,
  type LocalBackend,
} from '../../__tests__/localBackend.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN } from '../../recaptchaRules.ts';
import { signMailLink } from '../mailLinks.ts';

const settingNames = [
  ...projectVariables,
  'CLIENT_IP_HEADER',
  'SMTP_URL',
  'RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN',
  'MAIL_LINK_SECRET',
  'MAIL_FROM',
  'SITE_URL',
] as const;
const linkSecret = 'a-link-secret-of-these-tests-0123456789';
restoreEnvAfterAll(settingNames);
let backend: LocalBackend;
let clientCount = 0;

beforeAll(async () => {
  // This file's functions run the outbox themselves, with this file's settings; the stand-in purges every second.
  backend = await startLocalBackend({ SUPABASE_LOCAL_MAIL_PURGE_EVERY_MS: '1000' }, { schedule: false });
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(() => {
  applyProjectEnv(backend);
  process.env.CLIENT_IP_HEADER = 'x-forwarded-for';
  process.env.RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN = 'true';
  process.env.MAIL_LINK_SECRET = linkSecret;
  // No transport and no sender: mail stays in the outbox, where these tests read it.
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  delete process.env.SITE_URL;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const post = (handler: (request: Request) => Promise<Response>, body: unknown, headers = {}) =>
  handler(
    new Request('http://localhost/fn', {
      method: 'POST',
      headers: {
        apikey: backend.publishableKey,
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${(clientCount += 1)}`,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );

interface Subscriber {
  id: string;
  status: string;
  confirm_nonce: string | null;
  unsubscribe_nonce: string;
}

async function subscribe(address: string): Promise<Subscriber> {
  expect(
    (await post(newsletterSubscribe, { email: address, recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN })).status,
  ).toBe(200);
  const [row] = await backend.readAsOwner<Subscriber>(
    `emails?select=id,status,confirm_nonce,unsubscribe_nonce&email=eq.${encodeURIComponent(address)}`,
  );
  return row!;
}

const confirmToken = (subscriber: Subscriber, expiresAt: number, secret = linkSecret) =>
  signMailLink(
    { purpose: 'confirm', subscriberId: subscriber.id, nonce: subscriber.confirm_nonce!, expiresAt },
    secret,
  );

const outcome = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as object),
});

describe('newsletter-subscribe', () => {
  it('stores a pending subscriber with a confirmation mail waiting in the outbox', async () => {
    const subscriber = await subscribe(`pending.${Date.now()}@example.com`);
    expect(subscriber.status).toBe('pending');
    expect(subscriber.confirm_nonce).toMatch(/^[0-9a-f]{32}$/);
    const outbox = await backend.readAsOwner<{ kind: string }>(
      `mail_outbox?select=kind&subscriber_id=eq.${subscriber.id}`,
    );
    expect(outbox).toEqual([{ kind: 'newsletter_confirmation' }]);
  });
});

describe('newsletter-confirm', () => {
  it('confirms with a genuine link, once, and queues the welcome mail', async () => {
    const subscriber = await subscribe(`confirm.${Date.now()}@example.com`);
    const token = await confirmToken(subscriber, Date.now() + 60_000);
    expect(await outcome(await post(newsletterConfirm, { token }))).toEqual({
      status: 200,
      outcome: 'confirmed',
    });
    expect(await outcome(await post(newsletterConfirm, { token }))).toEqual({
      status: 400,
      outcome: 'invalid',
    });
    const outbox = await backend.readAsOwner<{ kind: string }>(
      `mail_outbox?select=kind&subscriber_id=eq.${subscriber.id}&kind=eq.newsletter_welcome`,
    );
    expect(outbox).toHaveLength(1);
  });

  it('without its link key, checks no link: 503, and nobody is confirmed', async () => {
    const subscriber = await subscribe(`keyless.${Date.now()}@example.com`);
    const token = await confirmToken(subscriber, Date.now() + 60_000);
    delete process.env.MAIL_LINK_SECRET;
    expect(await outcome(await post(newsletterConfirm, { token }))).toEqual({
      status: 503,
      outcome: 'not_configured',
    });
    const [row] = await backend.readAsOwner<{ status: string }>(
      `emails?select=status&id=eq.${subscriber.id}`,
    );
    expect(row?.status).toBe('pending');
  });

  it('refuses a forged, an expired or a malformed link, and confirms nobody', async () => {
    const subscriber = await subscribe(`refused.${Date.now()}@example.com`);
    const forged = await confirmToken(subscriber, Date.now() + 60_000, 'not the secret');
    const expired = await confirmToken(subscriber, Date.now() - 1);
    const unsubscribeLink = await signMailLink(
      { purpose: 'unsubscribe', subscriberId: subscriber.id, nonce: subscriber.unsubscribe_nonce },
      linkSecret,
    );
    expect(await outcome(await post(newsletterConfirm, { token: forged }))).toEqual({
      status: 400,
      outcome: 'invalid',
    });
    expect(await outcome(await post(newsletterConfirm, { token: expired }))).toEqual({
      status: 410,
      outcome: 'expired',
    });
    expect(await outcome(await post(newsletterConfirm, { token: unsubscribeLink }))).toEqual({
      status: 400,
      outcome: 'invalid',
    });
    // Each malformed request by its own answer (a crash, 500, is none of them).
    for (const [token, answer] of [
      [undefined, { status: 400, outcome: 'invalid' }],
      [42, { status: 400, outcome: 'invalid' }],
      ['x'.repeat(600), { status: 413, outcome: 'too_large' }],
      ['a.b', { status: 400, outcome: 'invalid' }],
    ] as const) {
      expect(await outcome(await post(newsletterConfirm, { token }))).toEqual(answer);
    }
    const [row] = await backend.readAsOwner<{ status: string }>(
      `emails?select=status&id=eq.${subscriber.id}`,
    );
    expect(row?.status).toBe('pending');
  });
});

describe('newsletter-unsubscribe', () => {
  it('unsubscribes with the link, again without error, and refuses an altered one', async () => {
    const subscriber = await subscribe(`leaving.${Date.now()}@example.com`);
    const token = await signMailLink(
      { purpose: 'unsubscribe', subscriberId: subscriber.id, nonce: subscriber.unsubscribe_nonce },
      linkSecret,
    );
    const altered = await signMailLink(
      { purpose: 'unsubscribe', subscriberId: subscriber.id, nonce: subscriber.unsubscribe_nonce },
      'another secret of the same length, 0123456789',
    );
    expect(await outcome(await post(newsletterUnsubscribe, { token: altered }))).toEqual({
      status: 400,
      outcome: 'invalid',
    });
    expect(await outcome(await post(newsletterUnsubscribe, { token }))).toEqual({
      status: 200,
      outcome: 'unsubscribed',
    });
    expect(await outcome(await post(newsletterUnsubscribe, { token }))).toEqual({
      status: 200,
      outcome: 'unsubscribed',
    });
  });
});

describe('mail-outbox', () => {
  it('answers a secret key only', async () => {
    expect((await post(mailOutbox, {})).status).toBe(401);
    expect((await post(mailOutbox, {}, { apikey: 'not-the-key' })).status).toBe(401);
    const get = new Request('http://localhost/fn', { headers: { apikey: backend.secretKey } });
    expect((await mailOutbox(get)).status).toBe(405);
    const run = await post(mailOutbox, {}, { apikey: backend.secretKey });
    expect(run.status).toBe(200);
    expect(await run.json()).toEqual({
      sent: 0,
      retried: 0,
      waiting: expect.any(Number),
      failed: 0,
      cancelled: expect.any(Number),
      released: 0,
      unrecorded: 0,
    });
  });

  it('keeps mail it cannot send, with why, for the next run', async () => {
    const subscriber = await subscribe(`waiting.${Date.now()}@example.com`);
    await post(mailOutbox, {}, { apikey: backend.secretKey });
    // Tried right after subscribing (in the background) or by this run, whichever came first: once tried, it says
    // why it waits (jest's timeout is the safety net).
    let mail: { status: string; attempts: number; last_error: string | null } | undefined;
    while (mail?.status !== 'pending' || mail.last_error === null) {
      if (mail) await new Promise((resolve) => setTimeout(resolve, 100));
      [mail] = await backend.readAsOwner<NonNullable<typeof mail>>(
        `mail_outbox?select=status,attempts,last_error&subscriber_id=eq.${subscriber.id}`,
      );
      if (mail && mail.status !== 'pending') break;
    }
    // Waiting for a setting: named, and not counted as an attempt.
    expect(mail).toMatchObject({ status: 'pending', last_error: 'MAIL_FROM is not set', attempts: 0 });
  });
});

describe("the purge, on the stand-in's schedule (pg_cron's, hosted)", () => {
  it('forgets pending subscriptions whose link expired and day-old webhook receipts, and nothing else', async () => {
    const stamp = Date.now();
    const expired = `never.confirmed.${stamp}@example.com`;
    const current = `still.deciding.${stamp}@example.com`;
    const pending = (email: string, expiresAt: number) => ({
      email,
      status: 'pending',
      confirm_nonce: `${stamp}`.padEnd(32, '0'),
      confirm_expires_at: new Date(expiresAt).toISOString(),
    });
    expect(await backend.writeAsOwner('POST', 'emails', pending(expired, stamp - 60_000))).toBe(201);
    expect(await backend.writeAsOwner('POST', 'emails', pending(current, stamp + 3_600_000))).toBe(201);
    const oldReceipt = {
      webhook_id: `msg_old_${stamp}`,
      event_type: 'email.delivered',
      received_at: new Date(stamp - 2 * 86_400_000).toISOString(),
    };
    expect(await backend.writeAsOwner('POST', 'mail_event_receipts', oldReceipt)).toBe(201);

    const left = async () => ({
      subscribers: (
        await backend.readAsOwner<{ email: string }>(
          `emails?select=email&email=like.*.${stamp}@example.com&order=email`,
        )
      ).map((row) => row.email),
      receipts: (
        await backend.readAsOwner(
          `mail_event_receipts?select=webhook_id&webhook_id=eq.${oldReceipt.webhook_id}`,
        )
      ).length,
    });
    // The purge runs every second here: once the old receipt is gone it has run (jest's timeout is the safety net).
    while ((await left()).receipts > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await left()).toEqual({ subscribers: [current], receipts: 0 });
  });
});
