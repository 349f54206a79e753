// Where mail goes and who it is from, read from the environment each time mail is sent (a secret set with
// `supabase secrets set` applies without a redeploy). Two transports:
//   RESEND_API_KEY   an HTTP email API (Resend), for hosted Supabase, whose functions may not open SMTP ports
//   SMTP_URL         smtp://host:port (smtps:// for TLS; user:password@ for auth; ?ignoreTLS=true for a catcher), for
//                    local development, where `npm start` runs a mail catcher and the stand-in sets this
// With neither, mail is not sent: it waits in the outbox (and says why there) until a transport is configured.
//   MAIL_FROM        the sender, e.g. "Alex Morgan <hello@alexmorgan.dev>" (a domain with SPF and DKIM set up)
//   OWNER_EMAIL      where contact messages are sent; never in the browser
//   SITE_URL         the site's address, for the links in newsletter mails
//   MAIL_LINK_SECRET signs those links (default: the legacy service-role key where the project still has it, so the
//                    links of mails already sent keep working; else its secret key)
import { readProjectKeys, requireSecretKey } from '../apiKeys.ts';
import { getEnv } from '../env.ts';

/** Resend's endpoint; RESEND_API_URL replaces it for tests of the transport against a stand-in at the edge. */
export const RESEND_API_URL = 'https://api.resend.com/emails';

export type MailTransportSettings =
  | { kind: 'resend'; apiKey: string; apiUrl: string }
  | { kind: 'smtp'; url: string }
  | { kind: 'none'; reason: string };

export interface MailSettings {
  transport: MailTransportSettings;
  from: string | undefined;
  ownerAddress: string | undefined;
  siteUrl: string | undefined;
  linkSecret: string;
}

function transport(): MailTransportSettings {
  const apiKey = getEnv('RESEND_API_KEY');
  if (apiKey !== undefined) {
    return { kind: 'resend', apiKey, apiUrl: getEnv('RESEND_API_URL') ?? RESEND_API_URL };
  }
  const url = getEnv('SMTP_URL');
  if (url !== undefined) return { kind: 'smtp', url };
  return { kind: 'none', reason: 'no mail transport: set RESEND_API_KEY (hosted) or SMTP_URL' };
}

function linkSecretFallback(): string {
  const keys = readProjectKeys();
  return keys.legacy.serviceRoleKey ?? requireSecretKey(keys);
}

export function readMailSettings(): MailSettings {
  return {
    transport: transport(),
    from: getEnv('MAIL_FROM'),
    ownerAddress: getEnv('OWNER_EMAIL'),
    siteUrl: getEnv('SITE_URL')?.replace(/\/+$/, ''),
    linkSecret: getEnv('MAIL_LINK_SECRET') ?? linkSecretFallback(),
  };
}
