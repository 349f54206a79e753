// youtube-sync end to end: the function runs inside the real local stand-in backend (its own process, a fresh copy of
// the seeded database) and talks to a fake YouTube on 127.0.0.1. Proves pagination, statistics in batches of 50,
// string counts stored as numbers, hidden or missing statistics, removed videos, access, and that a quota error,
// an HTTP error or a malformed answer leaves every row as it was.
import {
  quotaExceededAnswer,
  startFakeYouTube,
  type AnswerOverride,
  type FakeVideo,
  type FakeYouTube,
} from './fakeYouTube.ts';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '@site/supabase-local/keys';
import { startLocalBackend, type LocalBackend } from './localBackend.ts';

jest.setTimeout(60_000);

const apiKey = 'fake-youtube-api-key';
const channelId = 'UCfakeChannelForSyncTests';
const syncSecret = 'a-long-random-sync-secret-for-tests';

/** 11-character video ids, as YouTube's. */
const videoId = (n: number) => `syncvid${String(n).padStart(4, '0')}`;

function channelVideos(): FakeVideo[] {
  const videos: FakeVideo[] = Array.from({ length: 107 }, (_, index) => {
    const n = index + 1;
    return {
      videoId: videoId(n),
      title: `Sync test video ${n}`,
      description: n % 4 === 0 ? '' : `About topic ${n}`,
      publishedAt: new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString(),
      // Every tenth video hides its likes; video 5 has no statistics at all.
      statistics:
        n === 5
          ? 'absent'
          : n % 10 === 3
            ? { viewCount: String(n * 1000) }
            : { viewCount: String(n * 1000), likeCount: String(n) },
    };
  });
  videos[0]!.statistics = { viewCount: '12345678901', likeCount: '987654' };
  // A private and a deleted upload sit in the playlist too (between the public ones, on page 2).
  videos.splice(60, 0, {
    videoId: 'privateVid1',
    title: 'Private',
    privacyStatus: 'private',
    publishedAt: '2025-06-01T00:00:00Z',
  });
  videos.splice(70, 0, {
    videoId: 'deletedVid1',
    title: 'Deleted',
    privacyStatus: 'privacyStatusUnspecified',
    publishedAt: '2025-06-02T00:00:00Z',
  });
  return videos;
}

interface StoredVideo {
  video_id: string;
  title: string;
  description: string;
  thumbnail_url: string;
  published_at: string;
  view_count: number | null;
  like_count: number | null;
  removed_at: string | null;
}

async function storedVideos(backend: LocalBackend): Promise<StoredVideo[]> {
  const response = await fetch(
    `${backend.url}/rest/v1/videos?select=video_id,title,description,thumbnail_url,published_at,view_count,like_count,removed_at,updated_at&order=video_id.asc`,
    { headers: { apikey: LOCAL_SECRET_KEY } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as StoredVideo[];
}

async function runSync(
  backend: LocalBackend,
  headers: Record<string, string> = { apikey: LOCAL_SECRET_KEY },
  method = 'POST',
  body?: object,
) {
  const response = await fetch(`${backend.url}/functions/v1/youtube-sync`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('youtube-sync with YouTube configured', () => {
  let youtube: FakeYouTube;
  let backend: LocalBackend;
  let seeded: StoredVideo[];

  beforeAll(async () => {
    youtube = await startFakeYouTube({
      apiKey,
      channelId,
      uploadsPlaylistId: 'UUfakeUploads',
      videos: channelVideos(),
    });
    backend = await startLocalBackend({
      YOUTUBE_API_KEY: apiKey,
      YOUTUBE_CHANNEL_ID: channelId,
      YOUTUBE_API_BASE_URL: youtube.baseUrl,
      YOUTUBE_SYNC_SECRET: syncSecret,
    });
    seeded = await storedVideos(backend);
  });

  afterAll(async () => {
    await backend?.stop();
    await youtube?.close();
  });

  beforeEach(() => {
    youtube.requests.length = 0;
    youtube.override = undefined;
  });

  it('starts from the seeded videos', () => {
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((video) => video.removed_at === null)).toBe(true);
  });

  it.each<[string, Record<string, string>, string, number, string]>([
    ['no credentials', {}, 'POST', 401, 'missing_api_key'],
    [
      'the publishable key every visitor has',
      { apikey: LOCAL_PUBLISHABLE_KEY },
      'POST',
      401,
      'secret_key_required',
    ],
    ['a key of no project', { apikey: `${LOCAL_SECRET_KEY}x` }, 'POST', 401, 'invalid_api_key'],
    [
      'a wrong sync secret',
      { apikey: LOCAL_PUBLISHABLE_KEY, 'x-sync-secret': 'guess' },
      'POST',
      401,
      'secret_key_required',
    ],
    ['a GET', { apikey: LOCAL_SECRET_KEY }, 'GET', 405, 'method_not_allowed'],
  ])('refuses %s without calling YouTube', async (_case, headers, method, status, error) => {
    const answer = await runSync(backend, headers, method);
    expect(answer.status).toBe(status);
    if (error) expect(answer.body).toMatchObject({ ok: false, error });
    expect(youtube.requests).toEqual([]);
    expect(await storedVideos(backend)).toEqual(seeded);
  });

  const playlistPage = (n: number) => (endpoint: string, url: URL) =>
    endpoint === 'playlistItems' && (url.searchParams.get('pageToken') ?? 'page-0') === `page-${n}`;

  it.each<[string, AnswerOverride, number, string]>([
    [
      'a quota error (403 quotaExceeded) on the second playlist page',
      (endpoint, url) => (playlistPage(1)(endpoint, url) ? quotaExceededAnswer() : undefined),
      429,
      'quota_exceeded',
    ],
    [
      'a quota error on the statistics',
      (endpoint) => (endpoint === 'videos' ? quotaExceededAnswer() : undefined),
      429,
      'quota_exceeded',
    ],
    [
      'an HTTP error (500) on the channel',
      (endpoint) =>
        endpoint === 'channels'
          ? { status: 500, body: { error: { code: 500, message: 'Backend Error' } } }
          : undefined,
      502,
      'youtube_http_error',
    ],
    [
      'a playlist page whose items are not a list',
      (endpoint, url) =>
        playlistPage(2)(endpoint, url) ? { status: 200, body: { items: { oops: true } } } : undefined,
      502,
      'youtube_malformed_response',
    ],
    [
      'a playlist item without its video id',
      (endpoint, url) =>
        playlistPage(0)(endpoint, url)
          ? {
              status: 200,
              body: {
                items: [{ snippet: { title: 'x' }, contentDetails: {}, status: { privacyStatus: 'public' } }],
              },
            }
          : undefined,
      502,
      'youtube_malformed_response',
    ],
    [
      'statistics that are not JSON',
      (endpoint) =>
        endpoint === 'videos' ? { status: 200, body: '<html>Service Unavailable</html>' } : undefined,
      502,
      'youtube_malformed_response',
    ],
    [
      'a count that is not a number',
      (endpoint, url) =>
        endpoint === 'videos'
          ? {
              status: 200,
              body: {
                items: [{ id: url.searchParams.get('id')!.split(',')[0], statistics: { viewCount: 'lots' } }],
              },
            }
          : undefined,
      502,
      'youtube_malformed_response',
    ],
    [
      'a playlist page without its items',
      (endpoint, url) =>
        playlistPage(1)(endpoint, url)
          ? { status: 200, body: { kind: 'youtube#playlistItemListResponse', nextPageToken: 'page-2' } }
          : undefined,
      502,
      'youtube_malformed_response',
    ],
    [
      'an unknown channel',
      (endpoint) =>
        endpoint === 'channels'
          ? { status: 200, body: { kind: 'youtube#channelListResponse', pageInfo: { totalResults: 0 } } }
          : undefined,
      502,
      'channel_not_found',
    ],
  ])('%s leaves every row untouched and says so', async (_case, override, status, error) => {
    youtube.override = override;
    const answer = await runSync(backend);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ ok: false, error });
    expect(answer.body.message).toMatch(/The videos table was left unchanged\.$/);
    expect(JSON.stringify(answer.body)).not.toContain(apiKey);
    expect(youtube.requests.length).toBeGreaterThan(0);
    expect(await storedVideos(backend)).toEqual(seeded);
  });

  it('refuses to mark more than a fifth of the shown videos removed in one run, and changes nothing', async () => {
    // The fake channel holds none of the seeded videos: a first sync would remove every one of them.
    const answer = await runSync(backend);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ ok: false, error: 'too_many_removals' });
    expect(answer.body.message).toMatch(/allowLargeRemoval/);
    expect(await storedVideos(backend)).toEqual(seeded);
  });

  it('pulls every page of uploads and their statistics, stores counts as numbers, and marks the videos gone', async () => {
    // The owner's first sync replaces the seeded videos: allowed once, on purpose.
    const answer = await runSync(backend, undefined, 'POST', { allowLargeRemoval: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      channelId,
      playlistItems: 109,
      videos: { received: 107, inserted: 107, updated: 0, unchanged: 0, removed: seeded.length },
      quotaUnits: 7,
    });

    // What YouTube was asked: the uploads playlist page by page (50 a page), then statistics 50 ids at a time.
    const endpoints = youtube.requests.map((url) => url.pathname.split('/').pop());
    expect(endpoints).toEqual([
      'channels',
      'playlistItems',
      'playlistItems',
      'playlistItems',
      'videos',
      'videos',
      'videos',
    ]);
    expect(youtube.requests.every((url) => url.searchParams.get('key') === apiKey)).toBe(true);
    const pages = youtube.requests.filter((url) => url.pathname.endsWith('/playlistItems'));
    expect(pages.map((url) => url.searchParams.get('pageToken'))).toEqual([null, 'page-1', 'page-2']);
    expect(pages.every((url) => url.searchParams.get('maxResults') === '50')).toBe(true);
    const statisticsCalls = youtube.requests.filter((url) => url.pathname.endsWith('/videos'));
    expect(statisticsCalls.map((url) => url.searchParams.get('id')!.split(',').length)).toEqual([50, 50, 7]);
    expect(statisticsCalls.every((url) => url.searchParams.get('part') === 'statistics')).toBe(true);

    const stored = await storedVideos(backend);
    const byId = new Map(stored.map((video) => [video.video_id, video]));
    const active = stored.filter((video) => video.removed_at === null);
    expect(active.map((video) => video.video_id).sort()).toEqual(
      Array.from({ length: 107 }, (_, i) => videoId(i + 1)).sort(),
    );
    expect(byId.has('privateVid1')).toBe(false);
    expect(byId.has('deletedVid1')).toBe(false);
    expect(byId.get(videoId(1))).toMatchObject({ view_count: 12345678901, like_count: 987654 });
    expect(byId.get(videoId(2))).toMatchObject({
      title: 'Sync test video 2',
      description: 'About topic 2',
      thumbnail_url: `https://i.ytimg.com/vi/${videoId(2)}/mqdefault.jpg`,
      view_count: 2000,
      like_count: 2,
    });
    expect(new Date(byId.get(videoId(2))!.published_at).toISOString()).toBe('2025-01-03T00:00:00.000Z');
    expect(byId.get(videoId(4))?.description).toBe('');
    expect(byId.get(videoId(13))).toMatchObject({ view_count: 13000, like_count: null });
    expect(byId.get(videoId(5))).toMatchObject({ view_count: null, like_count: null });
    // The seeded videos are not on this channel: kept, but marked removed.
    for (const video of seeded) expect(byId.get(video.video_id)?.removed_at).not.toBeNull();

    // Visitors now find the channel's videos, most viewed first, and never a removed one.
    const search = await fetch(`${backend.url}/rest/v1/rpc/search_videos`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_PUBLISHABLE_KEY,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ search_term: '', sort: 'views' }),
    });
    const found = (await search.json()) as StoredVideo[];
    expect(found.map((video) => video.video_id)).toEqual([
      videoId(1),
      ...Array.from({ length: 11 }, (_, i) => videoId(107 - i)),
    ]);
  });

  it('a later sync, started with the sync secret, updates what changed and marks a video gone from the channel', async () => {
    const before = new Map((await storedVideos(backend)).map((video) => [video.video_id, video]));
    const channel = youtube.channel.videos;
    youtube.channel.videos = channel.filter((video) => video.videoId !== videoId(7));
    const eight = youtube.channel.videos.find((video) => video.videoId === videoId(8))!;
    eight.statistics = { viewCount: '8500', likeCount: '80' };

    const answer = await runSync(backend, { apikey: LOCAL_PUBLISHABLE_KEY, 'x-sync-secret': syncSecret });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      videos: { received: 106, inserted: 0, updated: 1, unchanged: 105, removed: 1 },
    });

    const after = new Map((await storedVideos(backend)).map((video) => [video.video_id, video]));
    expect(after.get(videoId(8))).toMatchObject({ view_count: 8500, like_count: 80 });
    expect(after.get(videoId(7))?.removed_at).not.toBeNull();
    expect(after.get(videoId(9))).toEqual(before.get(videoId(9)));
  });
});

describe('youtube-sync without a YouTube key (the offline default)', () => {
  let backend: LocalBackend;

  beforeAll(async () => {
    backend = await startLocalBackend({});
  });
  afterAll(() => backend?.stop());

  it('answers that it is not configured and keeps the seeded videos', async () => {
    const before = await storedVideos(backend);
    const answer = await runSync(backend);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      ok: false,
      error: 'not_configured',
      missing: ['YOUTUBE_API_KEY', 'YOUTUBE_CHANNEL_ID'],
    });
    expect(answer.body.message).toMatch(/keeps its current \(seeded\) rows/);
    expect(await storedVideos(backend)).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });

  it('still refuses a visitor first', async () => {
    const answer = await runSync(backend, { apikey: LOCAL_PUBLISHABLE_KEY });
    expect(answer.status).toBe(401);
  });
});
