// Where the backend is: the runtime configuration every read, write and live update of the site starts from. The site
// never loads supabase-js: reads, writes and edge functions go through restClient, live updates through
// tableChanges, which need only this configuration.
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
