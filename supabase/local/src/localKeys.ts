// Every key of the local stand-in, in one place: the keys the Supabase CLI prints for `supabase start` (public and well
// known; see supabase/cli pkg/config/apikeys.go), valid only against a local backend. Scripts, tests, the bench and
// the site's local configuration take them from here; a hosted project has its own keys (Dashboard → Project Settings
// → API Keys). No dependencies; never imported by browser code, as it holds the secret keys too.

/** The default port, as `supabase start` uses it. */
export const LOCAL_SUPABASE_PORT = 54321;

/** The default URL of the local stand-in. */
export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_SUPABASE_PORT}`;

/** The publishable key: what the site uses (role anon; row-level security applies). */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

/** The secret key: role service_role, bypasses row-level security, like the owner's dashboard. Never in the browser. */
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

// The legacy pair, which projects created before the publishable and secret keys still have: HS256 JWTs signed with
// the project's JWT secret. The stand-in still accepts them, and runs on them alone when started with
// `apiKeys: 'legacy'` (a test proves such a project keeps working).

/** The legacy HS256 JWT secret that signs the legacy keys. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The legacy anon key (a JWT): what the site carried before the publishable key. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The legacy service-role key (a JWT): bypasses row-level security. Never in the browser. */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
