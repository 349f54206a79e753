// What youtube-sync needs from its environment. Secrets are set with `supabase secrets set` (see README.md); hosted
// Supabase provides SUPABASE_URL and the project's keys itself (read by _shared/apiKeys.ts).
import { readProjectKeys } from '../_shared/apiKeys.ts';
import { getEnv } from '../_shared/env.ts';
import type { ServiceBackend } from '../_shared/serviceBackend.ts';

export const defaultYouTubeApiBaseUrl = 'https://www.googleapis.com/youtube/v3';

export interface SyncSettings {
  youtube: { apiKey: string; channelId: string; baseUrl: string };
  database: Pick<ServiceBackend, 'supabaseUrl' | 'secretKey'>;
}

/** Besides a secret key of the project, a caller may present this secret in the x-sync-secret header. */
export function syncSecret(): string | undefined {
  return getEnv('YOUTUBE_SYNC_SECRET');
}

/** The settings, or the names of the variables that are missing. */
export function readSyncSettings(): { settings: SyncSettings } | { missing: string[] } {
  const names = ['YOUTUBE_API_KEY', 'YOUTUBE_CHANNEL_ID', 'SUPABASE_URL'] as const;
  const values = Object.fromEntries(names.map((name) => [name, getEnv(name)])) as Record<
    (typeof names)[number],
    string | undefined
  >;
  const [secretKey] = readProjectKeys().secret;
  const missing: string[] = names.filter((name) => values[name] === undefined);
  if (secretKey === undefined) missing.push('SUPABASE_SECRET_KEYS');
  if (missing.length > 0 || secretKey === undefined) return { missing };
  return {
    settings: {
      youtube: {
        apiKey: values.YOUTUBE_API_KEY!,
        channelId: values.YOUTUBE_CHANNEL_ID!,
        baseUrl: getEnv('YOUTUBE_API_BASE_URL') ?? defaultYouTubeApiBaseUrl,
      },
      database: { supabaseUrl: values.SUPABASE_URL!, secretKey },
    },
  };
}
