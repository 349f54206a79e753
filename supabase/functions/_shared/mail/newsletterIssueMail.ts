// A newsletter issue as mail: written once per issue and run with the template (template/), then made personal for
// each copy by putting in its recipient's address and own unsubscribe link (placeholders in the written HTML and text),
// so a hundred thousand copies cost one render and a hundred thousand string replacements. Every copy carries the
// one-click unsubscribe headers (RFC 8058), the "view in the browser" link to the issue's page in the site's archive
// (served by the site's server: shell/server/plugins/newsletterArchive.mjs), and the postal address.
import { unsubscribeHeaders } from './mailContent.ts';
import { mailLinkPaths } from './mailLinks.ts';
import type { MailSettings } from './mailSettings.ts';
import type { OutgoingMail } from './mailTransport.ts';
import { markdownToMailHtml } from './template/markdownToMailHtml.ts';
import { mailBrand, renderMail, type RenderedMail } from './template/renderMail.ts';
import type { Mailbox } from './mailAddresses.ts';

/** The archive's address of an issue, on the site. */
export const newsletterArchivePath = '/newsletter/issues';

export interface IssueRow {
  id: string;
  kind: 'issue' | 'digest';
  subject: string;
  body_markdown: string;
  slug: string;
}

/** What is put in for each copy. Characters no escaping changes, so they are found as written in HTML and text. */
const placeholders = {
  recipient: '%%NEWSLETTER_RECIPIENT%%',
  unsubscribeUrl: '%%NEWSLETTER_UNSUBSCRIBE_URL%%',
};

export const newsletterIssueTexts = {
  whySubscribed: (recipient: string, host: string) =>
    `You receive this email because ${recipient} subscribed to my newsletter on ${host}.`,
  testSubject: (subject: string) => `[Test] ${subject}`,
};

export interface IssueTemplate extends RenderedMail {
  issueId: string;
  subject: string;
  from: Mailbox;
  siteUrl: string;
  archiveUrl: string;
}

/** Not written now: a setting is missing (its copies wait for it), or the issue's own text cannot be sent (`ofText`:
 *  the owner must change it, and a test copy of it is refused). */
export type ComposedIssue =
  { ok: true; template: IssueTemplate } | { ok: false; reason: string; ofText?: boolean };

export function archiveUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}${newsletterArchivePath}/${slug}`;
}

/** The issue written once, or why it cannot be now. */
export async function composeIssue(
  issue: IssueRow,
  settings: Pick<MailSettings, 'siteUrl' | 'from'>,
  postalAddress: string | undefined,
): Promise<ComposedIssue> {
  if (!settings.siteUrl.ok) return { ok: false, reason: settings.siteUrl.reason };
  if (!settings.from.ok) return { ok: false, reason: settings.from.reason };
  if (postalAddress === undefined) return { ok: false, reason: 'NEWSLETTER_POSTAL_ADDRESS is not set' };
  const siteUrl = settings.siteUrl.value;
  const from = settings.from.value;
  const body = markdownToMailHtml(issue.body_markdown, siteUrl);
  if (body.imagesWithoutAlt > 0) {
    return {
      ok: false,
      reason: `${body.imagesWithoutAlt} image(s) without alt text: write ![what it shows](address)`,
      ofText: true,
    };
  }
  const url = archiveUrl(siteUrl, issue.slug);
  const rendered = await renderMail(
    {
      subject: issue.subject,
      preview: issue.subject,
      blocks: [
        { kind: 'heading', text: issue.subject },
        { kind: 'html', html: body.html },
      ],
      footer: {
        lines: [newsletterIssueTexts.whySubscribed(placeholders.recipient, new URL(siteUrl).host)],
        unsubscribeUrl: placeholders.unsubscribeUrl,
        viewInBrowserUrl: url,
        postalAddress,
      },
    },
    mailBrand(from, siteUrl),
  );
  return {
    ok: true,
    template: { ...rendered, issueId: issue.id, subject: issue.subject, from, siteUrl, archiveUrl: url },
  };
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);

export interface IssueCopy {
  to: Mailbox;
  unsubscribeUrl: string;
  /** A test copy: to the owner, its subject marked. */
  test?: boolean;
}

/** One copy: the template with its recipient and unsubscribe link, and the headers of a one-click unsubscribe. */
export function issueCopy(template: IssueTemplate, copy: IssueCopy, idempotencyKey: string): OutgoingMail {
  const personal = (text: string, escape: (value: string) => string) =>
    text
      .replaceAll(placeholders.recipient, escape(copy.to.address))
      .replaceAll(placeholders.unsubscribeUrl, escape(copy.unsubscribeUrl));
  return {
    from: template.from,
    to: copy.to,
    subject: copy.test ? newsletterIssueTexts.testSubject(template.subject) : template.subject,
    html: personal(template.html, escapeHtml),
    text: personal(template.text, (value) => value),
    headers: unsubscribeHeaders(copy.unsubscribeUrl),
    idempotencyKey,
  };
}

/** Where the owner's test copy's unsubscribe link goes: the page, with no subscriber to unsubscribe. */
export function testUnsubscribeUrl(siteUrl: string): string {
  return `${siteUrl}${mailLinkPaths.unsubscribe}`;
}
