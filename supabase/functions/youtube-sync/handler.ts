// youtube-sync: pulls the channel's videos and their statistics from the YouTube Data API into public.videos, so
// visitor searches (public.search_videos) never spend API quota. POST only, with a secret key of the project or the
// sync secret (401 otherwise); run on demand or by pg_cron (README.md).
// Answers JSON: {ok: true, ...report} or {ok: false, error, message}; 409 too_many_removals when the run would mark
// more than MAX_REMOVED_SHARE of the shown videos removed (an optional body {"allowLargeRemoval": true} lets the owner
// do it once). The API key never appears in an answer or a log.
import { refuseSync } from './authorizeSync.ts';
import { MAX_REMOVED_SHARE, RemovalRefused, StoreError } from './storeChannelVideos.ts';
import { syncChannel } from './syncChannel.ts';
import { readSyncSettings, syncSecret } from './syncSettings.ts';
import { withoutApiKey, YouTubeError, type YouTubeFailure } from './youtubeErrors.ts';

const statusForFailure: Record<YouTubeFailure, number> = {
  quota_exceeded: 429,
  youtube_http_error: 502,
  youtube_malformed_response: 502,
  youtube_unreachable: 504,
  channel_not_found: 502,
};

const unchanged = 'The videos table was left unchanged.';

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

function failure(
  status: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  return json(status, { ok: false, error, message, ...extra });
}

export default async function handler(request: Request): Promise<Response> {
  const refused = await refuseSync(request, syncSecret());
  if (refused) {
    return failure(
      refused.status,
      refused.error,
      `${refused.message} Only a secret key of the project or the sync secret may start a sync.`,
    );
  }
  if (request.method !== 'POST') {
    return json(
      405,
      { ok: false, error: 'method_not_allowed', message: 'Start a sync with POST.' },
      { allow: 'POST' },
    );
  }
  const read = readSyncSettings();
  if ('missing' in read) {
    return failure(
      503,
      'not_configured',
      `youtube-sync is not configured: set ${read.missing.join(', ')}. The videos table keeps its current (seeded) rows.`,
      { missing: read.missing },
    );
  }

  const options = (await request.json().catch(() => ({}))) as { allowLargeRemoval?: unknown } | null;
  const allowLargeRemoval = options?.allowLargeRemoval === true;

  const started = Date.now();
  try {
    const report = await syncChannel(read.settings, { allowLargeRemoval });
    console.log(
      `[youtube-sync] ${report.videos.received} videos: ${report.videos.inserted} new, ${report.videos.updated} updated, ` +
        `${report.videos.removed} removed; ${report.quotaUnits} quota units`,
    );
    return json(200, { ok: true, ...report, durationMs: Date.now() - started });
  } catch (error) {
    if (error instanceof YouTubeError) {
      console.error(`[youtube-sync] ${error.failure}:`, error.message);
      return failure(statusForFailure[error.failure], error.failure, `${error.message}. ${unchanged}`);
    }
    if (error instanceof RemovalRefused) {
      console.error('[youtube-sync] too_many_removals:', error.message);
      return failure(
        409,
        'too_many_removals',
        `${error.message}. At most ${MAX_REMOVED_SHARE * 100} % of the videos may go in one run; check the channel id, ` +
          `or send {"allowLargeRemoval": true} once. ${unchanged}`,
      );
    }
    if (error instanceof StoreError) {
      console.error('[youtube-sync] database_error:', error.message);
      return failure(500, 'database_error', `Storing the videos failed: ${error.message}. ${unchanged}`);
    }
    console.error(
      '[youtube-sync] unexpected error:',
      withoutApiKey(
        error instanceof Error ? (error.stack ?? error.message) : String(error),
        read.settings.youtube.apiKey,
      ),
    );
    return failure(500, 'internal_error', `The sync failed unexpectedly. ${unchanged}`);
  }
}
