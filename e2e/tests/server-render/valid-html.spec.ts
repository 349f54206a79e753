// The HTML the site sends is valid, by the W3C's checker (support/htmlValidator.ts): every route as its server renders
// it, in both themes, with a search, a keyword chip, a search that finds nothing and a page of results, the not-found
// page, every kind of mail link page, the newsletter's archive and an issue's page, and the HTML part of every mail the
// site sends (the confirmation, the welcome, the owner's copy of a contact message, a newsletter issue, the weekly
// digest, the owner's weekly report). Plain HTTP, no browser: what is checked is what the server and the mail catcher
// hold, byte for byte.
import { expect, test, type APIRequestContext } from '../../support/test.ts';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { LOCAL_MAIL_LINK_SECRET } from '@site/supabase-local/mailSecrets';
import { contactPath, forgetBrowserWrites, newsletterSubscribePath } from '../../support/anonymousWrites.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN, signMailLink } from '../../support/functionModules.ts';
import { ownerDatabase, uniqueLabel } from '../../support/database.ts';
import { htmlErrors, type HtmlDocument } from '../../support/htmlValidator.ts';
import { linkTo, mailsTo, ownerAddress, waitForMails, type CaughtMail } from '../../support/mailbox.ts';
import {
  addSubscriber,
  sendIssue,
  setIssueStatus,
  waitUntilSent,
  writeTheNextDigest,
} from '../../support/newsletter.ts';
import { expectedPages } from '../../support/pages.ts';
import { backendUrl, siteUrl } from '../../support/site.ts';
import { liveRowPrefix as coursesLiveRowPrefix } from '../courses/coursesSite.ts';
import { uniqueEmail, uniqueToken } from '../engagement/engagementSite.ts';

// The checker is a Java program: seconds to start on a busy machine.
test.slow();

/**
 * Each kind of search address (@site/shared-ui/searchAddress: a term, a chip, a sort, a page of results), in one theme: each
 * is a render of its own, and the server bounds the renders one client may cause (shell/server/renderLimits.mjs).
 */
const searchAddresses = [
  '/portfolio?q=tracker',
  '/portfolio?chip=ANGULAR',
  '/courses?q=no%20such%20course',
  '/tutorials?q=angular&sort=recent',
  '/portfolio?page=2',
];

/** An issue with what an owner writes in one: headings, emphasis, a list, links, code, a quote and a picture. */
const issueMarkdown = [
  '## What is new',
  'Hello, *reader*: a **new course** is out, with <b>raw</b> markup & "quotes" in its words.',
  '- [See the courses](/courses)\n- [My site](https://alexmorgan.dev/)\n- `npm start`',
  '> A quote, and a line\n> of it.',
  "![The course's cover](https://alexmorgan.dev/cover.png)",
].join('\n\n');

/** A newsletter issue and the weekly digest of what was added, as a reader receives them, and the issue itself. */
async function newsletterMails() {
  const reader = uniqueEmail('valid.html.reader');
  await addSubscriber(reader);
  const issue = await sendIssue({ subject: uniqueToken('Valid HTML issue'), body_markdown: issueMarkdown });
  const [issueMail] = await waitForMails(reader, issue.subject, { timeout: 30_000 });
  // The digest of a course the owner added (a live row, which the catalogue specs leave out), scheduled by the owner.
  const { data: course, error } = await ownerDatabase()
    .from('courses')
    .insert({
      title: `${uniqueLabel(coursesLiveRowPrefix)} Valid <HTML> & "digest"`,
      description: 'A course with <b>markup</b> & "quotes" in its words.',
      image_path: 'courses/nestjs.webp',
      platform: 'UDEMY',
      keywords: ['html'],
      link_to_course: 'https://www.udemy.com/course/valid-html/',
    })
    .select('id')
    .single();
  if (error) throw new Error(`insert into courses: ${error.message}`);
  try {
    const digest = await writeTheNextDigest();
    await setIssueStatus(digest.id, 'scheduled');
    await waitUntilSent(digest.id);
    const [digestMail] = await waitForMails(reader, digest.subject, { timeout: 30_000 });
    return { issue, digest, mails: [issueMail!, digestMail!] };
  } finally {
    await ownerDatabase().from('courses').delete().eq('id', course.id);
  }
}

/** The owner's report of the last seven days, asked for now (it lists the week's messages): its mail. */
async function reportNow(): Promise<CaughtMail> {
  const subject = /^Your last seven days on /;
  const before = (await mailsTo(ownerAddress, subject)).length;
  const asked = await fetch(`${backendUrl}/functions/v1/owner-report`, {
    method: 'POST',
    headers: { apikey: LOCAL_SECRET_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ now: true }),
  });
  expect(asked.status).toBe(200);
  return (await waitForMails(ownerAddress, subject, { count: before + 1, timeout: 30_000 })).at(-1)!;
}

const asBrowser = { apikey: LOCAL_PUBLISHABLE_KEY, Authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` };

async function html(
  request: APIRequestContext,
  url: string,
  status: number,
  init: { theme?: string; post?: boolean } = {},
) {
  const headers = init.theme ? { Cookie: `theme=${init.theme}` } : undefined;
  const answer = init.post
    ? await request.post(url, { headers, maxRedirects: 0 })
    : await request.get(url, { headers });
  expect(answer.status(), url).toBe(status);
  expect(answer.headers()['content-type'], url).toBe('text/html; charset=utf-8');
  return answer.text();
}

test('every route, in both themes, its search and paged addresses, and the not-found page are valid HTML', async ({
  request,
}) => {
  const documents: HtmlDocument[] = [];
  for (const address of searchAddresses)
    documents.push({ name: address, html: await html(request, address, 200) });
  for (const theme of ['light', 'dark']) {
    for (const { path } of expectedPages)
      documents.push({ name: `${path} (${theme})`, html: await html(request, path, 200, { theme }) });
    documents.push({
      name: `/no-such-page (${theme})`,
      html: await html(request, '/no-such-page', 404, { theme }),
    });
  }
  expect(await htmlErrors(documents)).toEqual([]);
});

test('every mail the site sends has a valid HTML part, and every page its links lead to (the archive and an issue among them) is valid', async ({
  request,
}) => {
  const newsletter = await newsletterMails();
  // The weekly report the stand-in's schedule sent at its start (the last full week's was due).
  const [weeklyReport] = await waitForMails(ownerAddress, /^Your week on /, { timeout: 30_000 });
  await forgetBrowserWrites('newsletterSubscribe');
  await forgetBrowserWrites('contact');
  const address = uniqueEmail('valid.html');
  const subscribed = await request.post(`${backendUrl}${newsletterSubscribePath}`, {
    headers: asBrowser,
    data: { email: address, recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN },
  });
  expect(subscribed.status()).toBe(200);
  const [confirmation] = await waitForMails(address, 'Please confirm your newsletter subscription');
  const confirmLink = linkTo(confirmation!, '/newsletter/confirm');
  // The same link, signed with the local backend's link key but expired.
  const { data: subscriber, error } = await ownerDatabase()
    .from('emails')
    .select('id, confirm_nonce')
    .eq('email', address)
    .single();
  if (error) throw new Error(`reading the subscriber: ${error.message}`);
  const expired = await signMailLink(
    {
      purpose: 'confirm',
      subscriberId: subscriber.id,
      nonce: subscriber.confirm_nonce!,
      expiresAt: Date.now() - 1000,
    },
    LOCAL_MAIL_LINK_SECRET,
  );
  // The link asks (a GET confirms nobody); the page's button, a POST, confirms.
  const asked = await html(request, confirmLink, 200);
  const confirmed = await html(request, confirmLink, 200, { post: true });
  const [welcome] = await waitForMails(address, 'Welcome to my newsletter');
  const unsubscribeLink = linkTo(welcome!, '/newsletter/unsubscribe');
  const ask = await html(request, unsubscribeLink, 200);
  const unsubscribed = await html(request, unsubscribeLink, 200, { post: true });

  const subject = uniqueToken('Valid HTML');
  const sent = await request.post(`${backendUrl}${contactPath}`, {
    headers: asBrowser,
    data: {
      fullName: 'Ana <b>Silva</b>',
      email: uniqueEmail('valid.html.sender'),
      subject,
      message: 'A <table> & "quotes"\n\n<script>alert(1)</script>',
      recaptcha: DEVELOPMENT_RECAPTCHA_TOKEN,
    },
  });
  expect(sent.status()).toBe(200);
  const [notice] = await waitForMails(ownerAddress, `New message from the website: ${subject}`);
  const report = await reportNow();

  const linkPage = (path: string) => `${siteUrl}${path}`;
  const documents: HtmlDocument[] = [
    ...[confirmation!, welcome!, notice!, ...newsletter.mails, weeklyReport!, report].map((mail) => {
      expect(mail.parsed.html, `${mail.parsed.subject}: an HTML part`).toEqual(expect.any(String));
      return { name: `mail "${mail.parsed.subject}"`, html: mail.parsed.html as string, mail: true };
    }),
    { name: 'confirm: ask', html: asked },
    { name: 'confirm: confirmed', html: confirmed },
    { name: 'confirm: used again', html: await html(request, confirmLink, 400, { post: true }) },
    {
      name: 'confirm: expired',
      html: await html(request, linkPage(`/newsletter/confirm?token=${expired}`), 410, { post: true }),
    },
    { name: 'confirm: no token', html: await html(request, linkPage('/newsletter/confirm'), 400) },
    { name: 'unsubscribe: ask', html: ask },
    { name: 'unsubscribe: unsubscribed', html: unsubscribed },
    {
      name: 'unsubscribe: altered',
      html: await html(request, linkPage('/newsletter/unsubscribe?token=a.b'), 400, { post: true }),
    },
    { name: 'the archive', html: await html(request, linkPage('/newsletter/issues'), 200) },
  ];
  for (const issue of [newsletter.issue, newsletter.digest]) {
    documents.push({
      name: `the page of "${issue.subject}"`,
      html: await html(request, linkPage(`/newsletter/issues/${issue.slug}`), 200),
    });
  }
  expect(await htmlErrors(documents)).toEqual([]);
});
