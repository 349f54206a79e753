// Where the backend is (runtime configuration), and the page's one supabase-js client for a section that needs one.
// The site itself never loads supabase-js: reads, writes and edge functions go through restClient, live updates
// through tableChanges, which need only the configuration. getSupabase stays for sections built against it (it is
// part of a kit singleton); supabase-js is imported on its first call only.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { SiteBackend } from '@site/shared-ui/backendKey';
import { fetchWithLoadingBar } from '@site/shared-ui/fetchWithLoadingBar';

/** Where the backend is and the site's publishable key (site-config.json's "supabase", read by siteBackend). */
export type SupabaseRuntimeConfig = SiteBackend;

/**
 * The local stand-in backend with the Supabase CLI's public local publishable key (its owner is
 * supabase/local/src/localKeys.ts, which the browser must not import: it holds the secret keys too; a test there
 * checks that this copy and shell/public/site-config.json carry the same key).
 */
export const localSupabaseConfig: SupabaseRuntimeConfig = {
  url: 'http://127.0.0.1:54321',
  publishableKey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
};

let configured: Promise<SupabaseRuntimeConfig> = Promise.resolve(localSupabaseConfig);
let resolvedConfig: SupabaseRuntimeConfig = localSupabaseConfig;
let client: Promise<SupabaseClient> | undefined;

/** Sets where the backend is; the configuration may still be on its way (the shell reads it at start-up). */
export function configureSupabase(config: SupabaseRuntimeConfig | Promise<SupabaseRuntimeConfig>): void {
  if (client) throw new Error('configureSupabase must run before the first getSupabase call');
  configured = Promise.resolve(config).then((value) => (resolvedConfig = value));
}

/** Where the backend is, once the runtime configuration has arrived. */
export function supabaseConfig(): Promise<SupabaseRuntimeConfig> {
  return configured;
}

/** The configuration in force; final once getSupabase has resolved. */
export function getSupabaseConfig(): SupabaseRuntimeConfig {
  return resolvedConfig;
}

export function getSupabase(): Promise<SupabaseClient> {
  client ??= configured.then(async (config) => {
    const { createClient } = await import('@supabase/supabase-js');
    return createClient(config.url, config.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchWithLoadingBar },
    });
  });
  return client;
}
