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
  useProjectEnv,
  type LocalBackend,
} from '../../__tests__/localBackend.ts';
import { signMailLink } from '../mailLinks.ts';

const settingNames = [...projectVariables, 'CLIENT_IP_HEADER', 'SMTP_URL'] as const;
restoreEnvAfterAll(settingNames);
let backend: LocalBackend;
let clientCount = 0;

beforeAll(async () => {
  backend = await startLocalBackend();
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(() => {
  useProjectEnv(backend);
  process.env.CLIENT_IP_HEADER = 'x-forwarded-for';
  // No transport: mail stays in the outbox, where these tests read it.
  delete process.env.SMTP_URL;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
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
  expect((await post(newsletterSubscribe, { email: address })).status).toBe(200);
  const [row] = await backend.readAsOwner<Subscriber>(
    `emails?select=id,status,confirm_nonce,unsubscribe_nonce&email=eq.${encodeURIComponent(address)}`,
  );
  return row!;
}

// Signed as the functions sign links without MAIL_LINK_SECRET: with the project's secret key.
const confirmToken = (subscriber: Subscriber, expiresAt: number, secret = backend.secretKey) =>
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

  it('refuses a forged, an expired or a malformed link, and confirms nobody', async () => {
    const subscriber = await subscribe(`refused.${Date.now()}@example.com`);
    const forged = await confirmToken(subscriber, Date.now() + 60_000, 'not the secret');
    const expired = await confirmToken(subscriber, Date.now() - 1);
    const unsubscribeLink = await signMailLink(
      { purpose: 'unsubscribe', subscriberId: subscriber.id, nonce: subscriber.unsubscribe_nonce },
      backend.secretKey,
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
      backend.secretKey,
    );
    const altered = await signMailLink(
      { purpose: 'unsubscribe', subscriberId: subscriber.id, nonce: subscriber.unsubscribe_nonce },
      'another secret',
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
      retried: expect.any(Number),
      failed: 0,
      cancelled: expect.any(Number),
    });
  });

  it('keeps mail it cannot send, with why, for the next run', async () => {
    const subscriber = await subscribe(`waiting.${Date.now()}@example.com`);
    await post(mailOutbox, {}, { apikey: backend.secretKey });
    // Tried right after subscribing (in the background) or by this run, whichever came first.
    let mail: { status: string; attempts: number; last_error: string | null } | undefined;
    for (let poll = 0; poll < 50 && mail?.status !== 'pending'; poll += 1) {
      if (poll > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      [mail] = await backend.readAsOwner<NonNullable<typeof mail>>(
        `mail_outbox?select=status,attempts,last_error&subscriber_id=eq.${subscriber.id}`,
      );
    }
    expect(mail).toMatchObject({ status: 'pending', last_error: 'SITE_URL is not set' });
    expect(mail!.attempts).toBeGreaterThanOrEqual(1);
  });
});
