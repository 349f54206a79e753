// Nothing is lost when mail cannot be sent: a copy of the site with a backend of its own, whose mail reaches the mail
// catcher through a fault proxy (support/faultProxy.ts). With the mail server gone, a visitor's message is stored and
// thanked for as always, and its mail waits in the outbox with why; once the mail server is back, the outbox delivers
// it by itself, with no reload and no restart. And the newsletter form cannot be used to flood someone's inbox.
import { createRequire } from 'node:module';
import { expect, test } from '../../support/test.ts';
import { XMLParser } from 'fast-xml-parser';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { localMailAddresses } from '../../../scripts/mailCatcher.mjs';
import { startBackend } from '../../../scripts/backend.mjs';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { startFaultProxy, type FaultProxy } from '../../support/faultProxy.ts';
import { mailsTo, waitForMails } from '../../support/mailbox.ts';
import { startSecondSite, type SecondSite } from '../../support/secondSite.ts';
import { ports, portOffset } from '../../support/site.ts';
import { newsletterStorageKeys, popupClosedUntil } from '../../support/visitor.ts';
import { contactSection, uniqueEmail, uniqueToken } from './engagementSite.ts';

// The functions' TypeScript is loaded as the reCAPTCHA spec loads it (their package is not an ES module to this runner).
const { DEVELOPMENT_RECAPTCHA_TOKEN } = createRequire(import.meta.url)(
  '../../../supabase/functions/_shared/recaptchaRules.ts',
) as typeof import('../../../supabase/functions/_shared/recaptchaRules.ts');

test.describe.configure({ mode: 'serial' });

const siteOffset = 150;
const backendPort = ports.backend + siteOffset;
const siteUrl = `http://localhost:${3000 + portOffset + siteOffset}`;

const digestStart = new Date();
const digestDay = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][
  digestStart.getUTCDay()
]!;

let site: SecondSite;
let backend: { url: string; stop: () => Promise<void> };
let smtp: FaultProxy;

test.beforeAll(async () => {
  smtp = await startFaultProxy(ports.mailSmtp + siteOffset, ports.mailSmtp);
  backend = await startBackend({
    port: backendPort,
    fresh: true,
    quiet: true,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      SITE_URL: siteUrl,
      MAIL_FROM: localMailAddresses.from,
      OWNER_EMAIL: localMailAddresses.owner,
      NEWSLETTER_POSTAL_ADDRESS: localMailAddresses.postal,
      // The weekly digest is due from this hour of today on (for a week), and goes out on its own.
      NEWSLETTER_DIGEST: 'send',
      NEWSLETTER_DIGEST_DAY: digestDay,
      NEWSLETTER_DIGEST_HOUR: String(digestStart.getUTCHours()),
      NEWSLETTER_DIGEST_TIMEZONE: 'UTC',
      SUPABASE_LOCAL_CORS_ORIGINS: siteUrl,
    },
  });
  site = await startSecondSite(siteOffset, { backendPort });
});

test.afterAll(async () => {
  await site?.close();
  await backend?.stop();
  await smtp?.close();
});

/** This backend's table, as its owner reads it. */
async function rows<Row>(pathAndQuery: string): Promise<Row[]> {
  const response = await fetch(`${backend.url}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: LOCAL_SECRET_KEY },
  });
  return (await response.json()) as Row[];
}

/** A change to this backend's table, as its owner makes it in the Table Editor. */
async function write(method: 'POST' | 'PATCH', pathAndQuery: string, body: unknown): Promise<void> {
  const response = await fetch(`${backend.url}/rest/v1/${pathAndQuery}`, {
    method,
    headers: {
      apikey: LOCAL_SECRET_KEY,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${pathAndQuery}: ${await response.text()}`).toBeLessThan(300);
}

interface OutboxRow {
  status: string;
  attempts: number;
  last_error: string | null;
}

test('a message sent while the mail server is down is kept, and reaches the owner once it is back', async ({
  page,
}) => {
  const subject = uniqueToken('Sent while mail was down');
  smtp.set({ kind: 'down' });
  // A visitor who saw the pop-up already, on this copy's origin.
  await page.addInitScript(([key, until]) => window.localStorage.setItem(key, until), [
    newsletterStorageKeys.newsletterTimestamp,
    String(popupClosedUntil),
  ] as const);
  await dismissTheAdWhenInTheWay(page);
  await page.goto(`${siteUrl}/about`);
  const form = contactSection(page);
  await form.getByLabel('Full Name').fill('Ana Silva');
  await form.getByLabel('Email').fill(uniqueEmail('patient.client'));
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Are you available in March?');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Your submission is received and I will contact you soon.')).toBeVisible();

  const [contact] = await rows<{ id: string }>(
    `contacts?select=id&subject=eq.${encodeURIComponent(subject)}`,
  );
  expect(contact).toBeDefined();
  const outbox = () =>
    rows<OutboxRow>(`mail_outbox?select=status,attempts,last_error&contact_id=eq.${contact!.id}`);
  // The send was tried and failed: the mail waits, and says why, for the owner to see.
  await expect
    .poll(async () => (await outbox())[0], { timeout: 10_000 })
    .toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('SMTP') });
  expect(await mailsTo(localMailAddresses.owner, `New message from the website: ${subject}`)).toEqual([]);

  // The mail server is back: the next try (5 s after the failed one) delivers it, with nobody doing anything.
  smtp.set({ kind: 'pass' });
  await waitForMails(localMailAddresses.owner, `New message from the website: ${subject}`, {
    timeout: 15_000,
  });
  await expect.poll(async () => (await outbox())[0]?.status).toBe('sent');
});

test('an address is sent at most three confirmations a day, and every answer is the same', async ({
  request,
}) => {
  smtp.set({ kind: 'pass' });
  const address = uniqueEmail('flood.target');
  const answers: unknown[] = [];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = await request.post(`${backend.url}/functions/v1/newsletter-subscribe`, {
      headers: { apikey: LOCAL_PUBLISHABLE_KEY },
      data: { email: address, recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN },
    });
    answers.push({ status: answer.status(), body: await answer.json() });
  }
  expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  expect(answers[0]).toEqual({
    status: 200,
    body: { success: true, message: 'Email was Successfully Submitted' },
  });
  await waitForMails(address, 'Please confirm your newsletter subscription', { count: 3 });
  // Nothing more on its way: the address has three mails in the outbox, each sent (a fourth would be a fourth row,
  // pending or being sent, until it reached the catcher).
  const [subscriber] = await rows<{ id: string }>(`emails?select=id&email=eq.${encodeURIComponent(address)}`);
  await expect
    .poll(async () =>
      (await rows<{ status: string }>(`mail_outbox?select=status&subscriber_id=eq.${subscriber!.id}`)).map(
        (row) => row.status,
      ),
    )
    .toEqual(['sent', 'sent', 'sent']);
  expect(await mailsTo(address)).toHaveLength(3);
});

test('an issue cancelled while the mail server is down sends nothing more once it is back', async () => {
  const readers = [uniqueEmail('cancelled.reader'), uniqueEmail('cancelled.reader')];
  await write(
    'POST',
    'emails',
    readers.map((email) => ({ email })),
  );
  smtp.set({ kind: 'down' });
  const subject = uniqueToken('Cancelled while sending');
  await write('POST', 'newsletter_issues', {
    subject,
    body_markdown: 'This never goes out.',
    status: 'scheduled',
  });
  const [issue] = await rows<{ id: string }>(`newsletter_issues?select=id&subject=eq.${subject}`);
  const copies = () =>
    rows<{ status: string; attempts: number; last_error: string | null }>(
      `mail_outbox?select=status,attempts,last_error&issue_id=eq.${issue!.id}&kind=eq.newsletter_issue`,
    );
  // The issue is sending: its copies were tried, and wait for the mail server.
  await expect
    .poll(
      async () => (await copies()).filter((copy) => copy.attempts >= 1 && copy.status === 'pending').length,
      {
        timeout: 20_000,
      },
    )
    .toBe(readers.length);

  await write('PATCH', `newsletter_issues?id=eq.${issue!.id}`, { status: 'cancelled' });
  expect((await copies()).map((copy) => copy.status)).toEqual(readers.map(() => 'cancelled'));
  smtp.set({ kind: 'pass' });
  // Another issue after it reaches the readers: the sender has run since the mail server came back.
  const after = uniqueToken('After the cancelled one');
  await write('POST', 'newsletter_issues', {
    subject: after,
    body_markdown: 'This one goes.',
    status: 'scheduled',
  });
  for (const reader of readers) await waitForMails(reader, after, { timeout: 30_000 });
  for (const reader of readers) expect(await mailsTo(reader, subject)).toEqual([]);
  const [progress] = await rows<{ status: string; sent: number; cancelled: number }>(
    `newsletter_issue_progress?select=status,sent,cancelled&id=eq.${issue!.id}`,
  );
  expect(progress).toEqual({ status: 'cancelled', sent: 0, cancelled: readers.length });
});

interface DigestLook {
  week_of: string;
  issue_id: string | null;
  new_videos: number;
  new_courses: number;
}

/** The week's look for new content (this backend's digest is due this hour), once it has been recorded. */
async function thisWeeksLook(): Promise<DigestLook> {
  let look: DigestLook | undefined;
  await expect
    .poll(
      async () => {
        [look] = await rows<DigestLook>('newsletter_digests?select=*&order=week_of.desc&limit=1');
        return look !== undefined && Date.parse(look.week_of) > Date.now() - 7 * 24 * 3_600_000;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return look!;
}

/** A week goes by: this week's look moves to the week before the earliest, and this week's is due again. */
async function aWeekPasses(look: DigestLook): Promise<void> {
  const [earliest] = await rows<DigestLook>('newsletter_digests?select=week_of&order=week_of.asc&limit=1');
  const before = new Date(Date.parse(earliest!.week_of) - 7 * 24 * 3_600_000).toISOString();
  await write('PATCH', `newsletter_digests?week_of=eq.${encodeURIComponent(look.week_of)}`, {
    week_of: before,
  });
}

test('no new content, no digest; a new video and course are in their feeds and in the next digest', async ({
  request,
}) => {
  const reader = uniqueEmail('digest.reader');
  await write('POST', 'emails', [{ email: reader }]);
  smtp.set({ kind: 'pass' });
  const digests = async () =>
    (await rows<{ id: string }>('newsletter_issues?select=id&kind=eq.digest')).length;

  // Whatever the first look of this week found, a week on with nothing new writes nothing.
  const first = await thisWeeksLook();
  const before = await digests();
  await aWeekPasses(first);
  const nothingNew = await thisWeeksLook();
  expect(nothingNew).toMatchObject({ week_of: first.week_of, issue_id: null, new_videos: 0, new_courses: 0 });
  expect(await digests()).toBe(before);

  // The owner adds a video and a course.
  const videoTitle = uniqueToken('Signals in depth');
  const courseTitle = uniqueToken('Testing React');
  await write('POST', 'videos', {
    video_id: `e2e${Date.now().toString(36)}`.slice(0, 11).padEnd(11, 'x'),
    title: videoTitle,
    description: 'Deep into signals.',
    thumbnail_url: 'videos/exEHxCV3--d.webp',
    published_at: new Date().toISOString(),
  });
  await write('POST', 'courses', {
    title: courseTitle,
    description: 'Tests that help.',
    image_path: 'courses/nestjs.webp',
    platform: 'UDEMY',
    link_to_course: 'https://www.udemy.com/course/testing-react/',
  });

  // In their feeds within seconds, read as a feed reader reads them.
  const parser = new XMLParser();
  const titlesIn = async (feed: string) => {
    const answer = await request.get(`${site.url}/feeds/${feed}.xml`);
    const { rss } = parser.parse(await answer.text()) as {
      rss: { channel: { item?: { title: string; pubDate: string } | { title: string; pubDate: string }[] } };
    };
    return [rss.channel.item ?? []].flat().map((item) => item.title);
  };
  await expect.poll(() => titlesIn('videos'), { timeout: 15_000 }).toContain(videoTitle);
  await expect.poll(() => titlesIn('courses'), { timeout: 15_000 }).toContain(courseTitle);

  // The next digest has them, and goes out on its own.
  await aWeekPasses(nothingNew);
  await expect.poll(async () => (await thisWeeksLook()).issue_id, { timeout: 20_000 }).not.toBeNull();
  expect(await thisWeeksLook()).toMatchObject({ new_videos: 1, new_courses: 1 });
  const [digest] = await waitForMails(reader, 'New this week: 1 new video and 1 new course', {
    timeout: 30_000,
  });
  expect(digest!.parsed.text).toContain(videoTitle);
  expect(digest!.parsed.text).toContain(courseTitle);
  expect(digest!.parsed.text).toContain('https://www.udemy.com/course/testing-react/');
  expect(digest!.parsed.html).toMatch(new RegExp(`<img [^>]*alt="${videoTitle}"`));
});
