// Where the backend is: the runtime configuration every read, write and live update of the site starts from. The site
// never loads supabase-js: reads, writes and edge functions go through restClient, live updates through
// tableChanges, which need only this configuration.
import type { SiteBackend } from '@site/shared-ui/backendKey';

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

/** Sets where the backend is; the configuration may still be on its way (the shell reads it at start-up). */
export function configureSupabase(config: SupabaseRuntimeConfig | Promise<SupabaseRuntimeConfig>): void {
  configured = Promise.resolve(config).then((value) => (resolvedConfig = value));
}

/** Where the backend is, once the runtime configuration has arrived. */
export function supabaseConfig(): Promise<SupabaseRuntimeConfig> {
  return configured;
}

/** The configuration in force (the local stand-in's until the runtime configuration has arrived). */
export function getSupabaseConfig(): SupabaseRuntimeConfig {
  return resolvedConfig;
}
