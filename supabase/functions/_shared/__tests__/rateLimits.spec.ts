// The write limits' figures (rateLimits.ts): a shared bucket that a handful of clients can fill locks everyone out, so
// each is sized for at least MIN_NETWORKS_TO_FILL_SHARED_BUCKET networks writing at their own full rate.
import { MIN_NETWORKS_TO_FILL_SHARED_BUCKET, rateLimits, type Limit } from '../rateLimits.ts';

const perHour = ({ max, windowSeconds }: Limit) => (max * 3600) / windowSeconds;

describe('rateLimits', () => {
  it.each(Object.entries(rateLimits))(
    '%s: the shared bucket takes at least 20 networks at their full rate to fill',
    (_write, limits) => {
      const fastestNetwork = Math.max(perHour(limits.perClient), perHour(limits.perNetwork));
      expect(perHour(limits.allClients) / fastestNetwork).toBeGreaterThanOrEqual(
        MIN_NETWORKS_TO_FILL_SHARED_BUCKET,
      );
    },
  );

  it.each(Object.entries(rateLimits))(
    '%s: an IPv6 /48 may do more than one of its clients, and less than everyone',
    (_write, limits) => {
      expect(perHour(limits.perNetwork)).toBeGreaterThan(perHour(limits.perClient));
      expect(perHour(limits.perNetwork)).toBeLessThan(perHour(limits.allClients));
    },
  );
});
