// The contact function end to end: its handler under Node with a fake siteverify on 127.0.0.1 and the local stand-in
// as the database, so every stored row is read back as the owner would see it; then the function as the stand-in
// serves it, in Deno.
import { keyedHash } from '../../_shared/clientAddress.ts';
import { rateLimits } from '../../_shared/rateLimits.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN } from '../../_shared/recaptchaRules.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  projectVariables,
  restoreEnvAfterAll,
  startLocalBackend,
  applyProjectEnv,
  type LocalBackend,
} from '../../_shared/__tests__/localBackend.ts';
import { request } from 'node:http';
import handler from '../handler.ts';
import {
  closedPortUrl,
  fakeTokens,
  scoreToken,
  startFakeSiteverify,
  type FakeSiteverify,
} from '../../_shared/__tests__/fakeSiteverify.ts';

interface ContactRow {
  full_name: string;
  email: string;
  subject: string;
  message: string;
  recaptcha_score: number | null;
  recaptcha_action: string | null;
}

const settingNames = [
  ...projectVariables,
  'RECAPTCHA_SECRET',
  'RECAPTCHA_VERIFY_URL',
  'RECAPTCHA_HOSTNAMES',
  'RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN',
  'CLIENT_IP_HEADER',
  'ALLOWED_ORIGINS',
  'SUPABASE_LOCAL_STAND_IN',
] as const;
restoreEnvAfterAll(settingNames);

let backend: LocalBackend;
let siteverify: FakeSiteverify;
let runId = 0;

beforeAll(async () => {
  [backend, siteverify] = await Promise.all([startLocalBackend(), startFakeSiteverify()]);
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([backend?.stop(), siteverify?.close()]);
});

beforeEach(() => {
  applyProjectEnv(backend);
  process.env.RECAPTCHA_SECRET = 'test-recaptcha-secret';
  // The fake siteverify on 127.0.0.1 is honoured as it is under the stand-in (loopbackOverride.ts).
  process.env.SUPABASE_LOCAL_STAND_IN = 'true';
  process.env.RECAPTCHA_VERIFY_URL = siteverify.url;
  process.env.RECAPTCHA_HOSTNAMES = 'localhost';
  delete process.env.RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN;
  // As the gateway in front of the function does: the last X-Forwarded-For entry is the caller (see post()).
  process.env.CLIENT_IP_HEADER = 'x-forwarded-for';
  delete process.env.ALLOWED_ORIGINS;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

/** A client of its own for each test (the rate limit is per client) and a subject to find the row by. */
function uniqueClient() {
  runId += 1;
  return { address: `198.51.100.${runId}`, subject: `Test ${Date.now()}-${runId}` };
}

function message(subject: string, recaptcha: string = fakeTokens.pass) {
  return {
    fullName: 'Ana Silva',
    email: 'ana.silva@example.com',
    subject,
    message: 'Hello Alex, I would like to talk about a project.',
    recaptcha,
  };
}

/** A request as the gateway passes it on: the site's publishable key, the caller's address last in X-Forwarded-For. */
function post(body: unknown, address: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(
    new Request('http://localhost/contact', {
      method: 'POST',
      headers: {
        apikey: backend.publishableKey,
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

const rowsWithSubject = (subject: string) =>
  backend.readAsOwner<ContactRow>(`contacts?select=*&subject=eq.${encodeURIComponent(subject)}`);

describe('contact: reCAPTCHA verified with Google (a fake siteverify)', () => {
  it('stores a message whose token passes, with its score but no address', async () => {
    const { address, subject } = uniqueClient();
    const response = await post(message(subject), address);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Contact was Successfully Submitted' });
    const rows = await rowsWithSubject(subject);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      full_name: 'Ana Silva',
      email: 'ana.silva@example.com',
      message: 'Hello Alex, I would like to talk about a project.',
      recaptcha_score: 0.9,
      recaptcha_action: 'contact',
    });
    expect(JSON.stringify(row)).not.toContain(address);
    expect(siteverify.requests.at(-1)?.get('secret')).toBe('test-recaptcha-secret');
  });

  it.each([
    ['a low score', fakeTokens.lowScore],
    ['the wrong action', fakeTokens.wrongAction],
    ['a token Google does not know', fakeTokens.invalid],
    ['a token issued on another site', fakeTokens.otherHost],
    ['a score just below 0.5', scoreToken(0.49)],
    ['the development token', DEVELOPMENT_RECAPTCHA_TOKEN],
  ])('refuses %s with 403 and stores nothing', async (_case, token) => {
    const { address, subject } = uniqueClient();
    const response = await post(message(subject, token), address);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, error: 'recaptcha_rejected' });
    expect(await rowsWithSubject(subject)).toEqual([]);
  });

  it('answers 503 when siteverify fails, and stores nothing', async () => {
    const { address, subject } = uniqueClient();
    const response = await post(message(subject, fakeTokens.serverError), address);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'recaptcha_unavailable' });
    expect(await rowsWithSubject(subject)).toEqual([]);
  });

  it('answers 503 when Google cannot be reached', async () => {
    process.env.RECAPTCHA_VERIFY_URL = await closedPortUrl();
    const { address, subject } = uniqueClient();
    const response = await post(message(subject), address);
    expect(response.status).toBe(503);
    expect(await rowsWithSubject(subject)).toEqual([]);
  });
});

const { contact: messages, contactAttempt: attempts } = rateLimits;

describe(`contact: rate limit (${messages.perClient.max} per ${messages.perClient.windowSeconds} s per client)`, () => {
  it('refuses the next message of a client with 429 and Retry-After, and serves other clients', async () => {
    const { address, subject } = uniqueClient();
    for (let count = 1; count <= messages.perClient.max; count += 1) {
      expect((await post(message(`${subject} #${count}`), address)).status).toBe(200);
    }
    const refused = await post(message(`${subject} #next`), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(messages.perClient.windowSeconds));
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(await rowsWithSubject(`${subject} #next`)).toEqual([]);

    const other = uniqueClient();
    expect((await post(message(other.subject), other.address)).status).toBe(200);
  });

  it('counts only messages that passed the captcha, so failed sends lock nobody out', async () => {
    const { address, subject } = uniqueClient();
    for (let count = 1; count <= messages.perClient.max + 1; count += 1) {
      expect((await post(message(subject, fakeTokens.lowScore), address)).status).toBe(403);
    }
    expect((await post(message(subject), address)).status).toBe(200);
  });

  it('keys the limit on the address the gateway appended, not on the first hop the client wrote', async () => {
    const { address, subject } = uniqueClient();
    for (let count = 1; count <= messages.perClient.max + 3; count += 1) {
      const status = (await post(message(`${subject} #${count}`), `10.9.9.${count}, ${address}`)).status;
      expect(status).toBe(count <= messages.perClient.max ? 200 : 429);
    }
    // Writing someone else's address first does not touch their limit either.
    const victim = uniqueClient();
    expect((await post(message(victim.subject), `${victim.address}, ${address}`)).status).toBe(429);
    expect((await post(message(victim.subject), victim.address)).status).toBe(200);
  });

  it(`holds an IPv6 /48 to ${messages.perNetwork.max} messages, however many /64s it spreads over`, async () => {
    const { subject } = uniqueClient();
    const network = `2001:db8:${(runId + 0x100).toString(16)}`;
    // All but one of the network's messages, as if sent from other /64s of it.
    const bucket = `contact:network:${await keyedHash(`${network}::/48`, backend.secretKey)}`;
    expect(
      await backend.writeAsOwner('POST', 'rate_limit_hits', { bucket, weight: messages.perNetwork.max - 1 }),
    ).toBe(201);
    expect((await post(message(`${subject} #1`), `${network}:1::1`)).status).toBe(200);
    expect((await post(message(`${subject} #2`), `${network}:2::1`)).status).toBe(429);
    expect((await post(message(`${subject} #3`), `2001:db8:ffff:2::1`)).status).toBe(200);
  });

  it(`also holds all clients together to ${messages.allClients.max} messages an hour`, async () => {
    // Fill the shared bucket as that many earlier messages would have, then any client is refused for an hour.
    expect(
      await backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: 'contact:all-clients',
        weight: messages.allClients.max,
      }),
    ).toBe(201);
    try {
      const { address, subject } = uniqueClient();
      const refused = await post(message(subject), address);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(messages.allClients.windowSeconds));
      expect(await rowsWithSubject(subject)).toEqual([]);
    } finally {
      await backend.writeAsOwner('DELETE', 'rate_limit_hits?bucket=eq.contact:all-clients');
    }
  });
});

describe(`contact: attempts limited before Google is asked (${attempts.perClient.max} per client)`, () => {
  it('refuses the next attempt with 429 without asking Google, whatever the token', async () => {
    const { address, subject } = uniqueClient();
    const asked = siteverify.requests.length;
    for (let count = 1; count <= attempts.perClient.max; count += 1) {
      expect((await post(message(subject, `junk-token-${count}`), address)).status).toBe(403);
    }
    expect(siteverify.requests.length - asked).toBe(attempts.perClient.max);
    const refused = await post(message(subject), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(attempts.perClient.windowSeconds));
    expect(siteverify.requests.length - asked).toBe(attempts.perClient.max);
  });

  it('a message refused for everyone together counts nothing against the client', async () => {
    const { address, subject } = uniqueClient();
    expect(
      await backend.writeAsOwner('POST', 'rate_limit_hits', {
        bucket: 'contact:all-clients',
        weight: messages.allClients.max,
      }),
    ).toBe(201);
    try {
      // As many as the client may send (each is an attempt too, and attempts have their own limit).
      for (let count = 1; count <= messages.perClient.max; count += 1)
        expect((await post(message(subject), address)).status).toBe(429);
    } finally {
      await backend.writeAsOwner('DELETE', 'rate_limit_hits?bucket=eq.contact:all-clients');
    }
    // The refused messages took nothing from the client's own.
    for (let count = 1; count <= messages.perClient.max; count += 1) {
      expect((await post(message(`${subject} #${count}`), address)).status).toBe(200);
    }
  });
});

describe('contact: every field checked on the server', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['a missing name', { fullName: '' }, { fullName: 'Enter your full name.' }],
    ['an invalid email', { email: 'ana@example' }, { email: 'Email is not valid.' }],
    ['a blank subject', { subject: '   ' }, { subject: 'Enter a subject.' }],
    ['a missing message', { message: undefined }, { message: 'Enter your message.' }],
    ['a message that is not text', { message: 42 }, { message: 'Enter your message.' }],
    ['a too-long message', { message: 'x'.repeat(5001) }, { message: 'Use at most 5,000 characters.' }],
    ['a too-long name', { fullName: 'x'.repeat(101) }, { fullName: 'Use at most 100 characters.' }],
    ['no captcha token', { recaptcha: '' }, { recaptcha: 'The captcha token is missing.' }],
    [
      'a name with a line break',
      { fullName: 'Ana\nFrom: PayPal <security@paypal.com>' },
      { fullName: 'Use one line, without line breaks.' },
    ],
    [
      'a subject with a line break',
      { subject: 'Hi\r\nBcc: victim@example.com' },
      { subject: 'Use one line, without line breaks.' },
    ],
    [
      'a name with a Unicode line separator',
      { fullName: 'Ana\u2028Bcc' },
      { fullName: 'Use one line, without line breaks.' },
    ],
  ])('refuses %s with 400 and the field error, without asking Google', async (_case, change, fieldErrors) => {
    const { address, subject } = uniqueClient();
    const asked = siteverify.requests.length;
    const response = await post({ ...message(subject), ...change }, address);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: 'invalid_fields',
      message: 'Invalid data, make sure to enter correct data.',
      fieldErrors,
    });
    expect(siteverify.requests.length).toBe(asked);
    expect(await rowsWithSubject(subject)).toEqual([]);
  });

  it.each<[string, () => Promise<Response>, number]>([
    [
      'GET',
      () => handler(new Request('http://localhost/contact', { headers: { apikey: backend.publishableKey } })),
      405,
    ],
    [
      'a form post',
      () =>
        handler(
          new Request('http://localhost/contact', {
            method: 'POST',
            headers: { apikey: backend.publishableKey },
            body: new URLSearchParams({ a: 'b' }),
          }),
        ),
      415,
    ],
    ['a body that is not JSON', () => post('{"fullName": ', '203.0.113.1'), 400],
    ['a huge body', () => post({ ...message('huge'), padding: 'x'.repeat(40_000) }, '203.0.113.1'), 413],
  ])('refuses %s', async (_case, send, status) => {
    expect((await send()).status).toBe(status);
  });
});

describe('contact: CORS', () => {
  const preflight = (origin: string) =>
    handler(
      new Request('http://localhost/contact', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      }),
    );

  it('answers the preflight of the site with the headers supabase-js sends', async () => {
    process.env.ALLOWED_ORIGINS = 'https://alexmorgan.dev,http://localhost:3000';
    const response = await preflight('https://alexmorgan.dev');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://alexmorgan.dev');
    expect(response.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('does not allow other sites', async () => {
    process.env.ALLOWED_ORIGINS = 'https://alexmorgan.dev';
    const response = await preflight('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const { address, subject } = uniqueClient();
    const answer = await post(message(subject), address, { origin: 'https://evil.example' });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('contact without RECAPTCHA_SECRET', () => {
  beforeEach(() => {
    delete process.env.RECAPTCHA_SECRET;
  });

  it('refuses every message with 503 and a configuration error in its log, deployed (fails closed)', async () => {
    const { address, subject } = uniqueClient();
    for (const token of [DEVELOPMENT_RECAPTCHA_TOKEN, fakeTokens.pass]) {
      const response = await post(message(subject, token), address);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'not_configured' });
    }
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('RECAPTCHA_SECRET is not set'));
    expect(await rowsWithSubject(subject)).toEqual([]);
  });
});

describe('contact without RECAPTCHA_SECRET where the local stand-in enables the development token', () => {
  beforeEach(() => {
    delete process.env.RECAPTCHA_SECRET;
    process.env.RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN = 'true';
  });

  it('accepts the development token, stores the message without a score, and says so in the log', async () => {
    const { address, subject } = uniqueClient();
    const response = await post(message(subject, DEVELOPMENT_RECAPTCHA_TOKEN), address);
    expect(response.status).toBe(200);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('accepted the development token'));
    // As the owner's guide says: no score, and no client hash (the rate limit keeps its own, in rate_limit_hits).
    expect(await rowsWithSubject(subject)).toMatchObject([
      { recaptcha_score: null, recaptcha_action: null, client_hash: null },
    ]);
  });

  it('refuses any other token', async () => {
    const { address, subject } = uniqueClient();
    expect((await post(message(subject, fakeTokens.pass), address)).status).toBe(403);
    expect(await rowsWithSubject(subject)).toEqual([]);
  });
});

describe('contact served by the local stand-in (/functions/v1/contact)', () => {
  it('takes a visitor message from the browser side with the publishable key', async () => {
    const { subject } = uniqueClient();
    const response = await fetch(`${backend.url}/functions/v1/contact`, {
      method: 'POST',
      headers: {
        apikey: backend.publishableKey,
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
      },
      body: JSON.stringify(message(subject, DEVELOPMENT_RECAPTCHA_TOKEN)),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).not.toBeNull();
    expect(await rowsWithSubject(subject)).toHaveLength(1);
  });

  /** A browser's request to the stand-in from a given local address, claiming whatever X-Forwarded-For it likes. */
  function sendFrom(localAddress: string, subject: string, forwardedFor: string): Promise<number> {
    const body = JSON.stringify(message(subject, DEVELOPMENT_RECAPTCHA_TOKEN));
    return new Promise((resolve, reject) => {
      const outgoing = request(
        `${backend.url}/functions/v1/contact`,
        {
          method: 'POST',
          localAddress,
          headers: {
            apikey: backend.publishableKey,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'X-Forwarded-For': forwardedFor,
          },
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.statusCode ?? 0));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  it('as the gateway, keys the limit on the socket: a forged X-Forwarded-For neither escapes it nor locks others out', async () => {
    const { subject } = uniqueClient();
    const statuses: number[] = [];
    for (let count = 1; count <= 6; count += 1) {
      statuses.push(await sendFrom('127.0.0.1', `${subject} #${count}`, `203.0.113.${count}`));
    }
    // The message above already used one of 127.0.0.1's five.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another client, even one the flood named in its header, still has all of its own.
    expect(await sendFrom('127.0.0.2', `${subject} other`, '127.0.0.1')).toBe(200);
  });
});
