// The mail module's two transports, each against a real peer: SMTP against the mail catcher `npm start` runs (MailDev,
// as a process of its own), read back and parsed as a mail program would; the HTTP API against a stand-in for Resend
// (the true edge, as Google's siteverify is for the contact function). Nothing a visitor typed can add a header.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { headerText, sendMail, type OutgoingMail } from '../mailTransport.ts';

const repoRoot = path.resolve(__dirname, '../../../../..');
const smtpPort = 54_990;
const inboxPort = 54_991;
const inbox = `http://127.0.0.1:${inboxPort}/api`;
let catcher: ChildProcess;

beforeAll(async () => {
  catcher = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/maildev/dist/bin/maildev.js'),
      ...[
        '--smtp',
        String(smtpPort),
        '--web',
        String(inboxPort),
        '--ip',
        '127.0.0.1',
        '--web-ip',
        '127.0.0.1',
      ],
      '--silent',
    ],
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await fetch(`${inbox}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the mail catcher did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 30_000);

afterAll(() => {
  if (catcher.pid) process.kill(-catcher.pid, 'SIGTERM');
});

const smtp = { kind: 'smtp', url: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` } as const;

function mail(changes: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    from: 'Alex Morgan <hello@alexmorgan.dev>',
    to: 'owner@alexmorgan.dev',
    subject: 'New message',
    text: 'Hello',
    html: '<p>Hello</p>',
    idempotencyKey: `mail-${Math.random().toString(36).slice(2)}`,
    ...changes,
  };
}

/** The raw source of the one mail whose X-Entity-Ref-ID is this key, and the mail as a mail program reads it. */
async function received(key: string) {
  const mails = (await (await fetch(`${inbox}/email`)).json()) as { id: string }[];
  for (const { id } of mails) {
    const source = await (await fetch(`${inbox}/email/${id}/source`)).text();
    if (source.includes(key)) return { source, parsed: await simpleParser(source) };
  }
  throw new Error(`no mail ${key} in the catcher`);
}

/** The mails the catcher was asked to deliver to this address, by any field or by the SMTP envelope. */
async function mailsReaching(address: string) {
  type Caught = {
    envelope: { to: { address: string }[] };
    to?: { address: string }[];
    cc?: { address: string }[];
  };
  const mails = (await (await fetch(`${inbox}/email`)).json()) as Caught[];
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
    expect(await sendMail(smtp, sent)).toEqual({ outcome: 'sent' });
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
    expect(await sendMail(smtp, sent)).toEqual({ outcome: 'sent' });
    const { source, parsed } = await received(sent.idempotencyKey);
    expect(headerNames(source)).not.toContain('bcc');
    expect(headerNames(source)).not.toContain('x-injected');
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has('x-injected')).toBe(false);
    expect(parsed.subject).toBe(headerText(sent.subject));
    expect(parsed.subject).toMatch(/^Hi Bcc: victim@example\.com X-Injected: = \?utf-8\?b\?/);
    expect(parsed.subject).toHaveLength(200);
    expect(parsed.replyTo?.value).toEqual([
      { name: 'Ana Bcc: victim@example.com', address: 'ana@example.com' },
    ]);
    expect(await mailsReaching('victim@example.com')).toEqual([]);
  });

  it('refuses an address that is not one plain address', async () => {
    expect(
      await sendMail(smtp, mail({ to: 'owner@alexmorgan.dev\r\nBcc: victim@example.com' })),
    ).toMatchObject({
      outcome: 'failed',
    });
    expect(
      await sendMail(smtp, mail({ replyTo: { name: 'x', address: 'a@b.co, victim@example.com' } })),
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
  let api: Server;
  let answerStatus = 200;
  let seen: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  let apiUrl = '';

  beforeAll(async () => {
    api = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        seen.push({ headers: request.headers, body: JSON.parse(body) as Record<string, unknown> });
        response.writeHead(answerStatus, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(answerStatus === 200 ? { id: 'sent-1' } : { message: 'no' }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/emails`;
  });

  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    answerStatus = 200;
  });

  const resend = () => ({ kind: 'resend', apiKey: 're_test_key', apiUrl }) as const;

  it('posts the mail with the key, an idempotency key and the safe headers', async () => {
    const sent = mail({
      replyTo: { name: 'Ana "A" Silva\r\nBcc: v@example.com', address: 'ana@example.com' },
      subject: 'Hi\r\nBcc: v@example.com',
      headers: { 'List-Unsubscribe': '<https://alexmorgan.dev/newsletter/unsubscribe?token=a.b>' },
    });
    expect(await sendMail(resend(), sent)).toEqual({ outcome: 'sent' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toBe('Bearer re_test_key');
    expect(seen[0]?.headers['idempotency-key']).toBe(sent.idempotencyKey);
    expect(seen[0]?.body).toEqual({
      from: sent.from,
      to: [sent.to],
      subject: 'Hi Bcc: v@example.com',
      text: 'Hello',
      html: '<p>Hello</p>',
      reply_to: '"Ana \\"A\\" Silva Bcc: v@example.com" <ana@example.com>',
      headers: { 'List-Unsubscribe': '<https://alexmorgan.dev/newsletter/unsubscribe?token=a.b>' },
    });
  });

  it.each([
    [422, 'failed'],
    [400, 'failed'],
    [401, 'retry'],
    [403, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
  ])('after an answer %i, says %s', async (status, outcome) => {
    answerStatus = status;
    expect(await sendMail(resend(), mail())).toMatchObject({ outcome });
  });

  it('says to try again later when the API cannot be reached', async () => {
    const unreachable = { kind: 'resend', apiKey: 'k', apiUrl: 'http://127.0.0.1:9/emails' } as const;
    expect(await sendMail(unreachable, mail())).toMatchObject({ outcome: 'retry' });
  });

  it('without a transport, the mail waits', async () => {
    expect(await sendMail({ kind: 'none', reason: 'no mail transport' }, mail())).toEqual({
      outcome: 'retry',
      error: 'no mail transport',
    });
  });
});
