// How fast visitors may write, in one place (docs/security.md quotes these numbers). Each write a function accepts is
// taken from several buckets at once: the caller's own (keyed on the address the platform vouches for, an IPv6 client
// by its /64; see clientAddress.ts), for an IPv6 caller its network's (the /48 around it: one party handed a /48 must
// not count as 65,536 clients), and one for all callers together, which bounds how fast any table can grow whatever
// the number of addresses. They are taken in one atomic call, or none is (public.take_rate_limits): a refused write is
// not counted anywhere, so waiting is enough. Hits expire with their window and are purged as calls come, so the
// limits' own storage stays bounded too.
//
// The shared bucket is sized so that a handful of clients cannot lock everyone out: it takes at least
// MIN_NETWORKS_TO_FILL_SHARED_BUCKET networks, each writing as fast as its own bucket lets it (an IPv6 network at its
// /48's rate), to fill it (a test holds every write to this).
import { clientBuckets } from './clientAddress.ts';
import { serviceRequest, type ServiceBackend } from './serviceBackend.ts';

export interface Limit {
  /** Units (messages, subscriptions, events) per window... */
  max: number;
  /** ...of this many seconds. */
  windowSeconds: number;
}

export interface WriteLimits {
  perClient: Limit;
  /** An IPv6 client's /48 together. */
  perNetwork: Limit;
  allClients: Limit;
}

/** How many networks at their full rate it takes to fill a shared bucket, at least. */
export const MIN_NETWORKS_TO_FILL_SHARED_BUCKET = 20;

export const rateLimits = {
  /**
   * Attempts to send a contact message, counted before Google is asked about the captcha (each question costs quota):
   * 10 per 10 minutes per client, 20 per /48; 2,400 an hour for everyone.
   */
  contactAttempt: {
    perClient: { max: 10, windowSeconds: 600 },
    perNetwork: { max: 20, windowSeconds: 600 },
    allClients: { max: 2400, windowSeconds: 3600 },
  },
  /** Contact messages: 5 an hour per client, 10 per /48; 200 an hour for everyone. */
  contact: {
    perClient: { max: 5, windowSeconds: 3600 },
    perNetwork: { max: 10, windowSeconds: 3600 },
    allClients: { max: 200, windowSeconds: 3600 },
  },
  /** Attempts to subscribe, counted before Google is asked: 10 an hour per client, 20 per /48; 400 for everyone. */
  newsletterSubscribeAttempt: {
    perClient: { max: 10, windowSeconds: 3600 },
    perNetwork: { max: 20, windowSeconds: 3600 },
    allClients: { max: 400, windowSeconds: 3600 },
  },
  /** Newsletter subscriptions: 5 an hour per client, 10 per /48; 200 an hour for everyone. */
  newsletterSubscribe: {
    perClient: { max: 5, windowSeconds: 3600 },
    perNetwork: { max: 10, windowSeconds: 3600 },
    allClients: { max: 200, windowSeconds: 3600 },
  },
  /** Analytics events (a batch counts as its events): 300 an hour per client, 600 per /48; 12,000 for everyone. */
  analyticsEvents: {
    perClient: { max: 300, windowSeconds: 3600 },
    perNetwork: { max: 600, windowSeconds: 3600 },
    allClients: { max: 12_000, windowSeconds: 3600 },
  },
  /**
   * Page views (supabase/functions/page-views): 600 an hour per client (a household or an office behind one address
   * reads many pages), 1,200 per /48; 24,000 an hour for everyone.
   */
  pageViews: {
    perClient: { max: 600, windowSeconds: 3600 },
    perNetwork: { max: 1200, windowSeconds: 3600 },
    allClients: { max: 24_000, windowSeconds: 3600 },
  },
} as const satisfies Record<string, WriteLimits>;

/** Confirmation mails one address may be sent in a day, whoever asks (public.subscribe_newsletter counts them). */
export const MAX_CONFIRMATION_MAILS_PER_ADDRESS_PER_DAY = 3;

export type LimitedWrite = keyof typeof rateLimits;

export type Refusal = 'client' | 'network' | 'allClients';

/** Takes `weight` units for this caller, its network and everyone: 'ok', or which limit refused (nothing counted). */
export async function takeRateLimit(
  backend: ServiceBackend,
  write: LimitedWrite,
  request: Request,
  weight = 1,
): Promise<'ok' | Refusal> {
  const limits: WriteLimits = rateLimits[write];
  const buckets = await clientBuckets(request, backend.rateLimitSalt);
  const client = `${write}:${buckets.client}`;
  const network = buckets.network === undefined ? undefined : `${write}:${buckets.network}`;
  const everyone = `${write}:all-clients`;
  const response = await serviceRequest(backend, 'rpc/take_rate_limits', {
    p_buckets: [
      { bucket: client, weight, ...limits.perClient },
      ...(network === undefined ? [] : [{ bucket: network, weight, ...limits.perNetwork }]),
      { bucket: everyone, weight, ...limits.allClients },
    ],
  });
  const refused = (await response.json()) as string | null;
  if (refused === null) return 'ok';
  return refused === client ? 'client' : refused === network ? 'network' : 'allClients';
}

/** Retry-After for a refusal: the window of the limit that refused. */
export function retryAfterSeconds(write: LimitedWrite, refusedBy: Refusal): number {
  const limits: WriteLimits = rateLimits[write];
  const limit = { client: limits.perClient, network: limits.perNetwork, allClients: limits.allClients }[
    refusedBy
  ];
  return limit.windowSeconds;
}
