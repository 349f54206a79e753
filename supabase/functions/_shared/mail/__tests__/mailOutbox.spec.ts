// The send door (mailOutbox.ts) against the real outbox (the local stand-in's database, its own schedule off so that
// these runs are the only senders), real SMTP (the mail catcher, read back as a mail program would) and a stand-in for
// Resend's API (the true edge). A mail that cannot be written never holds up the others; a settings mistake waits with
// its reason and goes once it is fixed; every attempt at a mail sends the same bytes; the provider's answers are read
// for what they mean; suppressed addresses get nothing; two senders never send one mail twice, on the real PostgreSQL
// and PostgREST, where sessions run at once.
import {
  BACKEND_START_TIMEOUT_MS,
  restoreEnvAfterAll,
  startLocalBackend,
  type LocalBackend,
} from '../../__tests__/localBackend.ts';
import {
  deliverDueMail,
  OUTBOX_BATCH,
  OUTBOX_LEASE_SECONDS,
  OUTBOX_RUN_BUDGET_MS,
  OUTBOX_WAIT_SECONDS,
  retryDelaySeconds,
  type DeliveryReport,
} from '../mailOutbox.ts';
import { apiKeyHeaders } from '../../apiKeys.ts';
import { serviceRequest } from '../../serviceBackend.ts';
import {
  REAL_BACKEND_START_TIMEOUT_MS,
  startRealBackend,
  type RealBackend,
} from '../../__tests__/realBackend.ts';
import { readMailSettings } from '../mailSettings.ts';
import { SEND_TIMEOUT_MS } from '../mailTransport.ts';
import { startFakeResend, type FakeResend } from './fakeResend.ts';
import { startMailCatcherProcess, type MailCatcherProcess } from './mailCatcherProcess.ts';

const settingNames = [
  'SUPABASE_LOCAL_STAND_IN',
  'SMTP_URL',
  'RESEND_API_KEY',
  'RESEND_API_URL',
  'MAIL_FROM',
  'OWNER_EMAIL',
  'SITE_URL',
  'MAIL_LINK_SECRET',
] as const;
restoreEnvAfterAll(settingNames);

let backend: LocalBackend;
let catcher: MailCatcherProcess;
let resend: FakeResend;
let runId = 0;

beforeAll(async () => {
  [backend, catcher, resend] = await Promise.all([
    startLocalBackend({}, { schedule: false }),
    startMailCatcherProcess(),
    startFakeResend(),
  ]);
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  catcher?.stop();
  await Promise.all([backend?.stop(), resend?.close()]);
});

/** Every setting right, mail through the catcher. */
function setUpMail(changes: Partial<Record<(typeof settingNames)[number], string | undefined>> = {}) {
  const settings = {
    SMTP_URL: catcher.smtpUrl,
    RESEND_API_KEY: undefined,
    RESEND_API_URL: undefined,
    SUPABASE_LOCAL_STAND_IN: 'true',
    MAIL_FROM: 'Alex Morgan <hello@alexmorgan.dev>',
    OWNER_EMAIL: 'owner@alexmorgan.dev',
    SITE_URL: 'http://localhost:3000',
    MAIL_LINK_SECRET: 'the-link-key-of-these-tests-0123456789',
    ...changes,
  };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** Mail through the stand-in for Resend. */
const throughResend = () => ({
  SMTP_URL: undefined,
  RESEND_API_KEY: 're_test_key',
  RESEND_API_URL: resend.url,
});

beforeEach(async () => {
  runId += 1;
  setUpMail();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  // Each test starts with an outbox holding only its own mail: what earlier tests left is set aside.
  await backend.writeAsOwner('PATCH', 'mail_outbox?status=in.(pending,sending)', {
    status: 'cancelled',
    claim_token: null,
    last_error: 'set aside by the tests',
  });
});

afterEach(() => jest.restoreAllMocks());

/** One run of the outbox, as the mail-outbox function does it, with the settings of the moment. */
const deliver = () =>
  deliverDueMail(
    { supabaseUrl: backend.url, secretKey: backend.secretKey, rateLimitSalt: backend.secretKey },
    readMailSettings(),
  );

async function rpc<T>(name: string, body: object): Promise<T> {
  const response = await fetch(`${backend.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: backend.secretKey,
      Authorization: `Bearer ${backend.secretKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface OutboxRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
}

/** A pending subscriber with a confirmation mail queued, as newsletter-subscribe leaves them (no send of its own). */
async function subscribed(name: string): Promise<{ address: string; mail: () => Promise<OutboxRow> }> {
  const address = `${name}.${runId}.${Date.now()}@example.com`;
  expect(
    await rpc('subscribe_newsletter', { p_email: address, p_confirm_within_seconds: 3600, p_max_per_day: 3 }),
  ).toBe(true);
  const [subscriber] = await backend.readAsOwner<{ id: string }>(
    `emails?select=id&email=eq.${encodeURIComponent(address)}`,
  );
  return {
    address,
    mail: () => outboxRow(`subscriber_id=eq.${subscriber!.id}&order=created_at.asc&limit=1`),
  };
}

/** store_contact_message's arguments for a message with this subject. */
const contactMessageArgs = (subject: string) => ({
  p_full_name: 'Ana Silva',
  p_email: 'ana.silva@example.com',
  p_subject: subject,
  p_message: 'Hello Alex.',
  p_recaptcha_score: 0.9,
  p_recaptcha_action: 'contact',
});

/** A stored contact message with the owner's copy queued. */
async function contactMessage(subject: string): Promise<() => Promise<OutboxRow>> {
  const contact = await rpc<string>('store_contact_message', contactMessageArgs(subject));
  return () => outboxRow(`contact_id=eq.${contact}`);
}

async function outboxRow(filter: string): Promise<OutboxRow> {
  const [row] = await backend.readAsOwner<OutboxRow>(
    `mail_outbox?select=id,kind,status,attempts,last_error,next_attempt_at&${filter}`,
  );
  if (!row) throw new Error(`no outbox row for ${filter}`);
  return row;
}

/**
 * One run of the outbox, and when it ran: a mail it put off is due again that many seconds after the run's finish,
 * which lies between `from` and `to`.
 */
async function timedDeliver(): Promise<{ report: DeliveryReport; from: number; to: number }> {
  const from = Date.now();
  const report = await deliver();
  return { report, from, to: Date.now() };
}

/**
 * The mail is put off: due again `seconds` after the run, by the row (its next_attempt_at), not by the clock of the
 * test. Then its time comes, as the clock would bring it (the test moves next_attempt_at to now rather than waiting
 * the seconds), and the next run takes it.
 */
async function expectPutOffThenDue(
  mail: () => Promise<OutboxRow>,
  run: { from: number; to: number },
  seconds: number,
): Promise<void> {
  const row = await mail();
  expect(row.status).toBe('pending');
  const dueAt = Date.parse(row.next_attempt_at);
  // The database's timestamps have microseconds: the run's bounds are whole milliseconds either side.
  expect(dueAt).toBeGreaterThanOrEqual(run.from - 1 + seconds * 1000);
  expect(dueAt).toBeLessThanOrEqual(run.to + 1 + seconds * 1000);
  expect(
    await backend.writeAsOwner('PATCH', `mail_outbox?id=eq.${row.id}`, {
      next_attempt_at: new Date().toISOString(),
    }),
  ).toBe(204);
}

describe('one mail never holds up the others', () => {
  it('a mail that cannot be written (SITE_URL without its scheme) waits with the reason; the rest of its batch goes', async () => {
    setUpMail({ SITE_URL: 'alexmorgan.dev' });
    const confirmation = await subscribed('written.first');
    const subject = `Sent beside a mail that cannot be written ${runId}`;
    const ownerCopy = await contactMessage(subject);

    const run = await timedDeliver();
    expect(run.report).toMatchObject({ sent: 1, waiting: 1 });
    expect(await ownerCopy()).toMatchObject({ status: 'sent', last_error: null });
    expect(await catcher.mailsWith(subject)).toHaveLength(1);
    expect(await confirmation.mail()).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: expect.stringMatching(/^SITE_URL is not the site's address/),
    });
    expect(await catcher.mailsWith(confirmation.address)).toEqual([]);

    // Fixed: it goes by itself, on the run after it is due again.
    setUpMail();
    await expectPutOffThenDue(confirmation.mail, run, OUTBOX_WAIT_SECONDS);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await confirmation.mail()).toMatchObject({ status: 'sent', last_error: null });
    expect(await catcher.mailsWith(confirmation.address)).toHaveLength(1);
  });
});

describe('a settings mistake waits with its reason, and never fails the mail', () => {
  it("a malformed OWNER_EMAIL keeps the owner's copy waiting with the reason; once corrected, it is sent once", async () => {
    setUpMail({ OWNER_EMAIL: 'owner(at)alexmorgan.dev' });
    const subject = `Waits for OWNER_EMAIL ${runId}`;
    const ownerCopy = await contactMessage(subject);
    const run = await timedDeliver();
    expect(await ownerCopy()).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: expect.stringMatching(/^OWNER_EMAIL is not an address/),
    });

    // "Name <address>" with the newline a copy and paste leaves: the usual way to write it, accepted.
    setUpMail({ OWNER_EMAIL: 'Alex Morgan <owner@alexmorgan.dev>\n' });
    await expectPutOffThenDue(ownerCopy, run, OUTBOX_WAIT_SECONDS);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await ownerCopy()).toMatchObject({ status: 'sent' });
    const [copy, ...more] = await catcher.mailsWith(subject);
    expect(more).toEqual([]);
    expect(copy!.parsed.to).toMatchObject({
      value: [{ name: 'Alex Morgan', address: 'owner@alexmorgan.dev' }],
    });
  });

  it.each([
    ['no MAIL_LINK_SECRET', { MAIL_LINK_SECRET: undefined }, /^MAIL_LINK_SECRET is not set/],
    [
      'a MAIL_LINK_SECRET too short to be a key',
      { MAIL_LINK_SECRET: 'short' },
      /^MAIL_LINK_SECRET is shorter/,
    ],
    ['no MAIL_FROM', { MAIL_FROM: undefined }, /^MAIL_FROM is not set/],
    [
      'two senders in MAIL_FROM',
      { MAIL_FROM: 'a@alexmorgan.dev, b@alexmorgan.dev' },
      /^MAIL_FROM is not exactly one/,
    ],
    ['no transport', { SMTP_URL: undefined }, /^No mail transport/],
  ])('%s: the confirmation waits, saying so', async (_case, changes, reason) => {
    setUpMail(changes);
    const confirmation = await subscribed('waits');
    await deliver();
    expect(await confirmation.mail()).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: expect.stringMatching(reason),
    });
  });

  it('a sender the provider refuses waits, naming MAIL_FROM, and is never marked failed', async () => {
    setUpMail(throughResend());
    const subject = `Refused sender ${runId}`;
    const ownerCopy = await contactMessage(subject);
    const refusal = {
      status: 403,
      body: {
        name: 'validation_error',
        message: 'The alexmorgan.dev domain is not verified. Please, add and verify your domain.',
      },
    };
    resend.answerNext(refusal);
    await deliver();
    expect(await ownerCopy()).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: expect.stringMatching(/^MAIL_FROM was refused as the sender/),
    });
  });
});

describe('every attempt at a mail sends the same bytes', () => {
  it('a confirmation retried after the visitor asked again is the same request, byte for byte', async () => {
    setUpMail(throughResend());
    const confirmation = await subscribed('retried');
    const first = await confirmation.mail();
    resend.answerNext({ status: 503, body: { name: 'application_error', message: 'Try later.' } });
    const before = resend.requests.length;
    const run = await timedDeliver();
    expect(await confirmation.mail()).toMatchObject({ status: 'pending', attempts: 1 });
    // The visitor asks again meanwhile: their window is extended (and a second mail queued, with the new expiry).
    expect(
      await rpc('subscribe_newsletter', {
        p_email: confirmation.address,
        p_confirm_within_seconds: 7200,
        p_max_per_day: 3,
      }),
    ).toBe(true);
    const firstMail = () => outboxRow(`id=eq.${first.id}`);
    await expectPutOffThenDue(firstMail, run, retryDelaySeconds(1));
    await deliver();
    expect(await firstMail()).toMatchObject({ status: 'sent' });
    const attempts = resend.requests
      .slice(before)
      .filter((request) => request.headers['idempotency-key'] === first.id);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.body).toBe(attempts[0]!.body);
    expect(JSON.parse(attempts[0]!.body).text).toMatch(
      /It works until \w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT:/,
    );
  });

  it('the provider saying it had this key with other content is given up: never recorded as sent, nor sent again', async () => {
    setUpMail(throughResend());
    const subject = `Another version ${runId}`;
    const ownerCopy = await contactMessage(subject);
    resend.answerNext({
      status: 409,
      body: {
        name: 'invalid_idempotent_request',
        message: 'Same idempotency key used with a different request payload.',
      },
    });
    await deliver();
    expect(await ownerCopy()).toMatchObject({
      status: 'failed',
      last_error: expect.stringMatching(/^Not sent again: Resend holds another version of this mail/),
    });
    const before = resend.requests.length;
    await deliver();
    expect(resend.requests.length).toBe(before);
  });

  it('a confirmation whose link expired before it could go is cancelled, not sent', async () => {
    const confirmation = await subscribed('expired.link');
    const { id } = await confirmation.mail();
    expect(
      await backend.writeAsOwner('PATCH', `mail_outbox?id=eq.${id}`, {
        link_expires_at: new Date(Date.now() - 1000).toISOString(),
      }),
    ).toBe(204);
    await deliver();
    expect(await confirmation.mail()).toMatchObject({
      status: 'cancelled',
      last_error: 'The confirmation link expired before the mail could be sent',
    });
    expect(await catcher.mailsWith(confirmation.address)).toEqual([]);
  });
});

describe('addresses on the suppression list get nothing', () => {
  it("a subscriber's mail is cancelled; the owner's copy waits, naming OWNER_EMAIL", async () => {
    const confirmation = await subscribed('suppressed');
    const subject = `Owner suppressed ${runId}`;
    const ownerCopy = await contactMessage(subject);
    for (const email of [confirmation.address, 'owner@alexmorgan.dev']) {
      expect(await backend.writeAsOwner('POST', 'mail_suppressions', { email, reason: 'manual' })).toBe(201);
    }
    try {
      await deliver();
      expect(await confirmation.mail()).toMatchObject({
        status: 'cancelled',
        last_error: 'The address is on the suppression list (manual)',
      });
      expect(await ownerCopy()).toMatchObject({
        status: 'pending',
        last_error: expect.stringMatching(/^OWNER_EMAIL is on the suppression list/),
      });
      expect(await catcher.mailsWith(confirmation.address)).toEqual([]);
      expect(await catcher.mailsWith(subject)).toEqual([]);
    } finally {
      await backend.writeAsOwner('DELETE', 'mail_suppressions?email=eq.owner@alexmorgan.dev');
    }
  });
});

describe('no address in the log or in last_error', () => {
  it('an answer that quotes the address is recorded without it', async () => {
    setUpMail(throughResend());
    const confirmation = await subscribed('quoted');
    resend.answerNext({
      status: 422,
      body: { name: 'validation_error', message: `Invalid \`to\` field: ${confirmation.address}` },
    });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await deliver();
    const row = await confirmation.mail();
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.last_error).toContain('<address>');
    expect(row.last_error).not.toContain('@');
    expect(JSON.stringify(error.mock.calls)).not.toContain(confirmation.address);
  });
});

describe('two senders at once, on real PostgreSQL: sessions that run at once, as hosted', () => {
  // The stand-in's database is one PGlite session, where every claim runs after the other: the claims' row locks are
  // held to account on the real PostgreSQL and PostgREST (realBackend.ts).
  let real: RealBackend;
  beforeAll(async () => {
    real = await startRealBackend();
  }, REAL_BACKEND_START_TIMEOUT_MS);
  afterAll(async () => {
    await real?.stop();
  });

  /** Contact messages stored on the real database, each with the owner's copy queued; what was due before is set aside. */
  async function queued(subjects: string[]): Promise<void> {
    const setAside = await fetch(
      `${real.service.supabaseUrl}/rest/v1/mail_outbox?status=in.(pending,sending)`,
      {
        method: 'PATCH',
        headers: { ...apiKeyHeaders(real.service.secretKey), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          status: 'cancelled',
          claim_token: null,
          last_error: 'set aside by the tests',
        }),
      },
    );
    expect(setAside.status).toBe(204);
    for (const subject of subjects) {
      await serviceRequest(real.service, 'rpc/store_contact_message', contactMessageArgs(subject));
    }
  }

  it('never claim one mail twice: a claim held open keeps its mail, and the other takes the rest without waiting', async () => {
    await queued(Array.from({ length: 5 }, (_, index) => `Held claim ${runId} [${index}]`));
    const [first, second] = [await real.session(), await real.session()];
    try {
      for (const session of [first, second]) {
        await session.query('begin');
        await session.query('set local role service_role');
      }
      // Were the other's rows locked without being skipped, this claim would wait: it gives up instead.
      await second.query("set local lock_timeout = '5s'");
      const held = await first.query<{ id: string }>(
        'select id from public.claim_mail_outbox(2, 60, 5, 3600)',
      );
      const other = await second.query<{ id: string }>(
        'select id from public.claim_mail_outbox(20, 60, 5, 3600)',
      );
      expect(held.rows).toHaveLength(2);
      expect(other.rows).toHaveLength(3);
      const heldIds = new Set(held.rows.map((row) => row.id));
      expect(other.rows.filter((row) => heldIds.has(row.id))).toEqual([]);
      await first.query('commit');
      await second.query('commit');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('never send one mail twice', async () => {
    const subjects = Array.from({ length: 30 }, (_, index) => `Two senders ${runId} [${index}]`);
    await queued(subjects);
    const reports = await Promise.all(
      Array.from({ length: 4 }, () => deliverDueMail(real.service, readMailSettings())),
    );
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(subjects.length);
    // The work was shared: more than one sender sent some.
    expect(reports.filter((report) => report.sent > 0).length).toBeGreaterThan(1);
    const caught = await catcher.mailsWith(`Two senders ${runId} [`);
    for (const subject of subjects)
      expect(caught.filter((mail) => mail.parsed.subject?.includes(subject))).toHaveLength(1);
    expect(caught).toHaveLength(subjects.length);
  }, 120_000);
});

describe('the lease', () => {
  it('outlasts the longest run: its budget, one more send, and a report for every mail of the batch', () => {
    const reportsMs = OUTBOX_BATCH * 1000;
    expect(OUTBOX_LEASE_SECONDS * 1000).toBeGreaterThan(OUTBOX_RUN_BUDGET_MS + SEND_TIMEOUT_MS + reportsMs);
  });
});
