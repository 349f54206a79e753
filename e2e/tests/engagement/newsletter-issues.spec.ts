// The newsletter sends news: an issue the owner writes in the dashboard (the table) and schedules reaches every
// confirmed subscriber once, in the mail catcher, each copy with its own one-click unsubscribe that works; nobody
// pending, unsubscribed or suppressed gets one, so its copies are exactly the confirmed subscribers off the suppression
// list; a test copy goes to the owner alone; a sent issue is a page of the site's archive that reads without
// JavaScript, linked from the newsletter section and from each copy, and an item of the newsletter's feed; and every
// page announces the feeds, which a feed reader can read.
import { expect, test } from '../../support/test.ts';
import { XMLParser } from 'fast-xml-parser';
import { dismissTheAdWhenInTheWay } from '../../support/adToast.ts';
import { ownerDatabase } from '../../support/database.ts';
import {
  addSubscriber,
  issueProgress,
  issueRecipients,
  queuedCopies,
  setIssueStatus,
  waitUntilSent,
  writeIssue,
} from '../../support/newsletter.ts';
import {
  headerOf,
  linkTo,
  mailsTo,
  ownerAddress,
  waitForMails,
  withoutJavaScript,
} from '../../support/mailbox.ts';
import { siteUrl } from '../../support/site.ts';
import { canonicalOrigin } from '../seo/seoSite.ts';
import { visitorWhoSawThePopup } from '../../support/visitor.ts';
import { newsletterSection, uniqueEmail, uniqueToken } from './engagementSite.ts';

test.use({ storageState: visitorWhoSawThePopup });

async function subscriberStatus(email: string) {
  const { data } = await ownerDatabase().from('emails').select('status').eq('email', email).single();
  return (data as { status: string }).status;
}

test('an issue scheduled in the table reaches each confirmed subscriber once, with a one-click unsubscribe of their own, and nobody pending, unsubscribed or suppressed', async ({
  browser,
  request,
}) => {
  const confirmed = [uniqueEmail('reader.one'), uniqueEmail('reader.two'), uniqueEmail('reader.three')];
  const pending = uniqueEmail('reader.pending');
  const left = uniqueEmail('reader.left');
  const bounced = uniqueEmail('reader.bounced');
  for (const email of confirmed) await addSubscriber(email, 'confirmed');
  await addSubscriber(pending, 'pending');
  await addSubscriber(left, 'unsubscribed');
  // Confirmed once, then a hard bounce put the address on the suppression list.
  await addSubscriber(bounced, 'confirmed');
  const { error } = await ownerDatabase()
    .from('mail_suppressions')
    .insert({ email: bounced, reason: 'bounce' });
  expect(error).toBeNull();

  const subject = uniqueToken('News of the week');
  const issue = await writeIssue({
    subject,
    body_markdown: `Hello,\n\na **new course** is out: [see the courses](/courses).\n\n![The course's cover](https://alexmorgan.dev/cover.png)`,
  });
  // Who the product sends it to, read from the database just before it is scheduled and once it is queued: its copies
  // are exactly those subscribers (a subscriber another test adds or removes in between may go either way).
  const recipientsBefore = await issueRecipients();
  await setIssueStatus(issue.id, 'scheduled');
  await expect
    .poll(async () => (await issueProgress(issue.id)).queued_at, { timeout: 30_000 })
    .not.toBeNull();
  const recipientsAfter = await issueRecipients();
  const queued = await queuedCopies(issue.id);
  expect(new Set(queued).size, 'one copy each').toBe(queued.length);
  expect(queued.filter((id) => !recipientsBefore.has(id) && !recipientsAfter.has(id))).toEqual([]);
  expect([...recipientsBefore].filter((id) => recipientsAfter.has(id) && !queued.includes(id))).toEqual([]);

  const copies = await Promise.all(
    confirmed.map(async (email) => (await waitForMails(email, subject, { timeout: 30_000 }))[0]!),
  );
  expect(await waitUntilSent(issue.id)).toMatchObject({
    recipients: queued.length,
    queued: 0,
    failed: 0,
  });
  // Once each, and nothing to the pending, unsubscribed or suppressed address.
  for (const email of confirmed) expect(await mailsTo(email, subject)).toHaveLength(1);
  expect(await mailsTo(pending, subject)).toEqual([]);
  expect(await mailsTo(left, subject)).toEqual([]);
  expect(await mailsTo(bounced, subject)).toEqual([]);

  // Each copy is personal: its own unsubscribe link, in the text and in the RFC 8058 headers.
  const links = copies.map((copy) => linkTo(copy, '/newsletter/unsubscribe'));
  expect(new Set(links).size).toBe(confirmed.length);
  copies.forEach((copy, index) => {
    expect(headerOf(copy, 'List-Unsubscribe')).toBe(`<${links[index]}>`);
    expect(headerOf(copy, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(copy.parsed.text).toContain(`You receive this email because ${confirmed[index]} subscribed`);
    expect(copy.parsed.text).toContain('Rua Augusta 100');
    expect(copy.parsed.html).toContain(`alt="The course's cover"`);
  });

  // The mail provider's one-click POST unsubscribes that subscriber, and only them.
  const oneClick = await request.post(links[0]!, {
    form: { 'List-Unsubscribe': 'One-Click' },
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(200);
  expect(await subscriberStatus(confirmed[0]!)).toBe('unsubscribed');
  expect(await subscriberStatus(confirmed[1]!)).toBe('confirmed');

  // "View this email in your browser": the issue's page in the archive, whole without JavaScript.
  const viewLink = /View this email in your browser (\S+)/.exec(copies[0]!.parsed.text ?? '')?.[1];
  expect(viewLink).toBe(`${siteUrl}/newsletter/issues/${issue.slug}`);
  await withoutJavaScript(browser, async (page) => {
    const answer = await page.goto(viewLink!);
    expect(answer?.status()).toBe(200);
    await expect(page).toHaveTitle(`${subject} | Alex Morgan | Newsletter`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
    await expect(page.getByRole('link', { name: 'see the courses' })).toHaveAttribute('href', '/courses');
    await expect(page.getByRole('img', { name: "The course's cover" })).toBeAttached();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Hello,');
    const picture = await page.locator('meta[property="og:image"]').getAttribute('content');
    const shared = await request.get(new URL(new URL(picture!).pathname, siteUrl).href);
    expect(shared.status()).toBe(200);
    expect(shared.headers()['content-type']).toBe('image/png');
    // The archive lists it.
    await page.getByRole('link', { name: 'All issues' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter');
    await expect(page.getByRole('link', { name: subject })).toHaveAttribute(
      'href',
      `/newsletter/issues/${issue.slug}`,
    );
  });

  // An item of the newsletter's feed, read as a feed reader reads it (the site reads the tables again within seconds).
  const parser = new XMLParser();
  await expect
    .poll(async () => {
      const answer = await request.get(`${siteUrl}/feeds/newsletter.xml`);
      const { rss } = parser.parse(await answer.text()) as {
        rss: { channel: { item?: { title: string; link: string } | { title: string; link: string }[] } };
      };
      return [rss.channel.item ?? []]
        .flat()
        .filter((item) => item.title === subject)
        .map((item) => item.link);
    })
    .toEqual([`${canonicalOrigin}/newsletter/issues/${issue.slug}`]);
});

test('a test send reaches the owner alone, and the issue stays a draft', async () => {
  const reader = uniqueEmail('reader.not.yet');
  await addSubscriber(reader, 'confirmed');
  const subject = uniqueToken('Draft to try');
  const issue = await writeIssue({ subject, body_markdown: 'Is this *right*?' });
  await setIssueStatus(issue.id, 'test');

  const [copy] = await waitForMails(ownerAddress, `[Test] ${subject}`, { timeout: 30_000 });
  expect(copy!.envelopeTo).toEqual([ownerAddress]);
  expect(copy!.parsed.text).toContain('Is this right?');
  // What was queued for the issue is the owner's copy alone, and it is a draft, as it was.
  await expect
    .poll(
      async () =>
        (await ownerDatabase().from('mail_outbox').select('kind, status').eq('issue_id', issue.id)).data,
    )
    .toEqual([{ kind: 'newsletter_test', status: 'sent' }]);
  const { data: row } = await ownerDatabase()
    .from('newsletter_issues')
    .select('status')
    .eq('id', issue.id)
    .single();
  expect(row).toEqual({ status: 'draft' });
  expect(await mailsTo(reader, subject)).toEqual([]);
  expect(await mailsTo(reader, `[Test] ${subject}`)).toEqual([]);
});

test('the newsletter section links to the archive, and every page announces the feeds, which a feed reader reads', async ({
  page,
  request,
}) => {
  await dismissTheAdWhenInTheWay(page);
  await page.goto('/courses');
  const feedLinks = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(feedLinks).toHaveCount(3);
  const parser = new XMLParser({ ignoreAttributes: false });
  for (const href of await feedLinks.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')!),
  )) {
    expect(href).toMatch(/^https:\/\/alexmorgan\.dev\/feeds\/(videos|courses|newsletter)\.xml$/);
    const answer = await request.get(new URL(new URL(href).pathname, siteUrl).href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = parser.parse(await answer.text()) as { rss: { channel: { title: string; link: string } } };
    expect(feed.rss.channel.title).toMatch(/^Alex Morgan: /);
    expect(feed.rss.channel.link).toMatch(/^https:\/\/alexmorgan\.dev\//);
  }
  await newsletterSection(page).getByRole('link', { name: 'Read past issues' }).click();
  await expect(page).toHaveURL(`${siteUrl}/newsletter/issues`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter');
});
