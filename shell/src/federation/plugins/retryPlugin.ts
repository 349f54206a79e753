import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { carriedManifest } from '../carriedManifests.ts';

/**
 * A section manifest the page carries is taken from the page (no request stands between hydration and the section's
 * code); any other manifest or script that fails to arrive is asked for again, briefly, before the fallback shows.
 * One plugin for both: the runtime calls every plugin's fetch, so a second one would fetch what the page carries.
 */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  const retry = RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 300 },
    script: { retryTimes: 2, retryDelay: 300 },
  });
  return {
    ...retry,
    fetch(url, options) {
      const manifest = carriedManifest(url);
      if (manifest !== undefined) {
        return Promise.resolve(
          new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/json' } }),
        );
      }
      return retry.fetch?.(url, options);
    },
  };
}
