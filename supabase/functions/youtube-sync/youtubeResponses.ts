// The parts of YouTube Data API v3 answers a sync reads, checked field by field. A shape we do not expect is a
// malformed answer: the sync stops instead of storing guesses.
import { malformed } from './youtubeErrors.ts';

/** An entry of the channel's uploads playlist (playlistItems.list, part=snippet,contentDetails,status). */
export interface PlaylistItem {
  videoId: string;
  /** public, unlisted, private, or privacyStatusUnspecified (a deleted video). */
  privacyStatus: string;
  title: string;
  description: string;
  /** The thumbnail URLs YouTube offers, by size name (default, medium, high, standard, maxres). */
  thumbnails: Record<string, string>;
  /** When the video was published (contentDetails.videoPublishedAt, else when it was added to the playlist). */
  publishedAt: string;
}

/** videos.list, part=statistics. Counts arrive as strings; a count the channel hides is missing (null here). */
export interface VideoStatistics {
  id: string;
  viewCount: number | null;
  likeCount: number | null;
}

export const videoIdPattern = /^[A-Za-z0-9_-]{11}$/;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown, endpoint: string, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw malformed(endpoint, `${field} is not a string`);
  return value;
}

function itemsOf(body: unknown, endpoint: string): unknown[] | undefined {
  if (!isObject(body)) throw malformed(endpoint, 'not a JSON object');
  if (body.items === undefined) return undefined;
  if (!Array.isArray(body.items)) throw malformed(endpoint, 'items is not a list');
  return body.items;
}

/** The uploads playlist id, or null when no channel has the id (YouTube then sends no items). */
export function parseChannelsPage(body: unknown): string | null {
  const items = itemsOf(body, 'channels') ?? [];
  const channel = items[0];
  if (channel === undefined) return null;
  const uploads =
    isObject(channel) && isObject(channel.contentDetails) && isObject(channel.contentDetails.relatedPlaylists)
      ? channel.contentDetails.relatedPlaylists.uploads
      : undefined;
  if (typeof uploads !== 'string' || uploads === '') {
    throw malformed('channels', 'contentDetails.relatedPlaylists.uploads is missing');
  }
  return uploads;
}

export function parsePlaylistItemsPage(body: unknown): {
  items: PlaylistItem[];
  nextPageToken: string | undefined;
} {
  const endpoint = 'playlistItems';
  // A playlist page always lists its items (an empty playlist sends []); without them, nothing can be concluded.
  const items = itemsOf(body, endpoint);
  if (items === undefined) throw malformed(endpoint, 'items is missing');
  const nextPageToken = optionalString((body as Json).nextPageToken, endpoint, 'nextPageToken');
  return {
    items: items.map((item, index) => parsePlaylistItem(item, `${endpoint} item ${index}`)),
    nextPageToken: nextPageToken || undefined,
  };
}

function parsePlaylistItem(item: unknown, where: string): PlaylistItem {
  if (
    !isObject(item) ||
    !isObject(item.snippet) ||
    !isObject(item.contentDetails) ||
    !isObject(item.status)
  ) {
    throw malformed(where, 'snippet, contentDetails or status is missing');
  }
  const videoId = item.contentDetails.videoId;
  if (typeof videoId !== 'string' || !videoIdPattern.test(videoId))
    throw malformed(where, 'no valid video id');
  const privacyStatus = item.status.privacyStatus;
  if (typeof privacyStatus !== 'string') throw malformed(where, 'status.privacyStatus is missing');

  const { snippet } = item;
  const title = optionalString(snippet.title, where, 'snippet.title') ?? '';
  const description = optionalString(snippet.description, where, 'snippet.description') ?? '';
  const publishedAt =
    optionalString(item.contentDetails.videoPublishedAt, where, 'contentDetails.videoPublishedAt') ??
    optionalString(snippet.publishedAt, where, 'snippet.publishedAt') ??
    '';
  const thumbnails: Record<string, string> = {};
  if (isObject(snippet.thumbnails)) {
    for (const [size, thumbnail] of Object.entries(snippet.thumbnails)) {
      if (isObject(thumbnail) && typeof thumbnail.url === 'string') thumbnails[size] = thumbnail.url;
    }
  }
  return { videoId, privacyStatus, title, description, thumbnails, publishedAt };
}

export function parseVideosPage(body: unknown): VideoStatistics[] {
  const endpoint = 'videos';
  return (itemsOf(body, endpoint) ?? []).map((item, index) => {
    const where = `${endpoint} item ${index}`;
    if (!isObject(item) || typeof item.id !== 'string') throw malformed(where, 'no video id');
    if (item.statistics !== undefined && !isObject(item.statistics))
      throw malformed(where, 'statistics is not an object');
    const statistics = item.statistics ?? {};
    return {
      id: item.id,
      viewCount: parseCount(statistics.viewCount, where, 'statistics.viewCount'),
      likeCount: parseCount(statistics.likeCount, where, 'statistics.likeCount'),
    };
  });
}

/** Spec §3: counts arrive as strings ("16920") and are stored as numbers; a missing count is unknown (null). */
export function parseCount(value: unknown, where = 'videos', field = 'count'): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && /^\d{1,18}$/.test(value)) return Number(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw malformed(where, `${field} is not a count`);
}
