// The mails the site sends, written when they are sent from what the outbox row is about (public.claim_mail_outbox):
// a newsletter confirmation, the welcome that follows it, the owner's copy of a contact message, and the owner's report
// (ownerReportMail.ts). Each returns the
// mail, or why it cannot be written now (a setting missing: it waits) or is no longer wanted (it is cancelled).
import { mailLinkUrl, signMailLink, type MailLinkPurpose } from './mailLinks.ts';
import type { MailSettings } from './mailSettings.ts';
import type { OutgoingMail } from './mailTransport.ts';
import { ownerReportMail, type OwnerReportDetails } from './ownerReportMail.ts';
import type { MailBlock } from './template/MailLayout.tsx';
import { brandName, renderMail } from './template/renderMail.ts';

export type MailKind =
  'newsletter_confirmation' | 'newsletter_welcome' | 'contact_notification' | 'owner_report';

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
  details: SubscriberDetails | ContactDetails | OwnerReportDetails | null;
}

export type ComposedMail =
  | { outcome: 'mail'; mail: OutgoingMail }
  | { outcome: 'wait'; reason: string }
  | { outcome: 'cancel'; reason: string };

/** The spec's promise (§2): the newsletter's first email comes within 24-48 hours. */
export const newsletterMailTexts = {
  confirmationSubject: 'Please confirm your newsletter subscription',
  welcomeSubject: 'Welcome to my newsletter',
} as const;

/** The headers of every mail to a subscriber (RFC 2369 and RFC 8058: one-click unsubscribe by POST). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
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

  /** A mail to the subscriber: its paragraphs, an optional button, and the unsubscribe footer and headers. */
  const toSubscriber = async (
    subject: string,
    paragraphs: string[],
    action?: [string, string],
    note?: string,
  ) => {
    const blocks: MailBlock[] = paragraphs.map((text) => ({ kind: 'text', text }));
    if (action) blocks.push({ kind: 'button', label: action[0], url: action[1] });
    const { html, text } = await renderMail(
      {
        preview: paragraphs[0]!,
        blocks,
        footer: { lines: [...(note ? [note] : []), footer], unsubscribeUrl },
      },
      { name: brandName(from), siteUrl },
    );
    return {
      outcome: 'mail' as const,
      mail: {
        from,
        to: subscriber.email,
        subject,
        text,
        html,
        headers: unsubscribeHeaders(unsubscribeUrl),
        idempotencyKey: row.id,
      },
    };
  };

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

async function contactMail(
  row: OutboxRow & { details: ContactDetails },
  settings: MailSettings,
): Promise<ComposedMail> {
  if (settings.ownerAddress === undefined) return { outcome: 'wait', reason: 'OWNER_EMAIL is not set' };
  if (settings.from === undefined) return { outcome: 'wait', reason: 'MAIL_FROM is not set' };
  const contact = row.details;
  const lines = [
    `From: ${contact.fullName} <${contact.email}>`,
    `Subject: ${contact.subject}`,
    `Received: ${new Date(contact.receivedAt).toUTCString()}`,
  ];
  const intro = 'A visitor sent a message through the contact form.';
  const { html, text } = await renderMail(
    {
      preview: intro,
      blocks: [intro, lines.join('\n'), contact.message].map((paragraph) => ({
        kind: 'text',
        text: paragraph,
      })),
      footer: { lines: ['Reply to this email to answer them.'] },
    },
    { name: brandName(settings.from), siteUrl: settings.siteUrl },
  );
  return {
    outcome: 'mail',
    mail: {
      from: settings.from,
      to: settings.ownerAddress,
      replyTo: { name: contact.fullName, address: contact.email },
      subject: `New message from the website: ${contact.subject}`,
      text,
      html,
      idempotencyKey: row.id,
    },
  };
}

export async function composeMail(row: OutboxRow, settings: MailSettings): Promise<ComposedMail> {
  if (row.details === null) return { outcome: 'cancel', reason: 'what the mail was about is gone' };
  if (row.kind === 'contact_notification') {
    return contactMail(row as OutboxRow & { details: ContactDetails }, settings);
  }
  if (row.kind === 'owner_report')
    return ownerReportMail(row.id, row.details as OwnerReportDetails, settings);
  return newsletterMail(row as OutboxRow & { details: SubscriberDetails }, settings);
}
