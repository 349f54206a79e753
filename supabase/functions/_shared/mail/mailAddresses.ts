// Addresses in mail: a mailbox is an address and an optional display name. Settings such as MAIL_FROM and OWNER_EMAIL
// are read the way people write them ("Alex Morgan <hello@alexmorgan.dev>", a bare address, a trailing newline from a
// copy and paste) with nodemailer's address parser, and must name exactly one plain address. Addresses never reach a
// log or an outbox row's last_error: redactAddresses takes them out of any text that may carry one.
import addressparser from 'nodemailer/lib/addressparser';
import { displayName, hasLineBreak } from './mailHeaders.ts';

export interface Mailbox {
  address: string;
  /** '' when there is none. */
  name: string;
}

const plainAddress = /^[^\s<>()"',;:\\@[\]]+@[^\s<>()"',;:\\@[\]]+$/;

/** An address that is one plain address, nothing around it (no name, no second address, no line break). */
export function isPlainAddress(address: string): boolean {
  return address.length <= 254 && plainAddress.test(address);
}

export type ParsedMailbox = { ok: true; mailbox: Mailbox } | { ok: false; problem: string };

/** One mailbox, as written in a setting: `Name <address>` or `address`, whitespace around it allowed. */
export function parseMailbox(text: string): ParsedMailbox {
  const trimmed = text.trim();
  if (hasLineBreak(trimmed)) return { ok: false, problem: 'has a line break inside' };
  const parsed = addressparser(trimmed);
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (only === undefined || only.group !== undefined)
    return { ok: false, problem: 'is not exactly one address' };
  if (!isPlainAddress(only.address)) return { ok: false, problem: 'is not an address (name@domain)' };
  return { ok: true, mailbox: { address: only.address, name: displayName(only.name) } };
}

/** The mailbox as one header value: `"Name" <address>`, or the bare address. */
export function formatMailbox({ address, name }: Mailbox): string {
  return name === '' ? address : `${JSON.stringify(name)} <${address}>`;
}

const anyAddress = /[^\s<>()"',;:\\[\]@]+@[^\s<>()"',;:\\[\]@]+/g;

/** The text with every address in it replaced by `<address>` (for logs and last_error). */
export function redactAddresses(text: string): string {
  return text.replace(anyAddress, '<address>');
}
