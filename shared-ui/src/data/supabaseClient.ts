// Where the backend is (runtime configuration), and the page's one supabase-js client for a section that needs one.
// The site itself never loads supabase-js: reads, writes and edge functions go through restClient, live updates
// through tableChanges, which need only the configuration. getSupabase stays for sections built against it (it is
// part of a kit singleton); supabase-js is imported on its first call only.
import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchWithLoadingBar } from '@site/shared-ui/fetchWithLoadingBar';

export interface SupabaseRuntimeConfig {
  url: string;
  anonKey: string;
}

/** The local stand-in backend with the Supabase CLI's public demo anon key (see supabase/README.md). */
export const localSupabaseConfig: SupabaseRuntimeConfig = {
  url: 'http://127.0.0.1:54321',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
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
    return createClient(config.url, config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchWithLoadingBar },
    });
  });
  return client;
}
