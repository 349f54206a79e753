// How fast visitors may write, in one place (the README's Security section quotes these numbers). Each write a
// function accepts is first taken from two buckets: the caller's own (keyed on the address the platform vouches for,
// see clientAddress.ts) and one for all callers together, which bounds how fast any table can grow whatever the
// number of addresses. A refused write is not counted, so waiting is enough. The counting is atomic SQL
// (public.take_rate_limit, migration 20261124090000).
import { clientBucket } from './clientAddress.ts';
import { serviceRequest, type ServiceBackend } from './serviceBackend.ts';

export interface Limit {
  /** Units (messages, subscriptions, events) per window... */
  max: number;
  /** ...of this many seconds. */
  windowSeconds: number;
}

export const rateLimits = {
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

export type LimitedWrite = keyof typeof rateLimits;

async function take(backend: ServiceBackend, bucket: string, weight: number, limit: Limit): Promise<boolean> {
  const response = await serviceRequest(backend, 'rpc/take_rate_limit', {
    p_bucket: bucket,
    p_weight: weight,
    p_max: limit.max,
    p_window_seconds: limit.windowSeconds,
  });
  return (await response.json()) === true;
}

/** Takes `weight` units for this caller and for everyone: 'ok', or which limit refused (nothing more is counted). */
export async function takeRateLimit(
  backend: ServiceBackend,
  write: LimitedWrite,
  request: Request,
  weight = 1,
): Promise<'ok' | 'client' | 'allClients'> {
  const limits = rateLimits[write];
  const client = await clientBucket(request, backend.rateLimitSalt);
  if (!(await take(backend, `${write}:${client}`, weight, limits.perClient))) return 'client';
  if (!(await take(backend, `${write}:all-clients`, weight, limits.allClients))) return 'allClients';
  return 'ok';
}

/** Retry-After for a refusal: the window of the limit that refused. */
export function retryAfterSeconds(write: LimitedWrite, refusedBy: 'client' | 'allClients'): number {
  return rateLimits[write][refusedBy === 'client' ? 'perClient' : 'allClients'].windowSeconds;
}
