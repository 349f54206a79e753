// What an activity sent to the account's inbox must pass before Fedify reads it: the request is bounded in size (the
// route's body limit), counted against the sender's address (the socket's, or the header the platform in front
// vouches for: SITE_CLIENT_IP_HEADER), its HTTP signature is checked (the key fetched from the signer's server and
// kept), and then it is counted against the signer's server, which only a valid signature names. Every count is kept
// by the backend (public.take_rate_limits, shared by every instance of the site's server): buckets named by a keyed
// hash of the address, never the address. Nothing is parsed before the signature is good.
import { createHmac } from 'node:crypto';
import { verifyRequest } from '@fedify/fedify/sig';
import { callFunction } from './serviceCalls.mjs';

/** How much the inbox takes, in one place (docs/security.md quotes these). */
export const inboxLimits = {
  /** The largest activity taken (Mastodon's are a few kilobytes). */
  maxBytes: 256 * 1024,
  /** Requests from one address, signed or not. */
  perClient: { max: 300, windowSeconds: 300 },
  /** Activities from one server, once its signature is good. */
  perServer: { max: 600, windowSeconds: 600 },
  /** Everything the inbox takes, from everyone. */
  allClients: { max: 6000, windowSeconds: 600 },
};

/**
 * @param {object} options
 * @param {import('./serviceCalls.mjs').ServiceBackend} options.backend
 * @param {() => import('@fedify/fedify').Context<unknown>} options.context where keys are fetched from (the
 *   federation's document loader: cached, and refusing private addresses in production)
 * @param {typeof inboxLimits} [options.limits]
 */
export function inboxGuard({ backend, context, limits = inboxLimits }) {
  const bucket = (kind, value) =>
    `fediverse-inbox:${kind}:${createHmac('sha256', backend.secretKey).update(value).digest('base64url').slice(0, 32)}`;

  /** @returns {Promise<boolean>} whether every bucket took it */
  async function take(buckets) {
    const refused = await callFunction(backend, 'take_rate_limits', { p_buckets: buckets });
    return refused === null;
  }

  /**
   * Whether the request may go on to Fedify, or the answer that refuses it.
   * @param {Request} request with its whole body
   * @param {string} clientAddress
   * @returns {Promise<{ ok: true } | { ok: false, status: number, reason: string, retryAfter?: number }>}
   */
  return async function check(request, clientAddress) {
    const client = { bucket: bucket('client', clientAddress), weight: 1, ...limits.perClient };
    const everyone = { bucket: 'fediverse-inbox:all', weight: 1, ...limits.allClients };
    if (!(await take([client, everyone])))
      return {
        ok: false,
        status: 429,
        reason: 'too many requests',
        retryAfter: limits.perClient.windowSeconds,
      };
    const ctx = context();
    const key = await verifyRequest(request.clone(), {
      documentLoader: ctx.documentLoader,
      contextLoader: ctx.contextLoader,
    }).catch(() => null);
    if (!key) return { ok: false, status: 401, reason: 'no valid signature' };
    const server = new URL(key.ownerId ?? key.id).host;
    if (!(await take([{ bucket: bucket('server', server), weight: 1, ...limits.perServer }])))
      return {
        ok: false,
        status: 429,
        reason: 'too many activities',
        retryAfter: limits.perServer.windowSeconds,
      };
    return { ok: true };
  };
}
