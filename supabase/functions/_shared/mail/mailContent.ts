// The mails the site sends, written when they are sent from what the outbox row holds (public.claim_mail_outbox): a
// newsletter confirmation, the welcome that follows it, the owner's copy of a contact message, and any other kind the
// caller gives the composer (the owner's report: ownerReportMail.ts, given by mailOutbox.ts), which depends on this
// module and never the reverse. Only what is stored goes in (never the clock), so every attempt at a row writes the
// same bytes and the provider's idempotency key holds. Each returns the mail, or why it cannot be written now (a
// setting of ours is missing or wrong: it waits) or is no longer wanted (it is cancelled).
import { displayName, headerText } from './mailHeaders.ts';
import { mailLinkUrl, signMailLink, type MailLinkPurpose } from './mailLinks.ts';
import type { MailSettings } from './mailSettings.ts';
import type { OutgoingMail } from './mailTransport.ts';
import type { MailBlock } from './template/MailLayout.tsx';
import { mailBrand, renderMail } from './template/renderMail.ts';

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
  claimToken: string;
  /** A confirmation's link expiry, as queued (its text and its link say so). */
  linkExpiresAt: string | null;
  /** null when the row it was about is gone; a kind given to the composer reads its own details. */
  details: SubscriberDetails | ContactDetails | Record<string, unknown> | null;
}

export type ComposedMail =
  | { outcome: 'mail'; mail: OutgoingMail }
  | { outcome: 'wait'; reason: string }
  | { outcome: 'cancel'; reason: string };

export const newsletterMailTexts = {
  confirmationSubject: 'Please confirm your newsletter subscription',
  confirmButton: 'Confirm my subscription',
  welcomeSubject: 'Welcome to my newsletter',
} as const;

/** The headers of every mail to a subscriber (RFC 2369 and RFC 8058: one-click unsubscribe by POST). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
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

  /** A mail to the subscriber: its paragraphs, an optional button, and the unsubscribe footer and headers. */
  const toSubscriber = async (
    subject: string,
    paragraphs: string[],
    action?: [string, string],
    note?: string,
  ): Promise<ComposedMail> => {
    const blocks: MailBlock[] = paragraphs.map((text) => ({ kind: 'text', text }));
    if (action) blocks.push({ kind: 'button', label: action[0], url: action[1] });
    const { html, text } = await renderMail(
      {
        subject,
        preview: paragraphs[0]!,
        blocks,
        footer: { lines: [...(note ? [note] : []), footer], unsubscribeUrl },
      },
      mailBrand(from, siteUrl),
    );
    return {
      outcome: 'mail',
      mail: {
        from,
        to: { address: subscriber.email, name: '' },
        subject,
        text,
        html,
        headers: unsubscribeHeaders(unsubscribeUrl),
        idempotencyKey: row.id,
      },
    };
  };

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

async function contactMail(
  row: OutboxRow & { details: ContactDetails },
  settings: MailSettings,
): Promise<ComposedMail> {
  if (!settings.owner.ok) return { outcome: 'wait', reason: settings.owner.reason };
  if (!settings.from.ok) return { outcome: 'wait', reason: settings.from.reason };
  const contact = row.details;
  // One line each, whatever the visitor typed: a name or subject cannot add a line of its own (a forged "From:").
  const lines = [
    `From: ${displayName(contact.fullName)} <${contact.email}>`,
    `Subject: ${headerText(contact.subject)}`,
    `Received: ${writtenTime(contact.receivedAt)}`,
  ];
  const intro = 'A visitor sent a message through the contact form.';
  const from = settings.from.value;
  const subject = `New message from the website: ${contact.subject}`;
  const { html, text } = await renderMail(
    {
      subject,
      preview: intro,
      blocks: [intro, lines.join('\n'), `Message:\n${contact.message}`].map((paragraph) => ({
        kind: 'text',
        text: paragraph,
      })),
      footer: { lines: ['Reply to this email to answer them.'] },
    },
    mailBrand(from, settings.siteUrl.ok ? settings.siteUrl.value : undefined),
  );
  return {
    outcome: 'mail',
    mail: {
      from,
      to: settings.owner.value,
      replyTo: { name: contact.fullName, address: contact.email },
      subject,
      text,
      html,
      idempotencyKey: row.id,
    },
  };
}

/** Writes the mail of an outbox row of one kind (its details are not null). */
export type MailComposer = (
  row: OutboxRow & { details: NonNullable<OutboxRow['details']> },
  settings: MailSettings,
) => Promise<ComposedMail>;

/** Writes a row's mail: with the composer given for its kind, else as one of the kinds written here. */
export async function composeMail(
  row: OutboxRow,
  settings: MailSettings,
  kinds: Partial<Record<MailKind, MailComposer>> = {},
): Promise<ComposedMail> {
  if (row.details === null) return { outcome: 'cancel', reason: 'What the mail was about is gone' };
  const given = kinds[row.kind];
  if (given) return given({ ...row, details: row.details }, settings);
  if (row.kind === 'contact_notification') {
    return contactMail(row as OutboxRow & { details: ContactDetails }, settings);
  }
  if (row.kind === 'owner_report') return { outcome: 'cancel', reason: 'No composer for the owner’s report' };
  return newsletterMail(row as OutboxRow & { details: SubscriberDetails }, settings);
}
