// The database as the owner sees it from the Supabase dashboard: the secret key of the local stand-in (the Supabase
// CLI's public local key, from supabase/local/src/localKeys.ts). Tests read rows the site wrote and make live edits.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import WebSocket from 'ws';
import { backendUrl } from './site.ts';

const clients = new Map<string, SupabaseClient>();

/**
 * A client with the secret key: bypasses row-level security, as the owner's dashboard does. The suite's backend, or
 * the one at `url` (a spec's own backend).
 */
export function ownerDatabase(url: string = backendUrl): SupabaseClient {
  let client = clients.get(url);
  if (!client) {
    client = createClient(url, LOCAL_SECRET_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    clients.set(url, client);
  }
  return client;
}

/** A value no other test uses, for rows a test creates. */
export function uniqueLabel(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
