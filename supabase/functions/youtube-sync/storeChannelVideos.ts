// Stores a sync's videos through public.sync_channel_videos with the service role: one call, one transaction, so
// the table holds either the previous videos or the new ones, never half of each.
import type { ChannelVideo } from './channelVideos.ts';

export interface StoreReport {
  received: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

export interface DatabaseAccess {
  supabaseUrl: string;
  serviceRoleKey: string;
}

export async function storeChannelVideos(
  database: DatabaseAccess,
  videos: readonly ChannelVideo[],
): Promise<StoreReport> {
  let response: Response;
  try {
    response = await fetch(`${database.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/sync_channel_videos`, {
      method: 'POST',
      headers: {
        apikey: database.serviceRoleKey,
        authorization: `Bearer ${database.serviceRoleKey}`,
        'content-type': 'application/json',
        'content-profile': 'public',
        accept: 'application/json',
      },
      body: JSON.stringify({ channel_videos: videos }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new StoreError(
      `the database could not be reached: ${error instanceof Error ? error.message : error}`,
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
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
