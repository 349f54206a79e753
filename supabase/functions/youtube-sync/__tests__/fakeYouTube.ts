// A fake YouTube Data API v3 for the tests: a node http server on 127.0.0.1 that answers channels.list,
// playlistItems.list (paginated, 50 a page at most) and videos.list (50 ids at most) from a scripted channel, and lets a
// test replace any answer (a quota error, a malformed body). It checks the API key and the limits as YouTube does.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVideo {
  videoId: string;
  title: string;
  description?: string;
  /** public (default), private or privacyStatusUnspecified (deleted). */
  privacyStatus?: string;
  publishedAt: string;
  /** What videos.list says; 'absent' leaves the video out of its answer. */
  statistics?: { viewCount?: string; likeCount?: string } | 'absent';
}

export interface FakeChannel {
  apiKey: string;
  channelId: string;
  uploadsPlaylistId: string;
  videos: FakeVideo[];
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

/** Returns an answer to send instead of the normal one, or undefined to answer normally. */
export type AnswerOverride = (endpoint: string, url: URL) => FakeAnswer | undefined;

export interface FakeYouTube {
  baseUrl: string;
  /** Every request received, in order. */
  requests: URL[];
  channel: FakeChannel;
  override: AnswerOverride | undefined;
  close: () => Promise<void>;
}

export function quotaExceededAnswer(): FakeAnswer {
  return {
    status: 403,
    body: {
      error: {
        code: 403,
        message:
          'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        errors: [{ message: 'quota exceeded', domain: 'youtube.quota', reason: 'quotaExceeded' }],
      },
    },
  };
}

function playlistItem(video: FakeVideo, playlistId: string) {
  const isPublic = (video.privacyStatus ?? 'public') === 'public';
  return {
    kind: 'youtube#playlistItem',
    snippet: {
      publishedAt: video.publishedAt,
      channelId: 'UC',
      title: isPublic ? video.title : video.privacyStatus === 'private' ? 'Private video' : 'Deleted video',
      description: isPublic ? (video.description ?? '') : 'This video is unavailable.',
      thumbnails: isPublic
        ? {
            default: { url: `https://i.ytimg.com/vi/${video.videoId}/default.jpg`, width: 120, height: 90 },
            medium: { url: `https://i.ytimg.com/vi/${video.videoId}/mqdefault.jpg`, width: 320, height: 180 },
          }
        : {},
      playlistId,
      resourceId: { kind: 'youtube#video', videoId: video.videoId },
    },
    contentDetails: { videoId: video.videoId, ...(isPublic && { videoPublishedAt: video.publishedAt }) },
    status: { privacyStatus: video.privacyStatus ?? 'public' },
  };
}

function error(status: number, message: string, reason: string): FakeAnswer {
  return {
    status,
    body: { error: { code: status, message, errors: [{ message, domain: 'global', reason }] } },
  };
}

function answer(channel: FakeChannel, endpoint: string, url: URL): FakeAnswer {
  const params = url.searchParams;
  if (params.get('key') !== channel.apiKey) {
    return error(400, 'API key not valid. Please pass a valid API key.', 'badRequest');
  }
  const maxResults = Number(params.get('maxResults') ?? '5');
  if (!(maxResults >= 0 && maxResults <= 50)) return error(400, 'Invalid maxResults', 'invalidParameter');

  if (endpoint === 'channels') {
    if (params.get('id') !== channel.channelId)
      return {
        status: 200,
        body: { kind: 'youtube#channelListResponse', pageInfo: { totalResults: 0, resultsPerPage: 5 } },
      };
    return {
      status: 200,
      body: {
        kind: 'youtube#channelListResponse',
        items: [
          {
            id: channel.channelId,
            contentDetails: { relatedPlaylists: { likes: '', uploads: channel.uploadsPlaylistId } },
          },
        ],
      },
    };
  }
  if (endpoint === 'playlistItems') {
    if (params.get('playlistId') !== channel.uploadsPlaylistId)
      return error(404, 'Playlist not found', 'playlistNotFound');
    const pageToken = params.get('pageToken');
    const page = pageToken === null ? 0 : Number(/^page-(\d+)$/.exec(pageToken)?.[1] ?? Number.NaN);
    if (!Number.isInteger(page)) return error(400, 'Invalid page token', 'invalidPageToken');
    const start = page * maxResults;
    const items = channel.videos
      .slice(start, start + maxResults)
      .map((video) => playlistItem(video, channel.uploadsPlaylistId));
    const hasMore = start + maxResults < channel.videos.length;
    return {
      status: 200,
      body: {
        kind: 'youtube#playlistItemListResponse',
        ...(hasMore && { nextPageToken: `page-${page + 1}` }),
        ...(page > 0 && { prevPageToken: `page-${page - 1}` }),
        pageInfo: { totalResults: channel.videos.length, resultsPerPage: maxResults },
        items,
      },
    };
  }
  if (endpoint === 'videos') {
    const ids = (params.get('id') ?? '').split(',').filter(Boolean);
    if (ids.length > 50) return error(400, 'Too many ids', 'invalidParameter');
    const items = ids.flatMap((id) => {
      const video = channel.videos.find((candidate) => candidate.videoId === id);
      if (!video || (video.privacyStatus ?? 'public') !== 'public' || video.statistics === 'absent')
        return [];
      return [
        {
          kind: 'youtube#video',
          id,
          statistics: { ...video.statistics, favoriteCount: '0', commentCount: '3' },
        },
      ];
    });
    return {
      status: 200,
      body: {
        kind: 'youtube#videoListResponse',
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      },
    };
  }
  return error(404, 'Not Found', 'notFound');
}

export async function startFakeYouTube(channel: FakeChannel): Promise<FakeYouTube> {
  const fake: Omit<FakeYouTube, 'baseUrl' | 'close'> = { requests: [], channel, override: undefined };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    fake.requests.push(url);
    const endpoint = url.pathname.replace(/^\/youtube\/v3\//, '');
    const { status, body } =
      request.method === 'GET'
        ? (fake.override?.(endpoint, url) ?? answer(fake.channel, endpoint, url))
        : error(405, 'Method not allowed', 'methodNotAllowed');
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  // Bounded: no request may keep the test waiting.
  server.requestTimeout = 5000;
  server.headersTimeout = 5000;
  server.keepAliveTimeout = 500;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/youtube/v3`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((closeError) => (closeError ? reject(closeError) : resolve()));
      }),
  });
}
