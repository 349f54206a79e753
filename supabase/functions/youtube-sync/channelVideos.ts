// From what YouTube says about the channel's uploads to the rows of the videos table.
import type { PlaylistItem, VideoStatistics } from './youtubeResponses.ts';
import { malformed } from './youtubeErrors.ts';

/** One row for public.sync_channel_videos (the columns of public.videos it sets). */
export interface ChannelVideo {
  video_id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  published_at: string;
  view_count: number | null;
  like_count: number | null;
}

/** The sizes we prefer, best first: the spec's cards use the medium thumbnail (320 x 180). */
const thumbnailPreference = ['medium', 'high', 'standard', 'default', 'maxres'];

/** The table's limits (videos_title_length, videos_description_length); YouTube's own are lower. */
const maxTitleLength = 200;
const maxDescriptionLength = 5000;

/** Only public videos are shown: private and deleted uploads stay in the playlist as placeholders. */
export function isPublic(item: PlaylistItem): boolean {
  return item.privacyStatus === 'public';
}

export function thumbnailUrl(item: PlaylistItem): string {
  for (const size of thumbnailPreference) {
    const url = item.thumbnails[size];
    if (url !== undefined && /^https:\/\/\S+$/.test(url) && url.length <= 2048) return url;
  }
  // YouTube's medium thumbnail lives at a fixed address for every video.
  return `https://i.ytimg.com/vi/${item.videoId}/mqdefault.jpg`;
}

/**
 * The rows for the channel's public uploads, with their counts (null when YouTube hides a count or has no
 * statistics for the video). A public video without a title or a valid date makes the whole answer malformed.
 */
export function toChannelVideos(
  items: readonly PlaylistItem[],
  statistics: ReadonlyMap<string, VideoStatistics>,
): ChannelVideo[] {
  const rows = new Map<string, ChannelVideo>();
  for (const item of items.filter(isPublic)) {
    const title = item.title.trim().slice(0, maxTitleLength);
    if (title === '') throw malformed('playlistItems', `video ${item.videoId} has no title`);
    const published = new Date(item.publishedAt);
    if (item.publishedAt === '' || Number.isNaN(published.getTime())) {
      throw malformed('playlistItems', `video ${item.videoId} has no valid publish date`);
    }
    const counts = statistics.get(item.videoId);
    rows.set(item.videoId, {
      video_id: item.videoId,
      title,
      description: item.description.slice(0, maxDescriptionLength),
      thumbnail_url: thumbnailUrl(item),
      published_at: published.toISOString(),
      view_count: counts?.viewCount ?? null,
      like_count: counts?.likeCount ?? null,
    });
  }
  return [...rows.values()];
}
