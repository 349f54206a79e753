// Previews: a section version that is uploaded but not live (tools/deploy/releases.mjs) composed into the real site for
// the person who asks, and nobody else. The link carries a token signed with the site's SITE_PREVIEW_SECRET (HMAC-SHA256)
// naming one section, one version and an expiry; opening it sets an HttpOnly cookie, and from then on that browser gets
// a /remotes.json in which that section points at the version's folder beside the live one. Nothing in a request can
// name a script origin: a version is 16 hexadecimal digits, resolved next to the live version on the same host. Without
// a secret there are no previews (fail closed). Pages previewed render in the browser and are never cached.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const previewCookie = 'site_preview';
/** How long a preview link and its cookie last by default. */
export const previewLifetimeMs = 24 * 60 * 60 * 1000;
/**
 * The longest a preview link is ever valid, enforced when it is read: a token is refused while its expiry is further
 * away than this (whatever it was signed for), so no token lives longer.
 */
export const previewMaxLifetimeMs = 72 * 60 * 60 * 1000;

const versionPattern = /^[0-9a-f]{16}$/;
const sectionPattern = /^[a-z]{1,32}$/;

const signature = (payload, secret) => createHmac('sha256', secret).update(payload).digest('base64url');

/** A token for the preview of one section version, valid until `expiresAt` (ms since the epoch). */
export function signPreview({ section, version, expiresAt }, secret) {
  if (!secret) throw new Error('Previews need SITE_PREVIEW_SECRET.');
  if (!sectionPattern.test(section) || !versionPattern.test(version))
    throw new Error('Not a section version.');
  if (expiresAt - Date.now() > previewMaxLifetimeMs)
    throw new Error(`A preview link lasts at most ${previewMaxLifetimeMs / 3_600_000} hours.`);
  const payload = Buffer.from(JSON.stringify({ section, version, expiresAt })).toString('base64url');
  return `${payload}.${signature(payload, secret)}`;
}

/** The preview a token grants now, or undefined (no secret, a forged or altered token, an expired one). */
export function readPreview(token, secret, now = Date.now()) {
  if (!secret || typeof token !== 'string' || token.length > 512) return undefined;
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) return undefined;
  const expected = Buffer.from(signature(payload, secret));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { section, version, expiresAt } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!sectionPattern.test(section) || !versionPattern.test(version)) return undefined;
    if (typeof expiresAt !== 'number' || expiresAt <= now || expiresAt - now > previewMaxLifetimeMs)
      return undefined;
    return { section, version, expiresAt };
  } catch {
    return undefined;
  }
}

/**
 * The remotes a previewer gets: the live ones, with the previewed section pointing at its version's folder beside the
 * live version. Undefined when the section's live entry is not a versioned folder (nothing to preview beside).
 */
export function previewRemotes(liveRemotes, { section, version }) {
  const live = Object.hasOwn(liveRemotes, section) ? liveRemotes[section] : undefined;
  if (!live || !new URL(live).pathname.match(/\/[0-9a-f]{16}\/mf-manifest\.json$/)) return undefined;
  return { ...liveRemotes, [section]: new URL(`../${version}/mf-manifest.json`, live).href };
}

/** The preview cookie's value from a Cookie header. */
export function previewToken(cookieHeader) {
  for (const part of String(cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === previewCookie) return value.join('=');
  }
  return undefined;
}
