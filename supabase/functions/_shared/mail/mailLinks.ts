// The links in newsletter mails: to confirm a subscription, and to leave. A link's token names the subscriber and the
// secret stored with them (public.emails: confirm_nonce, single use; unsubscribe_nonce), and is signed (HMAC-SHA-256
// with MAIL_LINK_SECRET, a key of its own), so it cannot be forged or altered; a confirmation link also carries its
// expiry, signed. During a key rotation the previous key is still accepted, never used to sign (mailSettings.ts). The
// database then checks the secret: a used confirmation link names a secret that is gone.
import type { MailLinkKeys } from './mailSettings.ts';

/** The site's pages the links open (its server answers them: shell/server/plugins/newsletterLinks.mjs). */
export const mailLinkPaths = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
} as const;

export type MailLinkPurpose = keyof typeof mailLinkPaths;

export interface MailLink {
  purpose: MailLinkPurpose;
  subscriberId: string;
  nonce: string;
  /** Epoch milliseconds; a confirmation link has one, an unsubscribe link works as long as the subscriber exists. */
  expiresAt?: number;
}

export type ReadMailLink =
  { ok: true; link: MailLink } | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'wrong_purpose' };

/** Far longer than any token this module makes; longer ones are not read at all. */
export const MAX_TOKEN_LENGTH = 512;

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function signingKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function signMailLink(link: MailLink, secret: string): Promise<string> {
  const payload = toBase64Url(
    encoder.encode(
      JSON.stringify({ p: link.purpose, s: link.subscriberId, n: link.nonce, e: link.expiresAt ?? null }),
    ),
  );
  const signature = await crypto.subtle.sign('HMAC', await signingKey(secret), encoder.encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the signature is the payload's under one of the keys (crypto.subtle.verify compares in constant time). */
async function signedWithOneOf(keys: MailLinkKeys, signature: Uint8Array<ArrayBuffer>, payload: string) {
  for (const secret of [keys.current, keys.previous]) {
    if (secret === undefined) continue;
    if (await crypto.subtle.verify('HMAC', await signingKey(secret), signature, encoder.encode(payload)))
      return true;
  }
  return false;
}

export async function readMailLink(
  token: unknown,
  purpose: MailLinkPurpose,
  keys: MailLinkKeys,
  now = Date.now(),
): Promise<ReadMailLink> {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const [payload, signature, ...rest] = token.split('.');
  const signatureBytes = fromBase64Url(signature ?? '');
  if (!payload || !signature || !signatureBytes || rest.length > 0) return { ok: false, reason: 'malformed' };
  // Verified before anything in it is believed.
  if (!(await signedWithOneOf(keys, signatureBytes, payload))) return { ok: false, reason: 'forged' };
  let fields: { p?: unknown; s?: unknown; n?: unknown; e?: unknown };
  try {
    fields = JSON.parse(new TextDecoder().decode(fromBase64Url(payload)));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof fields.s !== 'string' || !uuid.test(fields.s) || typeof fields.n !== 'string') {
    return { ok: false, reason: 'malformed' };
  }
  if (fields.p !== purpose) return { ok: false, reason: 'wrong_purpose' };
  const expiresAt = typeof fields.e === 'number' ? fields.e : undefined;
  if (purpose === 'confirm' && (expiresAt === undefined || expiresAt < now)) {
    return { ok: false, reason: 'expired' };
  }
  return { ok: true, link: { purpose, subscriberId: fields.s, nonce: fields.n, expiresAt } };
}

/** The address of a link's page on the site. */
export function mailLinkUrl(siteUrl: string, purpose: MailLinkPurpose, token: string): string {
  return `${siteUrl}${mailLinkPaths[purpose]}?token=${encodeURIComponent(token)}`;
}
