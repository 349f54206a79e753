// Who is asking, for the site's server's per-client limits (renderLimits.mjs): the address the platform vouches for,
// never one the client writes itself. Unconfigured, that is the socket's address: the server answers visitors
// directly. Behind a proxy or a CDN, every request comes from the proxy, so the operator names the header the proxy
// sets, as the edge functions are told (supabase/functions/_shared/clientAddress.ts, CLIENT_IP_HEADER):
//   SITE_CLIENT_IP_HEADER        the header the proxy in front of the server sets (e.g. x-forwarded-for)
//   SITE_CLIENT_IP_TRUSTED_HOPS  for a list header: the entry this many places from the right is the client (default
//                                1: the last entry, appended by the proxy the server sees)
// A client can send any X-Forwarded-For it likes; only the entries trusted proxies appended, counted from the right,
// are facts. A request whose configured header is missing or holds no address is one unidentified client (they share
// one allowance). An IPv6 client is its /64, as for the functions: one line is handed a whole /64.
import ipaddr from 'ipaddr.js';

/** Requests whose client cannot be told: one client for the limits. */
export const unidentifiedClient = 'unidentified';

/** What one client is, from an address: IPv4 as it is (an IPv4-mapped IPv6 one too), IPv6 as its /64. */
export function clientOf(address) {
  const bare = String(address ?? '')
    .trim()
    .replace(/^\[|\](:\d+)?$/g, '')
    .replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return undefined;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/**
 * How a request's client is read, from the server's configuration.
 * @param {{ header?: string, trustedHops?: number }} [options] the header a trusted proxy sets (none: the socket's
 *   address), and how many entries from its right the client is
 * @returns {(request: import('fastify').FastifyRequest) => string}
 */
export function clientAddressOf({ header, trustedHops = 1 } = {}) {
  if (!Number.isInteger(trustedHops) || trustedHops < 1)
    throw new Error('SITE_CLIENT_IP_TRUSTED_HOPS must be a whole number of 1 or more');
  const name = header?.trim().toLowerCase();
  if (!name) return (request) => clientOf(request.socket.remoteAddress) ?? unidentifiedClient;
  return (request) => {
    const value = request.headers[name];
    const entries = (Array.isArray(value) ? value.join(',') : (value ?? ''))
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = entries[entries.length - trustedHops];
    return (entry !== undefined && entry.length <= 64 && clientOf(entry)) || unidentifiedClient;
  };
}

/** The server's configuration of it, from its environment (undefined hops: 1). */
export function clientAddressFromEnv(env = process.env) {
  const hops = env.SITE_CLIENT_IP_TRUSTED_HOPS;
  return {
    header: env.SITE_CLIENT_IP_HEADER || undefined,
    trustedHops: hops === undefined || hops === '' ? 1 : Number(hops),
  };
}
