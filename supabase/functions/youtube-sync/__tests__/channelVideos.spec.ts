import { thumbnailUrl, toChannelVideos } from '../channelVideos.ts';
import { YouTubeError } from '../youtubeErrors.ts';
import type { PlaylistItem, VideoStatistics } from '../youtubeResponses.ts';

function item(overrides: Partial<PlaylistItem> = {}): PlaylistItem {
  return {
    videoId: 'cjc-bzhHM5s',
    privacyStatus: 'public',
    title: 'CSS Grid Layout Crash Course',
    description: 'Rows and columns.',
    thumbnails: { medium: 'https://i.ytimg.com/vi/cjc-bzhHM5s/mqdefault.jpg' },
    publishedAt: '2026-09-23T17:00:00Z',
    ...overrides,
  };
}

const statistics = new Map<string, VideoStatistics>([
  ['cjc-bzhHM5s', { id: 'cjc-bzhHM5s', viewCount: 8710, likeCount: 611 }],
  ['b3URj1MkPwX', { id: 'b3URj1MkPwX', viewCount: 16920, likeCount: null }],
]);

describe('toChannelVideos', () => {
  it('makes a row of each public upload with its counts', () => {
    expect(toChannelVideos([item()], statistics)).toEqual([
      {
        video_id: 'cjc-bzhHM5s',
        title: 'CSS Grid Layout Crash Course',
        description: 'Rows and columns.',
        thumbnail_url: 'https://i.ytimg.com/vi/cjc-bzhHM5s/mqdefault.jpg',
        published_at: '2026-09-23T17:00:00.000Z',
        view_count: 8710,
        like_count: 611,
      },
    ]);
  });

  it.each(['private', 'unlisted', 'privacyStatusUnspecified'])('leaves out %s uploads', (privacyStatus) => {
    expect(toChannelVideos([item({ privacyStatus, title: 'Private video' })], statistics)).toEqual([]);
  });

  it('keeps hidden and missing statistics as null', () => {
    const rows = toChannelVideos(
      [item({ videoId: 'b3URj1MkPwX' }), item({ videoId: 'Krp0R6uv1Cz' })],
      statistics,
    );
    expect(rows.map((row) => [row.video_id, row.view_count, row.like_count])).toEqual([
      ['b3URj1MkPwX', 16920, null],
      ['Krp0R6uv1Cz', null, null],
    ]);
  });

  it('keeps one row per video', () => {
    expect(toChannelVideos([item(), item({ title: 'Again' })], statistics)).toHaveLength(1);
  });

  it('fits titles and descriptions to the table', () => {
    const [row] = toChannelVideos(
      [item({ title: `  ${'t'.repeat(250)}  `, description: 'd'.repeat(6000) })],
      statistics,
    );
    expect(row?.title).toHaveLength(200);
    expect(row?.description).toHaveLength(5000);
  });

  it.each<[string, Partial<PlaylistItem>]>([
    ['a blank title', { title: '   ' }],
    ['no date', { publishedAt: '' }],
    ['a date that is not one', { publishedAt: 'yesterday' }],
  ])('refuses a public video with %s', (_case, overrides) => {
    expect(() => toChannelVideos([item(overrides)], statistics)).toThrow(YouTubeError);
  });
});

describe('thumbnailUrl', () => {
  it.each<[Record<string, string>, string]>([
    [
      {
        default: 'https://i.ytimg.com/d.jpg',
        medium: 'https://i.ytimg.com/m.jpg',
        high: 'https://i.ytimg.com/h.jpg',
      },
      'https://i.ytimg.com/m.jpg',
    ],
    [
      { default: 'https://i.ytimg.com/d.jpg', high: 'https://i.ytimg.com/h.jpg' },
      'https://i.ytimg.com/h.jpg',
    ],
    [
      { medium: 'http://i.ytimg.com/m.jpg', default: 'https://i.ytimg.com/d.jpg' },
      'https://i.ytimg.com/d.jpg',
    ],
    [{}, 'https://i.ytimg.com/vi/cjc-bzhHM5s/mqdefault.jpg'],
  ])('%j -> %s', (thumbnails, url) => {
    expect(thumbnailUrl(item({ thumbnails }))).toBe(url);
  });
});
