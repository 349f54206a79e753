// A small client for the three YouTube Data API v3 calls a sync needs. Every answer is checked before it is used;
// any error, HTTP failure or unexpected shape ends the sync (see youtubeErrors.ts).
import {
  httpError,
  malformed,
  quotaExceeded,
  unreachable,
  withoutApiKey,
  YouTubeError,
} from './youtubeErrors.ts';
import {
  parseChannelsPage,
  parsePlaylistItemsPage,
  parseVideosPage,
  type PlaylistItem,
  type VideoStatistics,
} from './youtubeResponses.ts';

/** videos.list takes at most 50 ids a call; playlistItems.list returns at most 50 items a page. */
export const youtubePageSize = 50;

/** More pages than this (250,000 videos) means YouTube keeps answering with a next page: stop rather than loop. */
const maxPlaylistPages = 5000;

const requestTimeoutMs = 15_000;

/** Error reasons YouTube gives when the quota or a rate limit is used up. */
const quotaReasons = new Set([
  'quotaExceeded',
  'dailyLimitExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
]);

export interface YouTubeClientOptions {
  /** https://www.googleapis.com/youtube/v3, or a fake YouTube in tests. */
  baseUrl: string;
  apiKey: string;
}

export class YouTubeClient {
  /** Each call costs one quota unit. */
  requestCount = 0;

  constructor(private readonly options: YouTubeClientOptions) {}

  /** The id of the playlist that holds every upload of the channel. */
  async uploadsPlaylistId(channelId: string): Promise<string> {
    const uploads = parseChannelsPage(await this.get('channels', { part: 'contentDetails', id: channelId }));
    if (uploads === null)
      throw new YouTubeError('channel_not_found', `YouTube knows no channel with the id ${channelId}`);
    return uploads;
  }

  /** Every item of the playlist, following nextPageToken to the last page. */
  async playlistItems(playlistId: string): Promise<PlaylistItem[]> {
    const items: PlaylistItem[] = [];
    const seenTokens = new Set<string>();
    let pageToken: string | undefined;
    for (let page = 0; page < maxPlaylistPages; page += 1) {
      const params: Record<string, string> = {
        part: 'snippet,contentDetails,status',
        playlistId,
        maxResults: String(youtubePageSize),
      };
      if (pageToken !== undefined) params.pageToken = pageToken;
      const answer = parsePlaylistItemsPage(await this.get('playlistItems', params));
      items.push(...answer.items);
      if (answer.nextPageToken === undefined) return items;
      if (seenTokens.has(answer.nextPageToken))
        throw malformed('playlistItems', 'the same page token came back twice');
      seenTokens.add(answer.nextPageToken);
      pageToken = answer.nextPageToken;
    }
    throw malformed('playlistItems', `more than ${maxPlaylistPages} pages`);
  }

  /** View and like counts of the videos, by video id, asked for 50 ids at a time. */
  async statistics(videoIds: readonly string[]): Promise<Map<string, VideoStatistics>> {
    const byId = new Map<string, VideoStatistics>();
    for (let start = 0; start < videoIds.length; start += youtubePageSize) {
      const ids = videoIds.slice(start, start + youtubePageSize);
      const answer = parseVideosPage(
        await this.get('videos', {
          part: 'statistics',
          id: ids.join(','),
          maxResults: String(youtubePageSize),
        }),
      );
      for (const video of answer) byId.set(video.id, video);
    }
    return byId;
  }

  private async get(endpoint: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.options.baseUrl.replace(/\/+$/, '')}/${endpoint}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('key', this.options.apiKey);
    this.requestCount += 1;

    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      // The URL carries the API key: the message is masked (withoutApiKey) before it goes anywhere.
      throw unreachable(endpoint, error, this.options.apiKey);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
      if (response.ok) throw malformed(endpoint, 'not JSON');
    }
    if (!response.ok) {
      const { reasons, message } = youtubeErrorDetail(body);
      const quotaReason = reasons.find((reason) => quotaReasons.has(reason));
      if (quotaReason !== undefined || response.status === 429) {
        throw quotaExceeded(endpoint, quotaReason ?? `HTTP ${response.status}`);
      }
      throw httpError(endpoint, response.status, withoutApiKey(message, this.options.apiKey));
    }
    return body;
  }
}

/** YouTube's error body: {error: {code, message, errors: [{reason, domain, message}]}}. */
function youtubeErrorDetail(body: unknown): { reasons: string[]; message: string } {
  const error = (body as { error?: { message?: unknown; errors?: unknown } } | undefined)?.error;
  const reasons = Array.isArray(error?.errors)
    ? error.errors
        .map((entry) => (entry as { reason?: unknown })?.reason)
        .filter((r): r is string => typeof r === 'string')
    : [];
  const message = typeof error?.message === 'string' ? error.message.slice(0, 300) : '';
  return { reasons, message };
}
