// The events door of the mail room: what the mail provider tells the site about the mails it sent, by webhook. Resend
// signs every event the Svix way (Standard Webhooks: HMAC-SHA-256 over `id.timestamp.body` with the endpoint's signing
// secret, `whsec_...`), in headers it names svix-id, svix-timestamp and svix-signature (webhook-* in the standard's
// own names: both are read). The standardwebhooks library checks the signature in constant time and refuses a
// timestamp more than five minutes away; the database refuses an event id it has taken before (a replay). A hard
// bounce or a spam complaint puts the mail's recipients on the suppression list (public.record_mail_event), and the
// send door (mailOutbox.ts) sends them nothing more.
import { Webhook } from 'standardwebhooks';
import { getEnv } from '../env.ts';
import { parseMailbox, redactAddresses } from './mailAddresses.ts';
import type { Setting } from './mailSettings.ts';

/** What a signed event may weigh: Resend's email events are a few KB. */
export const MAX_EVENT_BYTES = 64 * 1024;
/** Recipients taken from one event at most (the site sends each mail to one). */
export const MAX_EVENT_ADDRESSES = 50;

/** RESEND_WEBHOOK_SECRET, the endpoint's signing secret (Resend -> Webhooks -> the endpoint -> Signing secret). */
export function readWebhookVerifier(): Setting<Webhook> {
  const secret = getEnv('RESEND_WEBHOOK_SECRET');
  if (secret === undefined) return { ok: false, reason: 'RESEND_WEBHOOK_SECRET is not set' };
  try {
    return { ok: true, value: new Webhook(secret) };
  } catch {
    return { ok: false, reason: 'RESEND_WEBHOOK_SECRET is not a webhook signing secret (whsec_...)' };
  }
}

export type VerifiedEvent =
  { ok: true; id: string; payload: unknown } | { ok: false; problem: 'unsigned' | 'stale' | 'forged' };

/** The event, if the body is signed by the secret, now: unsigned (no signature headers), stale, or forged. */
export function verifyEvent(verifier: Webhook, body: string, headers: Headers): VerifiedEvent {
  const header = (name: string) => headers.get(`webhook-${name}`) ?? headers.get(`svix-${name}`);
  const id = header('id');
  const timestamp = header('timestamp');
  const signature = header('signature');
  if (!id || !timestamp || !signature || id.length > 200) return { ok: false, problem: 'unsigned' };
  try {
    const payload = verifier.verify(body, {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    });
    return { ok: true, id, payload };
  } catch (error) {
    // The library says "Message timestamp too old/new" or "Invalid Signature Headers" for the time, else a mismatch.
    const message = error instanceof Error ? error.message : '';
    return { ok: false, problem: /timestamp|signature headers/i.test(message) ? 'stale' : 'forged' };
  }
}

export interface MailEvent {
  type: string;
  /** What it means for the recipients: on the suppression list for this reason, or nothing (null). */
  reason: 'bounce' | 'complaint' | null;
  /** The recipients, lower case. */
  addresses: string[];
  /** What the provider said (a bounce's type and message), without addresses. */
  detail: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Resend's event (https://resend.com/docs/webhooks/event-types): email.bounced is a permanent rejection (a "Transient"
 * bounce type is a soft one, which suppresses nobody); email.complained is a spam report. Undefined when the event is
 * not one.
 */
export function readMailEvent(payload: unknown): MailEvent | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { type, data } = payload as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || type === '' || type.length > 100) return undefined;
  const fields = (typeof data === 'object' && data !== null ? data : {}) as {
    to?: unknown;
    bounce?: { type?: unknown; subType?: unknown; message?: unknown };
  };
  const recipients = Array.isArray(fields.to) ? fields.to : typeof fields.to === 'string' ? [fields.to] : [];
  const addresses = recipients
    .slice(0, MAX_EVENT_ADDRESSES)
    .map((recipient) => (typeof recipient === 'string' ? parseMailbox(recipient) : undefined))
    .flatMap((parsed) => (parsed?.ok ? [parsed.mailbox.address.toLowerCase()] : []));
  if (type === 'email.bounced') {
    const bounce = fields.bounce ?? {};
    const soft = /^transient$/i.test(text(bounce.type));
    const detail = `${text(bounce.type) || 'Bounce'}/${text(bounce.subType) || '-'}: ${text(bounce.message)}`;
    return { type, reason: soft ? null : 'bounce', addresses, detail: redactAddresses(detail).slice(0, 500) };
  }
  if (type === 'email.complained') return { type, reason: 'complaint', addresses, detail: null };
  return { type, reason: null, addresses, detail: null };
}
