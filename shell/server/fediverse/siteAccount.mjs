// The fediverse account in the site's server: the routes (../plugins/fediverse.mjs), the queue's worker and the
// publisher of new posts, started together and stopped together. It runs in the site's server because the account
// lives on the site's own host (WebFinger and the pages that answer ActivityStreams are the site's addresses) and its
// deliveries need a long-lived worker that a restart does not lose (the queue is in the database, so any number of
// instances share it). It needs the backend's secret key, which only the server holds: without one it is off, and
// says so (docs/hosting.md).
import { fediverse } from '../plugins/fediverse.mjs';
import { postPublisher } from './postPublisher.mjs';
import { createSiteFederation } from './siteFederation.mjs';

/**
 * @typedef {object} FediverseOptions
 * @property {string} [secretKey] the backend's secret key (none: the account is off; the site's server says so)
 * @property {string} [origin] the site's origin, which the account lives on (default: the owner's site address)
 * @property {boolean} [allowPrivateAddress] local tests only: remote servers on loopback or private addresses
 * @property {(request: import('fastify').FastifyRequest) => string} [clientOf] who is asking, as the platform in front
 *   vouches (the site server's, clientAddress.mjs; default: the socket's address)
 * @property {typeof import('./siteFederation.mjs').deliveryPolicy} [policy]
 * @property {ConstructorParameters<typeof import('./backendMessageQueue.mjs').BackendMessageQueue>[1]} [queue]
 * @property {number} [pollIntervalMs] how often new posts are looked for
 * @property {typeof import('./inboxGuard.mjs').inboxLimits} [limits] what the inbox takes
 */

/**
 * @param {FediverseOptions & { backendUrl: string, content: object, defaultOrigin: string, log?: (line: string) => void }} options
 * @returns {{ plugin: import('fastify').FastifyPluginAsync, close: () => Promise<void> }}
 */
export function startSiteAccount({
  secretKey,
  origin,
  defaultOrigin,
  backendUrl,
  content,
  allowPrivateAddress = false,
  clientOf,
  policy,
  queue,
  pollIntervalMs,
  limits,
  log = (line) => console.log(`[fediverse] ${line}`),
}) {
  const accountOrigin = new URL(origin ?? defaultOrigin).origin;
  const backend = { url: backendUrl, secretKey };
  const site = createSiteFederation({
    backend,
    origin: accountOrigin,
    backendUrl,
    content,
    allowPrivateAddress,
    policy,
    queue,
    log,
  });
  const stop = new AbortController();
  const working = Promise.all([
    site.startQueue(stop.signal),
    postPublisher({ site, backend, pollIntervalMs, log }).run(stop.signal),
  ]).catch((error) => log(`stopped: ${error instanceof Error ? error.stack : error}`));
  log(`@${site.profile.handle}@${new URL(accountOrigin).host} is on`);
  return {
    plugin: fediverse({ site, backend, origin: accountOrigin, clientOf, limits }),
    close: async () => {
      stop.abort();
      await working;
    },
  };
}
