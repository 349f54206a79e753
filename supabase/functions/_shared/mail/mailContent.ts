// The mails the site sends, written when they are sent from what the outbox row holds (public.claim_mail_outbox): a
// newsletter confirmation, the welcome that follows it, and the owner's copy of a contact message. Only what is stored
// goes in (never the clock), so every attempt at a row writes the same bytes and the provider's idempotency key holds.
// Each returns the mail, or why it cannot be written now (a setting of ours is missing or wrong: it waits) or is no
// longer wanted (it is cancelled).
import escapeHtml from 'escape-html';
import { displayName, headerText } from './mailHeaders.ts';
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
  claimToken: string;
  /** A confirmation's link expiry, as queued (its text and its link say so). */
  linkExpiresAt: string | null;
  /** null when the row it was about is gone. */
  details: SubscriberDetails | ContactDetails | null;
}

export type ComposedMail =
  | { outcome: 'mail'; mail: OutgoingMail }
  | { outcome: 'wait'; reason: string }
  | { outcome: 'cancel'; reason: string };

export const newsletterMailTexts = {
  confirmationSubject: 'Please confirm your newsletter subscription',
  confirmButton: 'Confirm my subscription',
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

/** A stored time as the mails write it: "Tue, 01 Dec 2026 12:00:00 GMT". */
const writtenTime = (stored: string | number) => new Date(stored).toUTCString();

async function newsletterMail(
  row: OutboxRow & { details: SubscriberDetails },
  settings: MailSettings,
): Promise<ComposedMail> {
  const subscriber = row.details;
  if (!settings.from.ok) return { outcome: 'wait', reason: settings.from.reason };
  if (!settings.siteUrl.ok) return { outcome: 'wait', reason: settings.siteUrl.reason };
  if (!settings.linkKeys.ok) return { outcome: 'wait', reason: settings.linkKeys.reason };
  const from = settings.from.value;
  const siteUrl = settings.siteUrl.value;
  const linkKey = settings.linkKeys.value.current;
  const link = async (purpose: MailLinkPurpose, nonce: string, expiresAt?: number) =>
    mailLinkUrl(
      siteUrl,
      purpose,
      await signMailLink({ purpose, subscriberId: subscriber.subscriberId, nonce, expiresAt }, linkKey),
    );
  const unsubscribeUrl = await link('unsubscribe', subscriber.unsubscribeNonce);
  const host = new URL(siteUrl).host;
  const footer = `You receive this email because ${subscriber.email} was entered in the newsletter form of ${host}.`;

  /** A mail to the subscriber: its paragraphs, an optional button-like link, and the unsubscribe footer and headers. */
  const toSubscriber = (subject: string, paragraphs: string[], action?: [string, string], note?: string) => ({
    outcome: 'mail' as const,
    mail: {
      from,
      to: { address: subscriber.email, name: '' },
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
    if (subscriber.status !== 'pending' || !subscriber.confirmNonce) {
      return { outcome: 'cancel', reason: `The subscriber is ${subscriber.status} now` };
    }
    const expiresAt = Date.parse(row.linkExpiresAt ?? subscriber.confirmExpiresAt ?? '');
    if (!(expiresAt > Date.now())) {
      return { outcome: 'cancel', reason: 'The confirmation link expired before the mail could be sent' };
    }
    return toSubscriber(
      newsletterMailTexts.confirmationSubject,
      [
        `Hello,\n\nsomeone, hopefully you, asked to subscribe ${subscriber.email} to my newsletter on ${host}.`,
        `To confirm, open this link and press "${newsletterMailTexts.confirmButton}". It works until ${writtenTime(expiresAt)}:`,
      ],
      [newsletterMailTexts.confirmButton, await link('confirm', subscriber.confirmNonce, expiresAt)],
      'If you did not ask for this, ignore this email: you will not be subscribed.',
    );
  }

  if (subscriber.status !== 'confirmed') {
    return { outcome: 'cancel', reason: `The subscriber is ${subscriber.status} now` };
  }
  return toSubscriber(newsletterMailTexts.welcomeSubject, [
    'Hello,\n\nthank you for confirming your subscription: you are on the list.',
    'You will hear from me when I publish a new video or course, and you will be the first to know of my offers. There is one already: 77% OFF on all my courses.',
    'You can leave at any time with the link at the bottom of every email.',
  ]);
}

function contactMail(row: OutboxRow & { details: ContactDetails }, settings: MailSettings): ComposedMail {
  if (!settings.owner.ok) return { outcome: 'wait', reason: settings.owner.reason };
  if (!settings.from.ok) return { outcome: 'wait', reason: settings.from.reason };
  const contact = row.details;
  // One line each, whatever the visitor typed: a name or subject cannot add a line of its own (a forged "From:").
  const lines = [
    `From: ${displayName(contact.fullName)} <${contact.email}>`,
    `Subject: ${headerText(contact.subject)}`,
    `Received: ${writtenTime(contact.receivedAt)}`,
  ];
  const replyHint = 'Reply to this email to answer them.';
  const subject = `New message from the website: ${contact.subject}`;
  return {
    outcome: 'mail',
    mail: {
      from: settings.from.value,
      to: settings.owner.value,
      replyTo: { name: contact.fullName, address: contact.email },
      subject,
      text: `A visitor sent a message through the contact form.\n\n${lines.join('\n')}\n\nMessage:\n${contact.message}\n\n--\n${replyHint}\n`,
      html: htmlOf(subject, [
        'A visitor sent a message through the contact form.',
        lines.join('\n'),
        `Message:\n${contact.message}`,
        replyHint,
      ]),
      idempotencyKey: row.id,
    },
  };
}

export async function composeMail(row: OutboxRow, settings: MailSettings): Promise<ComposedMail> {
  if (row.details === null) return { outcome: 'cancel', reason: 'What the mail was about is gone' };
  if (row.kind === 'contact_notification') {
    return contactMail(row as OutboxRow & { details: ContactDetails }, settings);
  }
  return newsletterMail(row as OutboxRow & { details: SubscriberDetails }, settings);
}
