// The Supabase CLI's well-known local demo credentials (public; see shared notes/supabase-wire.md). They sign tokens
// for the local stand-in only; a hosted project has its own keys. Safe to import from anywhere: no dependencies.

/** The default port, as `supabase start` uses it. */
export const LOCAL_SUPABASE_PORT = 54321;

/** The default URL of the local stand-in. */
export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_SUPABASE_PORT}`;

/** HS256 secret that signs the demo keys. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The anon (public) key: what the site uses. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The service-role key: bypasses row-level security, like the owner's dashboard. Never in the browser. */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
