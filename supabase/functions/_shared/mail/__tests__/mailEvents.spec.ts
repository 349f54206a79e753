// The events door: the mail-events function under Node against the local stand-in, fed events signed the way Resend
// signs them (Standard Webhooks, with the standardwebhooks library and the endpoint's secret). A hard bounce or a
// complaint suppresses the address, once; unsigned, wrongly signed, stale and replayed events change nothing; a new
// subscription of a suppressed address queues nothing and is answered as any other.
import { Webhook } from 'standardwebhooks';
import mailEvents from '../../../mail-events/handler.ts';
import newsletterSubscribe from '../../../newsletter-subscribe/handler.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  projectVariables,
  restoreEnvAfterAll,
  startLocalBackend,
  applyProjectEnv,
  type LocalBackend,
} from '../../__tests__/localBackend.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN } from '../../recaptchaRules.ts';

const settingNames = [
  ...projectVariables,
  'RESEND_WEBHOOK_SECRET',
  'CLIENT_IP_HEADER',
  'RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN',
] as const;
restoreEnvAfterAll(settingNames);

/** The endpoint's signing secret, as Resend shows it (whsec_ and base64). */
const secret = `whsec_${Buffer.from('the-signing-secret-of-these-tests').toString('base64')}`;
const resend = new Webhook(secret);
let backend: LocalBackend;
let eventCount = 0;

beforeAll(async () => {
  backend = await startLocalBackend({}, { schedule: false });
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(() => {
  applyProjectEnv(backend);
  process.env.RESEND_WEBHOOK_SECRET = secret;
  process.env.CLIENT_IP_HEADER = 'x-forwarded-for';
  process.env.RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN = 'true';
  for (const level of ['error', 'warn', 'info'] as const)
    jest.spyOn(console, level).mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const uniqueAddress = (name: string) => `${name}.${Date.now()}.${(eventCount += 1)}@example.com`;

/** Resend's email.bounced and email.complained (https://resend.com/docs/webhooks/event-types). */
function bounced(address: string, type = 'Permanent') {
  return {
    type: 'email.bounced',
    created_at: new Date().toISOString(),
    data: {
      email_id: 'b1d2c3e4-0000-4000-8000-000000000001',
      from: 'Alex Morgan <hello@alexmorgan.dev>',
      to: [address],
      subject: 'Please confirm your newsletter subscription',
      bounce: { type, subType: 'General', message: `The mailbox ${address} does not exist` },
    },
  };
}

const complained = (address: string) => ({
  type: 'email.complained',
  created_at: new Date().toISOString(),
  data: {
    email_id: 'c0000000-0000-4000-8000-000000000002',
    from: 'hello@alexmorgan.dev',
    to: [address],
    subject: 'Hi',
  },
});

/** The event as Resend posts it: svix-* headers, signed by `signer` at `sentAt`. */
function signed(
  event: object,
  { id = `msg_${Date.now()}_${(eventCount += 1)}`, signer = resend, sentAt = new Date() } = {},
) {
  const body = JSON.stringify(event);
  return {
    id,
    request: new Request('http://localhost/mail-events', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'svix-signature': signer.sign(id, sentAt, body),
      },
      body,
    }),
  };
}

const answerOf = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as object),
});

const suppression = async (address: string) =>
  (
    await backend.readAsOwner<{ reason: string; detail: string | null }>(
      `mail_suppressions?select=reason,detail&email=eq.${encodeURIComponent(address)}`,
    )
  )[0];

describe('mail-events', () => {
  it('a signed hard bounce puts the address on the suppression list, with what the provider said', async () => {
    const address = uniqueAddress('bounced');
    expect(await answerOf(await mailEvents(signed(bounced(address.toUpperCase())).request))).toEqual({
      status: 200,
      outcome: 'suppressed',
    });
    expect(await suppression(address)).toEqual({
      reason: 'bounce',
      detail: 'Permanent/General: The mailbox <address> does not exist',
    });
  });

  it('a signed complaint puts the address on the list', async () => {
    const address = uniqueAddress('complained');
    expect((await mailEvents(signed(complained(address)).request)).status).toBe(200);
    expect(await suppression(address)).toMatchObject({ reason: 'complaint' });
  });

  it('a soft bounce or a delivery suppresses nobody', async () => {
    const address = uniqueAddress('soft');
    expect(await answerOf(await mailEvents(signed(bounced(address, 'Transient')).request))).toEqual({
      status: 200,
      outcome: 'ignored',
    });
    const delivered = {
      type: 'email.delivered',
      created_at: new Date().toISOString(),
      data: { to: [address] },
    };
    expect(await answerOf(await mailEvents(signed(delivered).request))).toEqual({
      status: 200,
      outcome: 'ignored',
    });
    expect(await suppression(address)).toBeUndefined();
  });

  it('refuses an unsigned, a wrongly signed, a stale and a replayed event, and changes nothing', async () => {
    const address = uniqueAddress('refused');
    const event = bounced(address);
    const unsigned = new Request('http://localhost/mail-events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    const otherSecret = new Webhook(`whsec_${Buffer.from('someone else entirely').toString('base64')}`);
    const altered = signed(event);
    const alteredBody = new Request(altered.request, {
      body: JSON.stringify(bounced(uniqueAddress('victim'))),
    });
    expect(await answerOf(await mailEvents(unsigned))).toEqual({ status: 401, error: 'unsigned' });
    expect(await answerOf(await mailEvents(signed(event, { signer: otherSecret }).request))).toEqual({
      status: 401,
      error: 'forged',
    });
    expect(await answerOf(await mailEvents(alteredBody))).toEqual({ status: 401, error: 'forged' });
    expect(
      await answerOf(await mailEvents(signed(event, { sentAt: new Date(Date.now() - 10 * 60_000) }).request)),
    ).toEqual({ status: 401, error: 'stale' });
    expect(await suppression(address)).toBeUndefined();

    // A genuine event, then the same event again (its id): taken once.
    const genuine = signed(complained(address));
    expect((await mailEvents(genuine.request)).status).toBe(200);
    await backend.writeAsOwner('DELETE', `mail_suppressions?email=eq.${encodeURIComponent(address)}`);
    const replay = signed(complained(address), { id: genuine.id });
    expect(await answerOf(await mailEvents(replay.request))).toEqual({ status: 409, error: 'replayed' });
    expect(await suppression(address)).toBeUndefined();
  });

  it('fails closed without its secret, and refuses what is not a signed event', async () => {
    delete process.env.RESEND_WEBHOOK_SECRET;
    expect(await answerOf(await mailEvents(signed(bounced(uniqueAddress('closed'))).request))).toEqual({
      status: 503,
      error: 'not_configured',
    });
    process.env.RESEND_WEBHOOK_SECRET = secret;
    expect((await mailEvents(new Request('http://localhost/mail-events'))).status).toBe(405);
    const huge = signed({ type: 'email.bounced', data: { to: [], padding: 'x'.repeat(70_000) } });
    expect((await mailEvents(huge.request)).status).toBe(413);
    expect(await answerOf(await mailEvents(signed({ no: 'type' }).request))).toEqual({
      status: 400,
      error: 'invalid_event',
    });
  });
});

describe('a suppressed address', () => {
  it('that subscribes again is answered as any address, and sent nothing', async () => {
    const address = uniqueAddress('dead.mailbox');
    expect((await mailEvents(signed(bounced(address)).request)).status).toBe(200);
    const subscribe = (email: string) =>
      newsletterSubscribe(
        new Request('http://localhost/newsletter-subscribe', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            apikey: backend.publishableKey,
            'x-forwarded-for': `198.51.100.${eventCount % 250}`,
          },
          body: JSON.stringify({ email, recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN }),
        }),
      );
    const suppressed = await subscribe(address);
    const fresh = await subscribe(uniqueAddress('fresh'));
    expect(suppressed.status).toBe(200);
    expect(await suppressed.json()).toEqual(await fresh.json());
    // No subscriber row, so no mail about one either (the outbox's rows hang off it).
    expect(await backend.readAsOwner(`emails?select=id&email=eq.${encodeURIComponent(address)}`)).toEqual([]);
  });
});
