// One sync: the channel's uploads playlist, every page of it, the statistics of its public videos, then one store.
// Nothing is stored unless every YouTube call succeeded and every answer made sense.
import { toChannelVideos, isPublic } from './channelVideos.ts';
import { storeChannelVideos, type StoreReport } from './storeChannelVideos.ts';
import type { SyncSettings } from './syncSettings.ts';
import { YouTubeClient } from './youtubeClient.ts';

export interface SyncReport {
  channelId: string;
  /** Uploads in the playlist, public or not. */
  playlistItems: number;
  videos: StoreReport;
  /** YouTube calls made; each costs one unit of the daily quota. */
  quotaUnits: number;
}

export async function syncChannel(
  settings: SyncSettings,
  options: { allowLargeRemoval?: boolean } = {},
): Promise<SyncReport> {
  const youtube = new YouTubeClient({ baseUrl: settings.youtube.baseUrl, apiKey: settings.youtube.apiKey });
  const playlistId = await youtube.uploadsPlaylistId(settings.youtube.channelId);
  const items = await youtube.playlistItems(playlistId);
  const publicIds = [...new Set(items.filter(isPublic).map((item) => item.videoId))];
  const statistics = await youtube.statistics(publicIds);
  const videos = toChannelVideos(items, statistics);
  const stored = await storeChannelVideos(settings.database, videos, options);
  return {
    channelId: settings.youtube.channelId,
    playlistItems: items.length,
    videos: stored,
    quotaUnits: youtube.requestCount,
  };
}
