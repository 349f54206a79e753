// Stores a sync's videos through public.sync_channel_videos_guarded with the service role: one call, one
// transaction, so the table holds either the previous videos or the new ones, never half of each; and never more than
// MAX_REMOVED_SHARE of the shown videos marked removed in one run unless the owner allows it.

/** At most this share of the videos shown today may be marked removed by one sync. */
export const MAX_REMOVED_SHARE = 0.2;
import { apiKeyHeaders } from '../_shared/apiKeys.ts';
import type { ServiceBackend } from '../_shared/serviceBackend.ts';
import type { ChannelVideo } from './channelVideos.ts';

export interface StoreReport {
  received: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/** The sync would mark more videos removed than one run may (the database refused; nothing changed). */
export class RemovalRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemovalRefused';
  }
}

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

export async function storeChannelVideos(
  database: Pick<ServiceBackend, 'supabaseUrl' | 'secretKey'>,
  videos: readonly ChannelVideo[],
  { allowLargeRemoval = false }: { allowLargeRemoval?: boolean } = {},
): Promise<StoreReport> {
  let response: Response;
  try {
    response = await fetch(
      `${database.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/sync_channel_videos_guarded`,
      {
        method: 'POST',
        headers: {
          ...apiKeyHeaders(database.secretKey),
          'content-type': 'application/json',
          'content-profile': 'public',
          accept: 'application/json',
        },
        body: JSON.stringify({
          channel_videos: videos,
          max_removed_share: allowLargeRemoval ? 1 : MAX_REMOVED_SHARE,
        }),
        signal: AbortSignal.timeout(30_000),
      },
    );
  } catch (error) {
    throw new StoreError(
      `the database could not be reached: ${error instanceof Error ? error.message : error}`,
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
    if (code === 'YT409')
      throw new RemovalRefused(typeof message === 'string' ? message : 'too many removals');
    throw new StoreError(
      `the database refused the videos (HTTP ${response.status})${typeof message === 'string' ? `: ${message}` : ''}`,
    );
  }
  const report = body as Partial<StoreReport> | undefined;
  const fields = ['received', 'inserted', 'updated', 'unchanged', 'removed'] as const;
  if (!report || fields.some((field) => typeof report[field] !== 'number')) {
    throw new StoreError('the database answered without a sync report');
  }
  return report as StoreReport;
}
