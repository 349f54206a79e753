// The mails the site sends, written when they are sent from what the outbox row is about (public.claim_mail_outbox):
// a newsletter confirmation, the welcome that follows it, and the owner's copy of a contact message. Each returns the
// mail, or why it cannot be written now (a setting missing: it waits) or is no longer wanted (it is cancelled).
import escapeHtml from 'escape-html';
import { mailLinkUrl, signMailLink, type MailLinkPurpose } from './mailLinks.ts';
import type { MailSettings } from './mailSettings.ts';
import type { OutgoingMail } from './mailTransport.ts';

export type MailKind = 'newsletter_confirmation' | 'newsletter_welcome' | 'contact_notification';

export interface SubscriberDetails {
  subscriberId: string;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  confirmNonce: string | null;
  confirmExpiresAt: string | null;
  unsubscribeNonce: string;
}

export interface ContactDetails {
  fullName: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: string;
}

export interface OutboxRow {
  id: string;
  kind: MailKind;
  attempts: number;
  /** null when the row it was about is gone. */
  details: SubscriberDetails | ContactDetails | null;
}

export type ComposedMail =
  | { outcome: 'mail'; mail: OutgoingMail }
  | { outcome: 'wait'; reason: string }
  | { outcome: 'cancel'; reason: string };

/** The spec's promise (§2): the newsletter's first email comes within 24-48 hours. */
export const newsletterMailTexts = {
  confirmationSubject: 'Please confirm your newsletter subscription',
  welcomeSubject: 'Welcome to my newsletter',
  unsubscribeLine: 'Unsubscribe',
} as const;

/**
 * Paragraphs of plain text, as a small valid HTML document titled with the mail's subject (links are given apart, as
 * [label, url]).
 */
function htmlOf(
  subject: string,
  paragraphs: string[],
  links: [string, string][] = [],
  footer?: [string, string],
): string {
  const body = [
    ...paragraphs.map((text) => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`),
    ...links.map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`),
    ...(footer
      ? [
          `<hr><p style="font-size:12px;color:#555">${escapeHtml(footer[0])} <a href="${escapeHtml(footer[1])}">${escapeHtml(newsletterMailTexts.unsubscribeLine)}</a></p>`,
        ]
      : []),
  ].join('\n');
  const head = `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`;
  return `<!doctype html><html lang="en">${head}<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a">\n${body}\n</body></html>`;
}

/** The headers of every mail to a subscriber (RFC 2369 and RFC 8058: one-click unsubscribe by POST). */
function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

async function newsletterMail(
  row: OutboxRow & { details: SubscriberDetails },
  settings: MailSettings,
): Promise<ComposedMail> {
  const subscriber = row.details;
  if (settings.siteUrl === undefined) return { outcome: 'wait', reason: 'SITE_URL is not set' };
  if (settings.from === undefined) return { outcome: 'wait', reason: 'MAIL_FROM is not set' };
  const { siteUrl, from, linkSecret } = settings;
  const link = async (purpose: MailLinkPurpose, nonce: string, expiresAt?: number) =>
    mailLinkUrl(
      siteUrl,
      purpose,
      await signMailLink({ purpose, subscriberId: subscriber.subscriberId, nonce, expiresAt }, linkSecret),
    );
  const unsubscribeUrl = await link('unsubscribe', subscriber.unsubscribeNonce);
  const footer = `You receive this email because ${subscriber.email} was entered in the newsletter form of ${new URL(siteUrl).host}.`;

  /** A mail to the subscriber: its paragraphs, an optional button-like link, and the unsubscribe footer and headers. */
  const toSubscriber = (subject: string, paragraphs: string[], action?: [string, string], note?: string) => ({
    outcome: 'mail' as const,
    mail: {
      from,
      to: subscriber.email,
      subject,
      text: [
        paragraphs.join('\n\n'),
        ...(action ? [action[1]] : []),
        ...(note ? [`\n${note}`] : []),
        `\n--\n${footer}\n${newsletterMailTexts.unsubscribeLine}: ${unsubscribeUrl}\n`,
      ].join('\n'),
      html: htmlOf(subject, paragraphs, action ? [action] : [], [
        note ? `${note} ${footer}` : footer,
        unsubscribeUrl,
      ]),
      headers: unsubscribeHeaders(unsubscribeUrl),
      idempotencyKey: row.id,
    },
  });

  if (row.kind === 'newsletter_confirmation') {
    if (subscriber.status !== 'pending' || !subscriber.confirmNonce || !subscriber.confirmExpiresAt) {
      return { outcome: 'cancel', reason: `the subscriber is ${subscriber.status} now` };
    }
    const expiresAt = Date.parse(subscriber.confirmExpiresAt);
    const hours = Math.max(1, Math.round((expiresAt - Date.now()) / 3_600_000));
    return toSubscriber(
      newsletterMailTexts.confirmationSubject,
      [
        `Hello,\n\nsomeone, hopefully you, asked to subscribe ${subscriber.email} to my newsletter on ${new URL(siteUrl).host}.`,
        `To confirm, open this link within ${hours} hours:`,
      ],
      ['Confirm my subscription', await link('confirm', subscriber.confirmNonce, expiresAt)],
      'If you did not ask for this, ignore this email: you will not be subscribed.',
    );
  }

  if (subscriber.status !== 'confirmed') {
    return { outcome: 'cancel', reason: `the subscriber is ${subscriber.status} now` };
  }
  return toSubscriber(newsletterMailTexts.welcomeSubject, [
    'Hello,\n\nthank you for confirming your subscription: you are on the list.',
    'You will hear from me when I publish a new video or course, and you will be the first to know of my offers. There is one already: 77% OFF on all my courses.',
    'You can leave at any time with the link at the bottom of every email.',
  ]);
}

function contactMail(row: OutboxRow & { details: ContactDetails }, settings: MailSettings): ComposedMail {
  if (settings.ownerAddress === undefined) return { outcome: 'wait', reason: 'OWNER_EMAIL is not set' };
  if (settings.from === undefined) return { outcome: 'wait', reason: 'MAIL_FROM is not set' };
  const contact = row.details;
  const lines = [
    `From: ${contact.fullName} <${contact.email}>`,
    `Subject: ${contact.subject}`,
    `Received: ${new Date(contact.receivedAt).toUTCString()}`,
  ];
  const replyHint = 'Reply to this email to answer them.';
  const subject = `New message from the website: ${contact.subject}`;
  return {
    outcome: 'mail',
    mail: {
      from: settings.from,
      to: settings.ownerAddress,
      replyTo: { name: contact.fullName, address: contact.email },
      subject,
      text: `A visitor sent a message through the contact form.\n\n${lines.join('\n')}\n\n${contact.message}\n\n--\n${replyHint}\n`,
      html: htmlOf(subject, [
        'A visitor sent a message through the contact form.',
        lines.join('\n'),
        contact.message,
        replyHint,
      ]),
      idempotencyKey: row.id,
    },
  };
}

export async function composeMail(row: OutboxRow, settings: MailSettings): Promise<ComposedMail> {
  if (row.details === null) return { outcome: 'cancel', reason: 'what the mail was about is gone' };
  if (row.kind === 'contact_notification') {
    return contactMail(row as OutboxRow & { details: ContactDetails }, settings);
  }
  return newsletterMail(row as OutboxRow & { details: SubscriberDetails }, settings);
}
