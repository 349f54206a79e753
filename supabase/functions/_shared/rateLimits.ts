// How fast visitors may write, in one place (docs/security.md quotes these numbers). Each write a
// function accepts is taken from two buckets at once: the caller's own (keyed on the address the platform vouches for,
// see clientAddress.ts) and one for all callers together, which bounds how fast any table can grow whatever the
// number of addresses. Both are taken in one atomic call, or neither is (public.take_rate_limits): a refused write is
// not counted anywhere, so waiting is enough. Hits expire with their window and are purged as calls come, so the
// limits' own storage stays bounded too.
import { clientBucket } from './clientAddress.ts';
import { serviceRequest, type ServiceBackend } from './serviceBackend.ts';

export interface Limit {
  /** Units (messages, subscriptions, events) per window... */
  max: number;
  /** ...of this many seconds. */
  windowSeconds: number;
}

export const rateLimits = {
  /**
   * Attempts to send a contact message, counted before Google is asked about the captcha (each question costs quota):
   * 20 per 10 minutes per client; 300 an hour for everyone.
   */
  contactAttempt: {
    perClient: { max: 20, windowSeconds: 600 },
    allClients: { max: 300, windowSeconds: 3600 },
  },
  /** Contact messages: 5 per 10 minutes per client; 50 an hour for everyone. */
  contact: { perClient: { max: 5, windowSeconds: 600 }, allClients: { max: 50, windowSeconds: 3600 } },
  /** Newsletter subscriptions: 5 an hour per client; 200 an hour for everyone. */
  newsletterSubscribe: {
    perClient: { max: 5, windowSeconds: 3600 },
    allClients: { max: 200, windowSeconds: 3600 },
  },
  /** Analytics events (a batch counts as its events): 300 an hour per client; 10,000 an hour for everyone. */
  analyticsEvents: {
    perClient: { max: 300, windowSeconds: 3600 },
    allClients: { max: 10_000, windowSeconds: 3600 },
  },
} as const satisfies Record<string, { perClient: Limit; allClients: Limit }>;

/** Confirmation mails one address may be sent in a day, whoever asks (public.subscribe_newsletter counts them). */
export const MAX_CONFIRMATION_MAILS_PER_ADDRESS_PER_DAY = 3;

export type LimitedWrite = keyof typeof rateLimits;

/** Takes `weight` units for this caller and for everyone: 'ok', or which limit refused (nothing was counted). */
export async function takeRateLimit(
  backend: ServiceBackend,
  write: LimitedWrite,
  request: Request,
  weight = 1,
): Promise<'ok' | 'client' | 'allClients'> {
  const limits = rateLimits[write];
  const client = `${write}:${await clientBucket(request, backend.rateLimitSalt)}`;
  const everyone = `${write}:all-clients`;
  const response = await serviceRequest(backend, 'rpc/take_rate_limits', {
    p_buckets: [
      { bucket: client, weight, ...limits.perClient },
      { bucket: everyone, weight, ...limits.allClients },
    ],
  });
  const refused = (await response.json()) as string | null;
  if (refused === null) return 'ok';
  return refused === client ? 'client' : 'allClients';
}

/** Retry-After for a refusal: the window of the limit that refused. */
export function retryAfterSeconds(write: LimitedWrite, refusedBy: 'client' | 'allClients'): number {
  return rateLimits[write][refusedBy === 'client' ? 'perClient' : 'allClients'].windowSeconds;
}
