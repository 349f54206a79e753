// The HTML the site sends is valid, by the W3C's checker (support/htmlValidator.ts): every route as its server renders
// it, in both themes, the not-found page, every kind of mail link page, and the HTML part of every mail the site sends
// (the confirmation, the welcome, the owner's copy of a contact message). Plain HTTP, no browser: what is checked is
// what the server and the mail catcher hold, byte for byte.
import { expect, test, type APIRequestContext } from '../../support/test.ts';
import { LOCAL_PUBLISHABLE_KEY } from '@site/supabase-local/keys';
import { LOCAL_MAIL_LINK_SECRET } from '@site/supabase-local/mailSecrets';
import { contactPath, forgetBrowserWrites, newsletterSubscribePath } from '../../support/anonymousWrites.ts';
import { DEVELOPMENT_RECAPTCHA_TOKEN, signMailLink } from '../../support/functionModules.ts';
import { ownerDatabase } from '../../support/database.ts';
import { htmlErrors, type HtmlDocument } from '../../support/htmlValidator.ts';
import { linkTo, ownerAddress, waitForMails } from '../../support/mailbox.ts';
import { expectedPages } from '../../support/pages.ts';
import { backendUrl, siteUrl } from '../../support/site.ts';
import { uniqueEmail, uniqueToken } from '../engagement/engagementSite.ts';

// The checker is a Java program: seconds to start on a busy machine.
test.slow();

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

test('every route, in both themes, and the not-found page are valid HTML', async ({ request }) => {
  const documents: HtmlDocument[] = [];
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

test('every mail the site sends has a valid HTML part, and every page its links lead to is valid', async ({
  request,
}) => {
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

  const linkPage = (path: string) => `${siteUrl}${path}`;
  const documents: HtmlDocument[] = [
    ...[confirmation!, welcome!, notice!].map((mail) => {
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
  ];
  expect(await htmlErrors(documents)).toEqual([]);
});
