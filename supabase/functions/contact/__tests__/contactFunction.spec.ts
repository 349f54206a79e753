// The contact function end to end under Node: its handler with a fake siteverify on 127.0.0.1 and the local
// stand-in as the database, so every stored row is read back as the owner would see it.
import { DEVELOPMENT_RECAPTCHA_TOKEN } from '../../_shared/contactForm.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  localAnonKey,
  localServiceRoleKey,
  startLocalBackend,
  type LocalBackend,
} from '../../_shared/__tests__/localBackend.ts';
import handler from '../handler.ts';
import { closedPortUrl, fakeTokens, startFakeSiteverify, type FakeSiteverify } from './fakeSiteverify.ts';

interface ContactRow {
  full_name: string;
  email: string;
  subject: string;
  message: string;
  recaptcha_score: number | null;
  recaptcha_action: string | null;
  client_hash: string;
}

const settingNames = [
  'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  'RECAPTCHA_SECRET',
  'RECAPTCHA_VERIFY_URL',
  'ALLOWED_ORIGINS',
] as const;
const savedEnv = Object.fromEntries(settingNames.map((name) => [name, process.env[name]]));

let backend: LocalBackend;
let siteverify: FakeSiteverify;
let runId = 0;

beforeAll(async () => {
  [backend, siteverify] = await Promise.all([startLocalBackend(), startFakeSiteverify()]);
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  for (const name of settingNames) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  await Promise.all([backend?.stop(), siteverify?.close()]);
});

beforeEach(() => {
  process.env.SUPABASE_URL = backend.url;
  process.env.SUPABASE_SERVICE_ROLE_KEY = localServiceRoleKey;
  process.env.RECAPTCHA_SECRET = 'test-recaptcha-secret';
  process.env.RECAPTCHA_VERIFY_URL = siteverify.url;
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

function post(body: unknown, address: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(
    new Request('http://localhost/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

const rowsWithSubject = (subject: string) =>
  backend.readAsOwner<ContactRow>(`contacts?select=*&subject=eq.${encodeURIComponent(subject)}`);

describe('contact: reCAPTCHA verified with Google (a fake siteverify)', () => {
  it('stores a message whose token passes, with its score and a client hash but no address', async () => {
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
    expect(row?.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(address);
    expect(siteverify.requests.at(-1)?.get('secret')).toBe('test-recaptcha-secret');
  });

  it.each([
    ['a low score', fakeTokens.lowScore],
    ['the wrong action', fakeTokens.wrongAction],
    ['a token Google does not know', fakeTokens.invalid],
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

describe('contact: rate limit (5 per 10 minutes per client)', () => {
  it('refuses the sixth message of a client with 429 and Retry-After, and serves other clients', async () => {
    const { address, subject } = uniqueClient();
    for (let count = 1; count <= 5; count += 1) {
      expect((await post(message(`${subject} #${count}`), address)).status).toBe(200);
    }
    const refused = await post(message(`${subject} #6`), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(await rowsWithSubject(`${subject} #6`)).toEqual([]);

    const other = uniqueClient();
    expect((await post(message(other.subject), other.address)).status).toBe(200);
  });

  it('counts attempts whose token fails too, so nobody can use the form to probe Google', async () => {
    const { address, subject } = uniqueClient();
    for (let count = 1; count <= 5; count += 1) {
      expect((await post(message(subject, fakeTokens.lowScore), address)).status).toBe(403);
    }
    const asked = siteverify.requests.length;
    expect((await post(message(subject), address)).status).toBe(429);
    expect(siteverify.requests.length).toBe(asked);
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
    ['GET', () => handler(new Request('http://localhost/contact')), 405],
    [
      'a form post',
      () =>
        handler(
          new Request('http://localhost/contact', { method: 'POST', body: new URLSearchParams({ a: 'b' }) }),
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

describe('contact without RECAPTCHA_SECRET (local development, offline)', () => {
  beforeEach(() => {
    delete process.env.RECAPTCHA_SECRET;
  });

  it('accepts the development token, stores the message without a score, and says so in the log', async () => {
    const { address, subject } = uniqueClient();
    const response = await post(message(subject, DEVELOPMENT_RECAPTCHA_TOKEN), address);
    expect(response.status).toBe(200);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('accepted the development token'));
    expect(await rowsWithSubject(subject)).toMatchObject([{ recaptcha_score: null, recaptcha_action: null }]);
  });

  it('refuses any other token', async () => {
    const { address, subject } = uniqueClient();
    expect((await post(message(subject, fakeTokens.pass), address)).status).toBe(403);
    expect(await rowsWithSubject(subject)).toEqual([]);
  });
});

describe('contact served by the local stand-in (/functions/v1/contact)', () => {
  it('takes a visitor message from the browser side with the anon key', async () => {
    const { subject } = uniqueClient();
    const response = await fetch(`${backend.url}/functions/v1/contact`, {
      method: 'POST',
      headers: {
        apikey: localAnonKey,
        Authorization: `Bearer ${localAnonKey}`,
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
      },
      body: JSON.stringify(message(subject, DEVELOPMENT_RECAPTCHA_TOKEN)),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).not.toBeNull();
    expect(await rowsWithSubject(subject)).toHaveLength(1);
  });
});
