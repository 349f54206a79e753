// What youtube-sync needs from its environment. Secrets are set with `supabase secrets set` (see README.md); hosted
// Supabase provides SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY itself.
import { getEnv } from '../_shared/env.ts';

export const defaultYouTubeApiBaseUrl = 'https://www.googleapis.com/youtube/v3';

export interface SyncSettings {
  youtube: { apiKey: string; channelId: string; baseUrl: string };
  database: { supabaseUrl: string; serviceRoleKey: string };
}

export interface AccessSecrets {
  /** The caller may present the service-role key as its bearer token... */
  serviceRoleKey: string | undefined;
  /** ...or this secret in the x-sync-secret header (for a scheduler that should not hold the service-role key). */
  syncSecret: string | undefined;
}

export function accessSecrets(): AccessSecrets {
  return { serviceRoleKey: getEnv('SUPABASE_SERVICE_ROLE_KEY'), syncSecret: getEnv('YOUTUBE_SYNC_SECRET') };
}

/** The settings, or the names of the variables that are missing. */
export function readSyncSettings(): { settings: SyncSettings } | { missing: string[] } {
  const names = [
    'YOUTUBE_API_KEY',
    'YOUTUBE_CHANNEL_ID',
    'SUPABASE_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
  ] as const;
  const values = Object.fromEntries(names.map((name) => [name, getEnv(name)])) as Record<
    (typeof names)[number],
    string | undefined
  >;
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length > 0) return { missing };
  return {
    settings: {
      youtube: {
        apiKey: values.YOUTUBE_API_KEY!,
        channelId: values.YOUTUBE_CHANNEL_ID!,
        baseUrl: getEnv('YOUTUBE_API_BASE_URL') ?? defaultYouTubeApiBaseUrl,
      },
      database: { supabaseUrl: values.SUPABASE_URL!, serviceRoleKey: values.SUPABASE_SERVICE_ROLE_KEY! },
    },
  };
}
