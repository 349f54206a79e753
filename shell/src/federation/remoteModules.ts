// Section modules arrive through Module Federation. Where each section lives is runtime configuration
// (/remotes.json, name -> mf-manifest.json URL), so a section team redeploys without rebuilding the shell.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { supabaseConfig } from '@site/shared-ui/supabaseClient';
import { carryManifests } from './carriedManifests.ts';
import { embeddedRuntimeConfig } from './runtimeConfig.ts';
import type { RemoteComponentModule, RemoteModuleLoader } from './remoteModuleTypes.ts';

let remotesRegistered: Promise<void> | undefined;

export function registerRemotesFromConfig(configUrl = '/remotes.json'): Promise<void> {
  const inPage = embeddedRuntimeConfig();
  if (inPage.remotes && !remotesRegistered) {
    carryManifests(inPage.manifests ?? {});
    registerRemotes(Object.entries(inPage.remotes).map(([name, entry]) => ({ name, entry })));
    remotesRegistered = Promise.resolve();
  }
  // Served with Cache-Control: no-cache, so it is always fresh.
  remotesRegistered ??= fetch(configUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${configUrl} answered ${response.status}`);
      const manifests = (await response.json()) as Record<string, string>;
      registerRemotes(Object.entries(manifests).map(([name, entry]) => ({ name, entry })));
    })
    .catch((error: unknown) => {
      // Let the next attempt ("Try again" in a section's fallback) fetch the configuration afresh.
      remotesRegistered = undefined;
      throw error;
    });
  return remotesRegistered;
}

export const loadRemoteModule: RemoteModuleLoader = async (id) => {
  // A section renders only once the backend is known: its pictures' addresses (Storage) come from it.
  await Promise.all([registerRemotesFromConfig(), supabaseConfig()]);
  const module = await loadRemote<RemoteComponentModule>(id);
  if (typeof module?.default !== 'function' && typeof module?.default !== 'object') {
    throw new Error(`${id} does not export a component`);
  }
  return module;
};
