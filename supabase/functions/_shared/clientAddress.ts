// Who is calling, for the rate limits: the address the platform vouches for, never one the client writes itself. A
// client can send any X-Forwarded-For it likes; only the entries that trusted proxies appended, counted from the
// right, are facts. So the source is configuration, not a guess:
//   CLIENT_IP_HEADER        the header the gateway in front of the function sets (e.g. x-forwarded-for)
//   CLIENT_IP_TRUSTED_HOPS  for a list header: the entry this many places from the right is the client (default 1:
//                           the last entry, appended by the proxy the function sees)
// Unconfigured, every caller shares one bucket (the limits still hold, for everyone together) and the function says
// so in its log. The address itself is never stored: a keyed hash of it names the caller's bucket.
// An IPv6 client is its /64: one subscriber line is handed a whole /64, so counting each of its addresses apart would
// give one client 2^64 buckets. Its network, the /48 around it, is limited too: a site or a rented server is usually
// handed a whole /48, so one party could otherwise spread over 65,536 /64s.
import ipaddr from 'ipaddr.js';
import { getEnv } from './env.ts';

export type ClientAddress =
  { trusted: true; address: string; network?: string } | { trusted: false; reason: string };

/** The caller's address from the configured header, or why there is none. */
export function trustedClientAddress(request: Request): ClientAddress {
  const header = getEnv('CLIENT_IP_HEADER')?.toLowerCase();
  if (header === undefined) return { trusted: false, reason: 'CLIENT_IP_HEADER is not set' };
  const hops = Number(getEnv('CLIENT_IP_TRUSTED_HOPS') ?? '1');
  if (!Number.isInteger(hops) || hops < 1) {
    return { trusted: false, reason: 'CLIENT_IP_TRUSTED_HOPS must be a whole number of 1 or more' };
  }
  const entries = (request.headers.get(header) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = entries[entries.length - hops];
  const client = address === undefined || address.length > 64 ? undefined : clientKey(address);
  if (address === undefined || client === undefined) {
    return { trusted: false, reason: `the request has no usable ${header} (${entries.length} entries)` };
  }
  const network = clientNetworkKey(address);
  return network === undefined
    ? { trusted: true, address: client }
    : { trusted: true, address: client, network };
}

/**
 * What one client is, from its address: an IPv4 address as it is (an IPv4-mapped IPv6 address too), an IPv6 address as
 * its /64 network; undefined for anything that is not an address.
 */
export function clientKey(address: string): string | undefined {
  const bare = address.replace(/^\[|\](:\d+)?$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return undefined;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/64`);
  return `${network.toString()}/64`;
}

/** The /48 of an IPv6 client (not an IPv4-mapped one); undefined for IPv4 and anything that is not an address. */
export function clientNetworkKey(address: string): string | undefined {
  const bare = address.replace(/^\[|\](:\d+)?$/g, '').replace(/%.*$/, '');
  if (!ipaddr.IPv6.isValid(bare)) return undefined;
  const v6 = ipaddr.IPv6.parse(bare);
  if (v6.isIPv4MappedAddress()) return undefined;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/48`).toString()}/48`;
}

let warned = false;

/**
 * The names of the caller's rate-limit buckets: a keyed hash (HMAC-SHA-256) of the trusted address, which cannot be
 * turned back into an address without the salt, and of its IPv6 network; one shared name when no address can be
 * trusted.
 */
export async function clientBuckets(
  request: Request,
  salt: string,
): Promise<{ client: string; network?: string }> {
  const client = trustedClientAddress(request);
  if (!client.trusted) {
    if (!warned) {
      warned = true;
      console.warn(`[rate limit] ${client.reason}: every caller shares one bucket. See supabase/README.md.`);
    }
    return { client: 'client:unidentified' };
  }
  const hashed = `client:${await keyedHash(client.address, salt)}`;
  if (client.network === undefined) return { client: hashed };
  return { client: hashed, network: `network:${await keyedHash(client.network, salt)}` };
}

export async function keyedHash(text: string, salt: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(text));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
