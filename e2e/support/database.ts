// The database as the owner sees it from the Supabase dashboard: the service-role key of the local stand-in (the
// Supabase CLI's public demo key; see notes/supabase-wire.md). Tests read rows the site wrote and make live edits.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { backendUrl } from './site.ts';

export const localServiceRoleKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

let client: SupabaseClient | undefined;

/** A client with the service-role key: bypasses row-level security, as the owner's dashboard does. */
export function ownerDatabase(): SupabaseClient {
  client ??= createClient(backendUrl, localServiceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  return client;
}

/** A value no other test uses, for rows a test creates. */
export function uniqueLabel(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
