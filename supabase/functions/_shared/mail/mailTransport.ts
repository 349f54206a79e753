// Sends one mail through the configured transport (mailSettings.ts) and says what to do next: it was sent; try again
// later (the transport is down, slow, or refuses for now); or give up (refused for good, such as an address that does
// not exist). Header values are made safe here, whatever their origin, so nothing a visitor typed can add a header.
import type { MailTransportSettings } from './mailSettings.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); names and values are ours, never a visitor's. */
  headers?: Record<string, string>;
  /** The same for every attempt at this mail, so an API that saw an earlier attempt succeed does not send it twice. */
  idempotencyKey: string;
}

export type SendOutcome = { outcome: 'sent' } | { outcome: 'retry' | 'failed'; error: string };

/** How long one attempt may take, in every step (connecting, the greeting, each answer). */
export const SEND_TIMEOUT_MS = 10_000;

/** The longest header text we write (a subject, a name): longer is cut. */
export const MAX_HEADER_TEXT = 200;

/**
 * Text that can stand in a header: no line breaks or other control characters (each becomes a space), no encoded-word
 * opener (`=?`, which a mail program would decode into other text), single spaces, at most MAX_HEADER_TEXT characters.
 */
export function headerText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/=\?/g, '= ?')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_HEADER_TEXT)
  );
}

const plainAddress = /^[^\s<>()"',;:\\@[\]]+@[^\s<>()"',;:\\@[\]]+$/;

/** An address that is one plain address, nothing around it (no name, no second address, no line break). */
export function isPlainAddress(address: string): boolean {
  return address.length <= 254 && plainAddress.test(address);
}

function safe(mail: OutgoingMail): OutgoingMail | string {
  for (const address of [mail.to, mail.replyTo?.address].filter((value) => value !== undefined)) {
    if (!isPlainAddress(address)) return 'an address is not a plain address';
  }
  return {
    ...mail,
    subject: headerText(mail.subject),
    replyTo: mail.replyTo && { name: headerText(mail.replyTo.name), address: mail.replyTo.address },
  };
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
        from: mail.from,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo && { reply_to: `${JSON.stringify(mail.replyTo.name)} <${mail.replyTo.address}>` }),
        ...(mail.headers && { headers: mail.headers }),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: 'retry', error: `the mail API could not be reached: ${describe(error)}` };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { outcome: 'sent' };
  }
  const detail = (await response.text().catch(() => '')).slice(0, 300);
  const error = `the mail API answered ${response.status}: ${detail}`;
  // A bad key or a sender domain not yet verified is the owner's to fix, and the mail should wait for it; a mail the
  // API refuses as it is (an address it will not take) never goes.
  const forGood =
    response.status >= 400 && response.status < 500 && ![401, 403, 408, 409, 429].includes(response.status);
  return { outcome: forGood ? 'failed' : 'retry', error };
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
    const code = (error as { responseCode?: number }).responseCode;
    const error_ = `the SMTP server ${code ? `answered ${code}` : 'could not be reached'}: ${describe(error)}`;
    return { outcome: code !== undefined && code >= 500 ? 'failed' : 'retry', error: error_ };
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}

export async function sendMail(transport: MailTransportSettings, mail: OutgoingMail): Promise<SendOutcome> {
  const checked = safe(mail);
  if (typeof checked === 'string') return { outcome: 'failed', error: checked };
  if (transport.kind === 'resend') return sendWithResend(transport, checked);
  if (transport.kind === 'smtp') return sendWithSmtp(transport.url, checked);
  return { outcome: 'retry', error: transport.reason };
}
