// Where mail goes, who it is from and what signs its links, read from the environment each time mail is sent (a secret
// set with `supabase secrets set` applies without a redeploy). Every setting is read into a value or the reason it
// cannot be used, and a mail that needs a setting it cannot use waits in the outbox with that reason (a settings
// mistake never makes mail fail). Two transports:
//   RESEND_API_KEY     an HTTP email API (Resend), for hosted Supabase, whose functions may not open SMTP ports
//   SMTP_URL           smtp://host:port (smtps:// for TLS; user:password@ for auth; ?ignoreTLS=true for a catcher), for
//                      local development, where `npm start` runs a mail catcher and the stand-in sets this
// With neither, mail is not sent: it waits in the outbox (and says why there) until a transport is configured.
//   MAIL_FROM          the sender, "Alex Morgan <hello@alexmorgan.dev>" or a bare address (a domain with SPF and DKIM)
//   OWNER_EMAIL        where contact messages are sent, in the same forms; never in the browser
//   SITE_URL           the site's address (http or https), for the links in newsletter mails
//   MAIL_LINK_SECRET   signs those links: a key of its own, at least 32 characters (`openssl rand -hex 32`), so that
//                      rotating any other key never breaks a link already sent
//   MAIL_LINK_SECRET_PREVIOUS  the key before the last rotation, still accepted (never used to sign), so the links in
//                      mails already sent keep working while it is set (docs/owner.md, "The link key"); unset, the
//                      project's legacy service-role key, which signed the links before MAIL_LINK_SECRET was required
import { readProjectKeys } from '../apiKeys.ts';
import { getEnv } from '../env.ts';
import { urlWithLocalOverride } from '../loopbackOverride.ts';
import { parseMailbox, type Mailbox } from './mailAddresses.ts';

/** Resend's endpoint (RESEND_API_URL replaces it for the tests only: loopbackOverride.ts). */
export const RESEND_API_URL = 'https://api.resend.com/emails';

/** The shortest link key accepted: 32 characters (128 bits as hex is 32). */
export const MIN_LINK_SECRET_LENGTH = 32;

export type MailTransportSettings =
  | { kind: 'resend'; apiKey: string; apiUrl: string }
  | { kind: 'smtp'; url: string }
  | { kind: 'none'; reason: string };

/** A setting's value, or why it cannot be used (a text that names the setting). */
export type Setting<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The keys links are signed with (current) and accepted with (current, then previous). */
export interface MailLinkKeys {
  current: string;
  previous?: string;
}

export interface MailSettings {
  transport: MailTransportSettings;
  from: Setting<Mailbox>;
  owner: Setting<Mailbox>;
  siteUrl: Setting<string>;
  linkKeys: Setting<MailLinkKeys>;
}

const usable = <T>(value: T): Setting<T> => ({ ok: true, value });
const unusable = <T>(reason: string): Setting<T> => ({ ok: false, reason });

function transport(): MailTransportSettings {
  const apiKey = getEnv('RESEND_API_KEY');
  if (apiKey !== undefined)
    return { kind: 'resend', apiKey, apiUrl: urlWithLocalOverride('RESEND_API_URL', RESEND_API_URL) };
  const url = getEnv('SMTP_URL');
  if (url !== undefined) {
    return /^smtps?:\/\/[^\s]+$/.test(url) && URL.canParse(url)
      ? { kind: 'smtp', url }
      : { kind: 'none', reason: 'SMTP_URL is not an smtp:// or smtps:// address' };
  }
  return { kind: 'none', reason: 'No mail transport: set RESEND_API_KEY (hosted) or SMTP_URL' };
}

function mailbox(name: 'MAIL_FROM' | 'OWNER_EMAIL'): Setting<Mailbox> {
  const text = getEnv(name);
  if (text === undefined) return unusable(`${name} is not set`);
  const parsed = parseMailbox(text);
  return parsed.ok
    ? usable(parsed.mailbox)
    : unusable(`${name} ${parsed.problem}: write "Name <address>" or the bare address`);
}

function siteUrl(): Setting<string> {
  const text = getEnv('SITE_URL')?.trim();
  if (text === undefined || text === '') return unusable('SITE_URL is not set');
  try {
    const url = new URL(text);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '') {
      return usable(url.href.replace(/\/+$/, ''));
    }
  } catch {
    // Below: the same reason for anything that is not a plain http(s) address.
  }
  return unusable('SITE_URL is not the site\'s address (e.g. "https://alexmorgan.dev")');
}

function linkKeys(): Setting<MailLinkKeys> {
  const current = getEnv('MAIL_LINK_SECRET');
  if (current === undefined)
    return unusable('MAIL_LINK_SECRET is not set (the key that signs newsletter links)');
  // Until the owner names one, links were signed with the project's legacy service-role key: it stays accepted (never
  // used to sign) while the project has it, so the links in mails sent before keep working.
  const previous = getEnv('MAIL_LINK_SECRET_PREVIOUS') ?? readProjectKeys().legacy.serviceRoleKey;
  for (const [name, key] of [
    ['MAIL_LINK_SECRET', current],
    ['MAIL_LINK_SECRET_PREVIOUS', previous],
  ] as const) {
    if (key !== undefined && key.length < MIN_LINK_SECRET_LENGTH) {
      return unusable(`${name} is shorter than ${MIN_LINK_SECRET_LENGTH} characters`);
    }
  }
  return usable(previous === undefined ? { current } : { current, previous });
}

export function readMailSettings(): MailSettings {
  return {
    transport: transport(),
    from: mailbox('MAIL_FROM'),
    owner: mailbox('OWNER_EMAIL'),
    siteUrl: siteUrl(),
    linkKeys: linkKeys(),
  };
}
