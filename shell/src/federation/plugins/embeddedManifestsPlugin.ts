import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { embeddedRuntimeConfig } from '../runtimeConfig.ts';

/**
 * A section manifest the page carries (its first screen's: see federation/runtimeConfig.ts) is taken from the page, not
 * fetched: no round trip stands between hydration and the section's code. Any other is fetched as usual.
 */
export default function embeddedManifestsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'embedded-manifests-plugin',
    fetch(url) {
      const manifests = embeddedRuntimeConfig().manifests ?? {};
      const manifest = Object.hasOwn(manifests, url) ? manifests[url] : undefined;
      if (manifest === undefined) return undefined;
      return Promise.resolve(
        new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/json' } }),
      );
    },
  };
}
