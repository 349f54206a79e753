import { RetryPlugin } from '@module-federation/retry-plugin';

/** A section's manifest or script that fails to arrive is asked for again, briefly, before the fallback shows. */
export default function retryPlugin() {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 300 },
    script: { retryTimes: 2, retryDelay: 300 },
  });
}
