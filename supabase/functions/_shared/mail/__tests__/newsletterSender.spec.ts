// The newsletter's send door (newsletterSender.ts) under Node against the local stand-in, with a stand-in for Resend's
// batch API at the edge (fakeResendBatch.ts): an issue reaches every confirmed subscriber once, in batches with their
// idempotency key, each copy with its own unsubscribe link; a run that dies after its calls sends nothing twice;
// someone who leaves between queuing and sending gets nothing; a cancelled issue stops; the provider's 429 is waited
// out; the owner's test copy goes to the owner alone; an image without alt text keeps an issue from going.
import { readServiceBackend } from '../../serviceBackend.ts';
import { apiKeyHeaders } from '../../apiKeys.ts';
import {
  BACKEND_START_TIMEOUT_MS,
  projectVariables,
  restoreEnvAfterAll,
  startLocalBackend,
  applyProjectEnv,
  type LocalBackend,
} from '../../__tests__/localBackend.ts';
import { readMailLink } from '../mailLinks.ts';
import { runNewsletter } from '../newsletterSender.ts';
import { startFakeResendBatch, type FakeResendBatch } from './fakeResendBatch.ts';

const settingNames = [
  ...projectVariables,
  'RESEND_API_KEY',
  'RESEND_API_URL',
  'SMTP_URL',
  'SITE_URL',
  'MAIL_FROM',
  'OWNER_EMAIL',
  'NEWSLETTER_POSTAL_ADDRESS',
  'NEWSLETTER_DIGEST',
  'MAIL_LINK_SECRET',
  'SUPABASE_LOCAL_STAND_IN',
] as const;
const linkKey = 'the newsletter tests link key, 32 characters at least';
restoreEnvAfterAll(settingNames);
// Runs against a real backend on a loaded machine: the wait is for what the test sees, never a bound on speed.
jest.setTimeout(120_000);
let backend: LocalBackend;
let resend: FakeResendBatch;

beforeAll(async () => {
  [backend, resend] = await Promise.all([startLocalBackend({}, { schedule: false }), startFakeResendBatch()]);
}, BACKEND_START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([backend?.stop(), resend?.close()]);
});

beforeEach(() => {
  applyProjectEnv(backend);
  Object.assign(process.env, {
    RESEND_API_KEY: 're_test',
    RESEND_API_URL: resend.apiUrl,
    SITE_URL: 'https://alexmorgan.dev',
    MAIL_FROM: 'Alex Morgan <hello@alexmorgan.dev>',
    OWNER_EMAIL: 'owner@alexmorgan.dev',
    NEWSLETTER_POSTAL_ADDRESS: 'Rua Augusta 100 | 1100-053 Lisboa',
    NEWSLETTER_DIGEST: 'off',
    MAIL_LINK_SECRET: linkKey,
    // The fake Resend on this machine is honoured only where the stand-in runs the functions (loopbackOverride.ts).
    SUPABASE_LOCAL_STAND_IN: 'true',
  });
  delete process.env.SMTP_URL;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

let runCount = 0;
const unique = (name: string) => `${name}.${Date.now()}.${(runCount += 1)}@example.com`;

/** Subscribers as the owner adds them (confirmed), and others as the functions leave them. */
async function addSubscribers(count: number, status: 'confirmed' | 'pending' | 'unsubscribed' = 'confirmed') {
  const rows = Array.from({ length: count }, (_, index) => ({
    email: unique(`${status}${index}`),
    status,
    ...(status === 'pending' && {
      confirm_nonce: 'n'.repeat(32),
      confirm_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    }),
  }));
  expect(await backend.writeAsOwner('POST', 'emails', rows)).toBe(201);
  return rows.map((row) => row.email);
}

async function newIssue(fields: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const response = await fetch(`${backend.url}/rest/v1/newsletter_issues?select=id,slug`, {
    method: 'POST',
    headers: {
      ...apiKeyHeaders(backend.secretKey),
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify(fields),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string; slug: string }[])[0]!;
}

const progressOf = async (id: string) =>
  (await backend.readAsOwner<Record<string, unknown>>(`newsletter_issue_progress?id=eq.${id}`))[0];

const mailsOf = (subject: string) => resend.accepted.filter((mail) => mail.subject === subject);

describe('an issue', () => {
  it('reaches every confirmed subscriber once, in batches, each copy with its own unsubscribe link', async () => {
    const confirmed = await addSubscribers(130);
    const [pending] = await addSubscribers(1, 'pending');
    const [left] = await addSubscribers(1, 'unsubscribed');
    const subject = `Issue ${Date.now()}`;
    const issue = await newIssue({ subject, body_markdown: '# Hello\n\nNews with a [link](/courses).' });
    expect(
      await backend.writeAsOwner('PATCH', `newsletter_issues?id=eq.${issue.id}`, { status: 'scheduled' }),
    ).toBe(204);

    const report = await runNewsletter(readServiceBackend());
    expect(report).toMatchObject({ issuesStarted: 1, failed: 0, unrecorded: 0 });

    const mails = mailsOf(subject);
    const recipients = mails.map((mail) => mail.to);
    for (const address of confirmed) expect(recipients.filter((to) => to === address)).toHaveLength(1);
    expect(recipients).not.toContain(pending);
    expect(recipients).not.toContain(left);
    // Batches of at most 100, each with its own key.
    const keys = new Set(mails.map((mail) => mail.idempotencyKey));
    expect(keys.size).toBeGreaterThanOrEqual(2);
    expect([...keys].every((key) => key.startsWith(`newsletter-${issue.id}-`))).toBe(true);

    const mine = mails.find((mail) => mail.to === confirmed[0])!;
    const link = /<(https:\/\/alexmorgan\.dev\/newsletter\/unsubscribe\?token=([^>]+))>/.exec(
      mine.headers['List-Unsubscribe']!,
    );
    expect(link).not.toBeNull();
    expect(mine.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mine.text).toContain(`Unsubscribe ${link![1]}`);
    expect(mine.text).toContain(
      `View this email in your browser https://alexmorgan.dev/newsletter/issues/${issue.slug}`,
    );
    expect(mine.text).toContain(`You receive this email because ${confirmed[0]} subscribed`);
    expect(mine.text).toContain('Rua Augusta 100\n1100-053 Lisboa');
    expect(mine.html).toContain('href="https://alexmorgan.dev/courses"');
    const [subscriber] = await backend.readAsOwner<{ id: string }>(
      `emails?select=id&email=eq.${confirmed[0]}`,
    );
    const read = await readMailLink(decodeURIComponent(link![2]!), 'unsubscribe', { current: linkKey });
    expect(read).toMatchObject({ ok: true, link: { subscriberId: subscriber!.id } });
    // Another copy's link is another subscriber's.
    const other = mails.find((mail) => mail.to === confirmed[1])!;
    expect(other.headers['List-Unsubscribe']).not.toBe(mine.headers['List-Unsubscribe']);

    expect(await progressOf(issue.id)).toMatchObject({ status: 'sent', queued: 0, failed: 0 });
    const [archived] = await backend.readAsOwner<{ sent_at: string | null }>(
      `newsletter_issues?select=sent_at&id=eq.${issue.id}`,
    );
    expect(archived?.sent_at).not.toBeNull();
  });

  it('is sent once when its sender dies after the provider took a batch', async () => {
    const subscribers = await addSubscribers(30);
    const subject = `Dies after the call ${Date.now()}`;
    const issue = await newIssue({ subject, body_markdown: 'Once only.', status: 'scheduled' });
    // The provider takes the batch but the answer never arrives as success: the batch is due again after its retry's
    // delay. (The run's lease outlasts its calls: a lease that ran out during a slow call made the same run claim and
    // send the batch again, as another run would.)
    resend.failNext(500, 1, 'afterAccepting');
    const first = await runNewsletter(readServiceBackend());
    const queued = ((await progressOf(issue.id)) as { recipients: number }).recipients;
    expect(first.sent).toBeLessThan(queued);
    // Run again until the batch, due again a few seconds later, has gone (jest's timeout is the safety net).
    while ((await progressOf(issue.id))?.status !== 'sent') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await runNewsletter(readServiceBackend());
    }
    const recipients = mailsOf(subject).map((mail) => mail.to);
    for (const address of subscribers) expect(recipients.filter((to) => to === address)).toHaveLength(1);
    expect(await progressOf(issue.id)).toMatchObject({ status: 'sent', queued: 0 });
  });

  it('is retried as the same request after someone in a batch left: each copy goes once, none recorded sent unsent', async () => {
    const subscribers = await addSubscribers(3);
    const subject = `Retried as it went ${Date.now()}`;
    // The provider keeps each call's key and body, and fails without sending anything.
    resend.failNext(500, 1000, 'keptTheKey');
    const issue = await newIssue({ subject, body_markdown: 'Once, as it went.', status: 'scheduled' });
    const first = await runNewsletter(readServiceBackend());
    resend.failNext(500, 0);
    expect(first).toMatchObject({ sent: 0, retried: expect.any(Number) });
    expect(mailsOf(subject)).toEqual([]);
    // One of them leaves before the retry; their copy was handed to the provider in its batch already.
    expect(
      await backend.writeAsOwner('PATCH', `emails?email=eq.${subscribers[0]}`, { status: 'unsubscribed' }),
    ).toBe(204);
    await backend.writeAsOwner('PATCH', `mail_outbox?issue_id=eq.${issue.id}`, {
      next_attempt_at: new Date().toISOString(),
    });
    const retried = await runNewsletter(readServiceBackend());
    expect(retried.failed).toBe(0);
    // Every copy recorded sent went out, once: the batch was the same request, so the provider sent it now.
    const progress = (await progressOf(issue.id)) as { sent: number; recipients: number };
    expect(progress).toMatchObject({ status: 'sent', queued: 0, failed: 0, unsubscribed: 0 });
    const recipients = mailsOf(subject).map((mail) => mail.to);
    expect(recipients).toHaveLength(progress.sent);
    expect(new Set(recipients).size).toBe(recipients.length);
    for (const address of subscribers) expect(recipients.filter((to) => to === address)).toHaveLength(1);
  });

  it('is given up, never recorded sent, when a setting changed its copies between two attempts', async () => {
    await addSubscribers(2);
    const subject = `Changed between attempts ${Date.now()}`;
    resend.failNext(500, 1000, 'keptTheKey');
    const issue = await newIssue({ subject, body_markdown: 'Which version?', status: 'scheduled' });
    await runNewsletter(readServiceBackend());
    resend.failNext(500, 0);
    // The owner moves: every copy's footer changes, so no retry can be the request the provider holds.
    process.env.NEWSLETTER_POSTAL_ADDRESS = 'Avenida da Liberdade 1 | 1250-096 Lisboa';
    await backend.writeAsOwner('PATCH', `mail_outbox?issue_id=eq.${issue.id}`, {
      next_attempt_at: new Date().toISOString(),
    });
    const report = await runNewsletter(readServiceBackend());
    expect(report.sent).toBe(0);
    expect(mailsOf(subject)).toEqual([]);
    const progress = (await progressOf(issue.id)) as { failed: number; recipients: number };
    expect(progress).toMatchObject({ sent: 0, queued: 0, failed: progress.recipients });
    const copies = await backend.readAsOwner<{ status: string; last_error: string }>(
      `mail_outbox?select=status,last_error&issue_id=eq.${issue.id}`,
    );
    for (const copy of copies) {
      expect(copy).toMatchObject({
        status: 'failed',
        last_error: expect.stringMatching(/^Not sent again: /),
      });
    }
  });

  it('goes to nobody who left between queuing and sending, and stops when cancelled', async () => {
    const subscribers = await addSubscribers(3);
    const subject = `Left before it went ${Date.now()}`;
    // Queued with no transport: the copies wait, claimed and released.
    delete process.env.RESEND_API_KEY;
    const issue = await newIssue({ subject, body_markdown: 'Bye.', status: 'scheduled' });
    await runNewsletter(readServiceBackend());
    expect(mailsOf(subject)).toEqual([]);
    expect(
      await backend.writeAsOwner('PATCH', `emails?email=eq.${subscribers[0]}`, { status: 'unsubscribed' }),
    ).toBe(204);
    process.env.RESEND_API_KEY = 're_test';
    await backend.writeAsOwner('PATCH', `mail_outbox?issue_id=eq.${issue.id}`, {
      next_attempt_at: new Date().toISOString(),
    });
    await runNewsletter(readServiceBackend());
    const recipients = mailsOf(subject).map((mail) => mail.to);
    expect(recipients).not.toContain(subscribers[0]);
    expect(recipients).toEqual(expect.arrayContaining(subscribers.slice(1)));
    expect(await progressOf(issue.id)).toMatchObject({ unsubscribed: 1, status: 'sent', queued: 0 });

    const cancelledSubject = `Cancelled ${Date.now()}`;
    delete process.env.RESEND_API_KEY;
    const cancelled = await newIssue({
      subject: cancelledSubject,
      body_markdown: 'Stop.',
      status: 'scheduled',
    });
    await runNewsletter(readServiceBackend());
    expect(
      await backend.writeAsOwner('PATCH', `newsletter_issues?id=eq.${cancelled.id}`, { status: 'cancelled' }),
    ).toBe(204);
    process.env.RESEND_API_KEY = 're_test';
    await backend.writeAsOwner('PATCH', `mail_outbox?issue_id=eq.${cancelled.id}`, {
      next_attempt_at: new Date().toISOString(),
    });
    await runNewsletter(readServiceBackend());
    expect(mailsOf(cancelledSubject)).toEqual([]);
    expect(await progressOf(cancelled.id)).toMatchObject({ status: 'cancelled', sent: 0, queued: 0 });
  });

  it('waits out the provider’s 429 and goes on', async () => {
    const paced = await startFakeResendBatch({ callsPerSecond: 1 });
    try {
      process.env.RESEND_API_URL = paced.apiUrl;
      const subscribers = await addSubscribers(250);
      const subject = `Paced ${Date.now()}`;
      const issue = await newIssue({ subject, body_markdown: 'Slowly.', status: 'scheduled' });
      // Its first two calls are refused with a retry-after; one call at a time, so every call is one the sender chose
      // to make after hearing the answers before it.
      paced.failNext(429, 2);
      const report = await runNewsletter(readServiceBackend(), { concurrentBatches: 1 });
      expect(paced.rateLimited).toBeGreaterThanOrEqual(2);
      expect(paced.callsDuringRetryAfter).toBe(0);
      expect(report.failed).toBe(0);
      expect(await progressOf(issue.id)).toMatchObject({ status: 'sent', queued: 0, failed: 0 });
      for (const address of subscribers) expect(paced.copiesTo.get(address)).toBe(1);
    } finally {
      await paced.close();
    }
  });

  it('sends the owner’s test copy to the owner alone, and goes back to draft', async () => {
    await addSubscribers(2);
    const subject = `Tested ${Date.now()}`;
    const issue = await newIssue({ subject, body_markdown: 'Test me.' });
    expect(
      await backend.writeAsOwner('PATCH', `newsletter_issues?id=eq.${issue.id}`, { status: 'test' }),
    ).toBe(204);
    await runNewsletter(readServiceBackend());
    const tests = resend.accepted.filter((mail) => mail.subject === `[Test] ${subject}`);
    expect(tests.map((mail) => mail.to)).toEqual(['owner@alexmorgan.dev']);
    expect(mailsOf(subject)).toEqual([]);
    const [row] = await backend.readAsOwner<{ status: string; test_requested_at: string | null }>(
      `newsletter_issues?select=status,test_requested_at&id=eq.${issue.id}`,
    );
    expect(row).toMatchObject({ status: 'draft', test_requested_at: expect.any(String) });
  });

  it('asked for a test whose text lost its alt text while the copy waited: refuses the copy, says why, sends nothing by itself', async () => {
    const subject = `Test of a changed text ${Date.now()}`;
    const issue = await newIssue({ subject, body_markdown: 'Look: ![The cover](/cover.png)' });
    const testCopy = `mail_outbox?kind=eq.newsletter_test&issue_id=eq.${issue.id}`;
    const dueNow = () =>
      backend.writeAsOwner('PATCH', testCopy, { next_attempt_at: new Date(0).toISOString() });
    delete process.env.OWNER_EMAIL;
    expect(
      await backend.writeAsOwner('PATCH', `newsletter_issues?id=eq.${issue.id}`, { status: 'test' }),
    ).toBe(204);
    expect(await runNewsletter(readServiceBackend())).toMatchObject({ waiting: 1 });

    // While the copy waits for the owner's address, the picture loses its alt text; then the address is set.
    expect(
      await backend.writeAsOwner('PATCH', `newsletter_issues?id=eq.${issue.id}`, {
        body_markdown: 'Look: ![](/cover.png)',
      }),
    ).toBe(204);
    process.env.OWNER_EMAIL = 'owner@alexmorgan.dev';
    expect(await dueNow()).toBe(204);
    await runNewsletter(readServiceBackend());
    const [copy] = await backend.readAsOwner<{ status: string; last_error: string }>(
      `${testCopy}&select=status,last_error`,
    );
    expect(copy).toMatchObject({ status: 'failed', last_error: expect.stringContaining('alt text') });
    const [row] = await backend.readAsOwner<{ status: string; last_error: string | null }>(
      `newsletter_issues?select=status,last_error&id=eq.${issue.id}`,
    );
    expect(row).toMatchObject({
      status: 'draft',
      last_error: expect.stringContaining('ask for a test again'),
    });

    // Fixed, the text sends nothing until the owner asks for a test again.
    expect(
      await backend.writeAsOwner('PATCH', `newsletter_issues?id=eq.${issue.id}`, {
        body_markdown: 'Look: ![The cover](/cover.png)',
      }),
    ).toBe(204);
    expect(await dueNow()).toBe(204);
    await runNewsletter(readServiceBackend());
    expect(resend.accepted.filter((mail) => mail.subject === `[Test] ${subject}`)).toEqual([]);
  });

  it('with an image without alt text goes back to draft, with why', async () => {
    const issue = await newIssue({
      subject: `No alt ${Date.now()}`,
      body_markdown: 'Look: ![](/cover.png)',
      status: 'scheduled',
    });
    await runNewsletter(readServiceBackend());
    const [row] = await backend.readAsOwner<{ status: string; last_error: string }>(
      `newsletter_issues?select=status,last_error&id=eq.${issue.id}`,
    );
    expect(row).toMatchObject({ status: 'draft', last_error: expect.stringContaining('alt text') });
  });
});
