// The mail module's two transports, each against a real peer: SMTP against the mail catcher `npm start` runs (MailDev,
// as a process of its own), read back and parsed as a mail program would; the HTTP API against a stand-in for Resend
// (the true edge, as Google's siteverify is for the contact function). Nothing a visitor typed can add a header.
import { displayName, headerText } from '../mailHeaders.ts';
import { readResendAnswer, sendMail, type OutgoingMail } from '../mailTransport.ts';
import { startFakeResend, type FakeResend } from './fakeResend.ts';
import {
  MAIL_CATCHER_START_TIMEOUT_MS,
  startMailCatcherProcess,
  type MailCatcherProcess,
} from './mailCatcherProcess.ts';

let catcher: MailCatcherProcess;

beforeAll(async () => {
  catcher = await startMailCatcherProcess();
}, MAIL_CATCHER_START_TIMEOUT_MS);

afterAll(() => catcher?.stop());

const smtp = () => ({ kind: 'smtp', url: catcher.smtpUrl }) as const;

function mail(changes: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    from: { name: 'Alex Morgan', address: 'hello@alexmorgan.dev' },
    to: { name: '', address: 'owner@alexmorgan.dev' },
    subject: 'New message',
    text: 'Hello',
    html: '<p>Hello</p>',
    idempotencyKey: `mail-${Math.random().toString(36).slice(2)}`,
    ...changes,
  };
}

/** The raw source of the one mail whose X-Entity-Ref-ID is this key, and the mail as a mail program reads it. */
async function received(key: string) {
  const [mail] = await catcher.mailsWith(key);
  if (!mail) throw new Error(`no mail ${key} in the catcher`);
  return mail;
}

/** The mails the catcher was asked to deliver to this address, by any field or by the SMTP envelope. */
async function mailsReaching(address: string) {
  type Caught = {
    envelope: { to: { address: string }[] };
    to?: { address: string }[];
    cc?: { address: string }[];
  };
  const mails = (await (await fetch(`${catcher.inboxUrl}/email`)).json()) as Caught[];
  return mails.filter((mail) =>
    [...mail.envelope.to, ...(mail.to ?? []), ...(mail.cc ?? [])].some(
      (to) => to.address.toLowerCase() === address,
    ),
  );
}

/** The names of the source's header fields, unfolded. */
const headerNames = (source: string) =>
  source
    .slice(0, source.indexOf('\r\n\r\n'))
    .split('\r\n')
    .filter((line) => !/^\s/.test(line))
    .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());

describe('headerText', () => {
  it.each([
    ['a line break', 'Hi\r\nBcc: victim@example.com', 'Hi Bcc: victim@example.com'],
    ['a bare newline', 'Hi\nX-Evil: 1', 'Hi X-Evil: 1'],
    ['Unicode line separators', 'Hi\u2028Bcc: a@b.co\u0085x', 'Hi Bcc: a@b.co x'],
    ['runs of spaces and tabs', ' a \t\t b ', 'a b'],
  ])('makes %s harmless', (_case, text, safe) => {
    expect(headerText(text)).toBe(safe);
  });

  it('leaves no encoded word for a mail program to decode', () => {
    expect(headerText('Hi =?utf-8?b?DQpCY2M6IGFAYi5jbw==?=')).not.toContain('=?');
    expect(headerText('Hi =?utf-8?b?DQpCY2M6IGFAYi5jbw==?=')).toMatch(/^Hi = \?utf-8\?b\?DQpCY2M6IGFAYi5jbw/);
  });

  it('cuts a long line', () => {
    expect(headerText('x'.repeat(5000))).toHaveLength(200);
  });

  it.each([
    ['a right-to-left override', 'Ana\u202Egnp.exe', 'Anagnp.exe'],
    ['bidi isolates and marks', '\u2066Ana\u2069 \u200FSilva\u200E', 'Ana Silva'],
    ['zero-width spaces and joiners', 'Pay\u200BPal\u200D \uFEFFSupport', 'PayPal Support'],
  ])('takes out %s, which would hide or reorder what the reader sees', (_case, text, safe) => {
    expect(headerText(text)).toBe(safe);
  });
});

describe('displayName', () => {
  it('cannot pose as an address or a second mailbox', () => {
    expect(displayName('PayPal <security@paypal.com>')).toBe('PayPal security paypal.com');
    expect(displayName('"Alex Morgan" <hello@alexmorgan.dev>, Eve')).toBe(
      'Alex Morgan hello alexmorgan.dev , Eve',
    );
  });
});

describe('the SMTP transport', () => {
  it('delivers a mail with its reply-to and list headers', async () => {
    const sent = mail({
      replyTo: { name: 'Ana Silva', address: 'ana@example.com' },
      headers: {
        'List-Unsubscribe': '<http://localhost:3000/newsletter/unsubscribe?token=a.b>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(await sendMail(smtp(), sent)).toEqual({ outcome: 'sent' });
    const { parsed } = await received(sent.idempotencyKey);
    expect(parsed.subject).toBe('New message');
    expect(parsed.replyTo?.value).toEqual([{ name: 'Ana Silva', address: 'ana@example.com' }]);
    const header = (name: string) =>
      parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(
      'List-Unsubscribe: <http://localhost:3000/newsletter/unsubscribe?token=a.b>',
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(parsed.text?.trim()).toBe('Hello');
  });

  it('adds no header from a name or subject with line breaks, encoded words or long lines', async () => {
    const sent = mail({
      replyTo: { name: 'Ana\r\nBcc: victim@example.com', address: 'ana@example.com' },
      subject: `Hi\r\nBcc: victim@example.com\r\nX-Injected: =?utf-8?b?DQpCY2M6IHZAZXhhbXBsZS5jb20=?= ${'y'.repeat(3000)}`,
    });
    expect(await sendMail(smtp(), sent)).toEqual({ outcome: 'sent' });
    const { source, parsed } = await received(sent.idempotencyKey);
    expect(headerNames(source)).not.toContain('bcc');
    expect(headerNames(source)).not.toContain('x-injected');
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.subject).toBe(headerText(sent.subject));
    expect(parsed.subject).toMatch(/^Hi Bcc: victim@example\.com X-Injected: = \?utf-8\?b\?/);
    expect(parsed.subject).toHaveLength(200);
    expect(parsed.replyTo?.value).toEqual([
      { name: 'Ana Bcc: victim example.com', address: 'ana@example.com' },
    ]);
    expect(await mailsReaching('victim@example.com')).toEqual([]);
  });

  it('refuses an address that is not one plain address', async () => {
    expect(
      await sendMail(
        smtp(),
        mail({ to: { name: '', address: 'owner@alexmorgan.dev\r\nBcc: victim@example.com' } }),
      ),
    ).toMatchObject({
      outcome: 'failed',
    });
    expect(
      await sendMail(smtp(), mail({ replyTo: { name: 'x', address: 'a@b.co, victim@example.com' } })),
    ).toMatchObject({ outcome: 'failed' });
    // Refused before anything was sent: the injected address got nothing.
    expect(await mailsReaching('victim@example.com')).toEqual([]);
  });

  it('says to try again later when the SMTP server is down', async () => {
    const down = { kind: 'smtp', url: 'smtp://127.0.0.1:9?ignoreTLS=true' } as const;
    expect(await sendMail(down, mail())).toMatchObject({ outcome: 'retry' });
  });
});

describe('the HTTP API transport', () => {
  let api: FakeResend;

  beforeAll(async () => {
    api = await startFakeResend();
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
    api.answerNext();
  });

  const resend = () => ({ kind: 'resend', apiKey: 're_test_key', apiUrl: api.url }) as const;

  it('posts the mail with the key, an idempotency key and the safe headers', async () => {
    const sent = mail({
      replyTo: { name: 'Ana "A" Silva\r\nBcc: v@example.com', address: 'ana@example.com' },
      subject: 'Hi\r\nBcc: v@example.com',
      headers: { 'List-Unsubscribe': '<https://alexmorgan.dev/newsletter/unsubscribe?token=a.b>' },
    });
    expect(await sendMail(resend(), sent)).toEqual({ outcome: 'sent' });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer re_test_key');
    expect(api.requests[0]?.headers['idempotency-key']).toBe(sent.idempotencyKey);
    expect(JSON.parse(api.requests[0]!.body)).toEqual({
      from: '"Alex Morgan" <hello@alexmorgan.dev>',
      to: ['owner@alexmorgan.dev'],
      subject: 'Hi Bcc: v@example.com',
      text: 'Hello',
      html: '<p>Hello</p>',
      reply_to: '"Ana A Silva Bcc: v example.com" <ana@example.com>',
      headers: { 'List-Unsubscribe': '<https://alexmorgan.dev/newsletter/unsubscribe?token=a.b>' },
    });
  });

  // Resend's answers (https://resend.com/docs/api-reference/errors), read for what they mean.
  it.each<[string, string, number, object, RegExp | undefined]>([
    ['the same key and body again (the first answer)', 'sent', 200, { id: 'sent-1' }, undefined],
    [
      'the key used before with another body: given up, neither recorded as sent nor sent again',
      'failed',
      409,
      {
        name: 'invalid_idempotent_request',
        message: 'Same idempotency key used with a different request payload.',
      },
      /^Not sent again: Resend holds another version of this mail/,
    ],
    [
      'the same key still in progress',
      'retry',
      409,
      {
        name: 'concurrent_idempotent_requests',
        message: 'Same idempotency key used while original request is still in progress.',
      },
      undefined,
    ],
    [
      'no key',
      'wait',
      401,
      { name: 'missing_api_key', message: 'Missing API key in the authorization header.' },
      /^RESEND_API_KEY/,
    ],
    [
      'a wrong key',
      'wait',
      403,
      { name: 'invalid_api_key', message: 'API key is invalid.' },
      /^RESEND_API_KEY/,
    ],
    [
      'a sender domain not verified',
      'wait',
      403,
      {
        name: 'validation_error',
        message: 'The alexmorgan.dev domain is not verified. Please, add and verify your domain.',
      },
      /^MAIL_FROM/,
    ],
    [
      'a malformed sender',
      'wait',
      422,
      {
        name: 'validation_error',
        message:
          'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.',
      },
      /^MAIL_FROM/,
    ],
    [
      'an address it will not take',
      'failed',
      422,
      { name: 'validation_error', message: 'Invalid `to` field.' },
      undefined,
    ],
    [
      'the rate limit',
      'retry',
      429,
      { name: 'rate_limit_exceeded', message: 'Too many requests.' },
      undefined,
    ],
    [
      'the daily quota',
      'retry',
      429,
      { name: 'daily_quota_exceeded', message: 'You have reached your daily email sending quota.' },
      undefined,
    ],
    [
      'an error of its own',
      'retry',
      500,
      { name: 'application_error', message: 'An unexpected error occurred.' },
      undefined,
    ],
    ['an answer without a name', 'retry', 503, {}, undefined],
  ])('%s: %s', async (_case, outcome, status, body, names) => {
    api.answerNext({ status, body });
    const sent = await sendMail(resend(), mail());
    expect(sent.outcome).toBe(outcome);
    if (names) expect(sent.outcome !== 'sent' && sent.error).toMatch(names);
  });

  it('never puts an address the provider quotes into the error', async () => {
    api.answerNext({
      status: 422,
      body: { name: 'validation_error', message: 'Invalid `to` field: owner@alexmorgan.dev' },
    });
    const sent = await sendMail(resend(), mail());
    expect(sent).toMatchObject({ outcome: 'failed' });
    expect(JSON.stringify(sent)).not.toContain('@');
    const testingOnly =
      'You can only send testing emails to your own email address (me@x.dev). To send emails to other recipients, please verify a domain at resend.com/domains, and change the `from` address to an email using this domain.';
    expect(readResendAnswer(403, 'validation_error', testingOnly)).toEqual({
      outcome: 'wait',
      error: expect.not.stringContaining('me@x.dev'),
    });
  });

  it('says to try again later when the API cannot be reached', async () => {
    const unreachable = { kind: 'resend', apiKey: 'k', apiUrl: 'http://127.0.0.1:9/emails' } as const;
    expect(await sendMail(unreachable, mail())).toMatchObject({ outcome: 'retry' });
  });

  it('without a transport, the mail waits, saying why', async () => {
    expect(await sendMail({ kind: 'none', reason: 'No mail transport' }, mail())).toEqual({
      outcome: 'wait',
      error: 'No mail transport',
    });
  });
});
