// Sends one mail through the configured transport (mailSettings.ts) and reads the answer for what it means: it was
// sent (or the provider had it already); try again later (the transport is down, slow, or busy); wait, because a
// setting of ours is wrong (a refused API key or login, a sender the provider will not send from: the owner fixes it,
// and the mail goes then); or give up (refused for good, such as an address the provider will not take). Header
// values are made safe here, whatever their origin, so nothing a visitor typed can add a header, and no address ever
// reaches an error text (those go to the log and to the outbox's last_error).
import { formatMailbox, isPlainAddress, redactAddresses, type Mailbox } from './mailAddresses.ts';
import { displayName, headerText } from './mailHeaders.ts';
import type { MailTransportSettings } from './mailSettings.ts';

export interface OutgoingMail {
  from: Mailbox;
  to: Mailbox;
  replyTo?: Mailbox;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); names and values are ours, never a visitor's. */
  headers?: Record<string, string>;
  /** The same for every attempt at this mail, so an API that saw an earlier attempt succeed does not send it twice. */
  idempotencyKey: string;
}

export type SendOutcome =
  | { outcome: 'sent' }
  /** retry: later, with backoff; wait: until a setting is fixed (error names it); failed: never. */
  | { outcome: 'retry' | 'wait' | 'failed'; error: string };

/** How long one attempt may take, in every step (connecting, the greeting, each answer). */
export const SEND_TIMEOUT_MS = 10_000;

function safe(mail: OutgoingMail): OutgoingMail | string {
  for (const mailbox of [mail.from, mail.to, mail.replyTo]) {
    if (mailbox !== undefined && !isPlainAddress(mailbox.address)) return 'An address is not a plain address';
  }
  const named = (mailbox: Mailbox) => ({ address: mailbox.address, name: displayName(mailbox.name) });
  return {
    ...mail,
    from: named(mail.from),
    to: named(mail.to),
    replyTo: mail.replyTo && named(mail.replyTo),
    subject: headerText(mail.subject),
  };
}

function describe(error: unknown): string {
  return redactAddresses((error instanceof Error ? error.message : String(error)).slice(0, 300));
}

/**
 * What an answer of Resend's API means for the mail (https://resend.com/docs/api-reference/errors and
 * /dashboard/emails/idempotency-keys). A repeated request with the same key and body is answered like the first (sent).
 * The same key with another body (409 invalid_idempotent_request) means Resend holds an earlier request under the key
 * and says nothing of whether it went out. Every attempt at a mail is the same bytes (a mail is written from what is
 * stored, a newsletter batch keeps its copies once tried), so only a setting that changes the mail (MAIL_FROM,
 * SITE_URL, the link key, the postal address) changed between two attempts can cause it: the mail is given up, never
 * recorded as sent and never sent a second time, and last_error says so. The same key still in progress
 * (concurrent_idempotent_requests) is tried again later. A key or a sender Resend refuses is the owner's to fix: the
 * mail waits for it.
 */
export function readResendAnswer(status: number, name: string, message: string): SendOutcome {
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  const said = redactAddresses(`Resend answered ${status} ${name}: ${message}`.slice(0, 400));
  if (status === 409 && name === 'invalid_idempotent_request') {
    return {
      outcome: 'failed',
      error:
        `Not sent again: Resend holds another version of this mail under its idempotency key, sent or not (a ` +
        `setting that changes the mail changed between two attempts). ${said}`,
    };
  }
  if (status === 401 || ['invalid_api_key', 'missing_api_key', 'restricted_api_key'].includes(name)) {
    return { outcome: 'wait', error: `RESEND_API_KEY was refused. ${said}` };
  }
  // Every other 403 is about the sender (a domain not verified, a testing-only sender); a 400 or 422 may be too.
  if (status === 403 || name === 'invalid_from_address' || /`from`|\bfrom\b|\bdomain\b/i.test(message)) {
    return { outcome: 'wait', error: `MAIL_FROM was refused as the sender. ${said}` };
  }
  if (status === 408 || status === 409 || status === 429 || status >= 500)
    return { outcome: 'retry', error: said };
  return { outcome: 'failed', error: said };
}

/** Resend's API (https://resend.com/docs/api-reference/emails/send-email). */
async function sendWithResend(
  transport: Extract<MailTransportSettings, { kind: 'resend' }>,
  mail: OutgoingMail,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(transport.apiUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${transport.apiKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': mail.idempotencyKey,
      },
      body: JSON.stringify({
        from: formatMailbox(mail.from),
        to: [mail.to.address],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo && { reply_to: formatMailbox(mail.replyTo) }),
        ...(mail.headers && { headers: mail.headers }),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: 'retry', error: `The mail API could not be reached: ${describe(error)}` };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { outcome: 'sent' };
  }
  const body = (await response.json().catch(() => ({}))) as { name?: unknown; message?: unknown };
  return readResendAnswer(
    response.status,
    typeof body.name === 'string' ? body.name : '',
    typeof body.message === 'string' ? body.message : '',
  );
}

interface SmtpTransporter {
  sendMail(message: object): Promise<unknown>;
}

const transporters = new Map<string, Promise<SmtpTransporter>>();

/**
 * nodemailer, loaded only where SMTP is used. The specifier is a variable on purpose: hosted functions use the HTTP
 * API, so their bundle need not carry nodemailer, and Deno resolves it from deno.json's import map when it does run.
 */
async function smtpTransporter(url: string): Promise<SmtpTransporter> {
  let transporter = transporters.get(url);
  if (!transporter) {
    const specifier = 'nodemailer';
    transporter = import(specifier).then((module: { default?: unknown; createTransport?: unknown }) => {
      const nodemailer = (module.default ?? module) as {
        createTransport(options: object): SmtpTransporter;
      };
      const parsed = new URL(url);
      return nodemailer.createTransport({
        host: parsed.hostname.replace(/^\[|\]$/g, ''),
        port: Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)),
        secure: parsed.protocol === 'smtps:',
        ignoreTLS: parsed.searchParams.get('ignoreTLS') === 'true',
        ...(parsed.username && {
          auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) },
        }),
        connectionTimeout: SEND_TIMEOUT_MS,
        greetingTimeout: SEND_TIMEOUT_MS,
        socketTimeout: SEND_TIMEOUT_MS,
      });
    });
    transporters.set(url, transporter);
    transporter.catch(() => transporters.delete(url));
  }
  return transporter;
}

async function sendWithSmtp(url: string, mail: OutgoingMail): Promise<SendOutcome> {
  try {
    const transporter = await smtpTransporter(url);
    await transporter.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.replyTo && { replyTo: mail.replyTo }),
      headers: { ...mail.headers, 'X-Entity-Ref-ID': mail.idempotencyKey },
      // Never read files or URLs named in the message: it is text we wrote, but nodemailer could.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return { outcome: 'sent' };
  } catch (error) {
    const {
      responseCode: code,
      command,
      code: kind,
    } = error as {
      responseCode?: number;
      command?: string;
      code?: string;
    };
    const said = `The SMTP server ${code ? `answered ${code}` : 'could not be reached'}: ${describe(error)}`;
    if (kind === 'EAUTH')
      return { outcome: 'wait', error: `SMTP_URL: the server refused the login. ${said}` };
    if (code !== undefined && code >= 500 && command === 'MAIL FROM') {
      return { outcome: 'wait', error: `MAIL_FROM was refused as the sender. ${said}` };
    }
    return { outcome: code !== undefined && code >= 500 ? 'failed' : 'retry', error: said };
  }
}

export async function sendMail(transport: MailTransportSettings, mail: OutgoingMail): Promise<SendOutcome> {
  const checked = safe(mail);
  if (typeof checked === 'string') return { outcome: 'failed', error: checked };
  if (transport.kind === 'resend') return sendWithResend(transport, checked);
  if (transport.kind === 'smtp') return sendWithSmtp(transport.url, checked);
  return { outcome: 'wait', error: transport.reason };
}
