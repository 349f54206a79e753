import { YouTubeError } from '../youtubeErrors.ts';
import {
  parseChannelsPage,
  parseCount,
  parsePlaylistItemsPage,
  parseVideosPage,
} from '../youtubeResponses.ts';

function failureOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof YouTubeError) return error.failure;
    throw error;
  }
  return undefined;
}

describe('parseCount (spec §3: counts arrive as strings and become numbers)', () => {
  it.each<[unknown, number | null]>([
    ['0', 0],
    ['16920', 16920],
    ['9007199254740991', 9007199254740991],
    [undefined, null],
    [null, null],
    [42, 42],
  ])('%j -> %j', (value, count) => {
    expect(parseCount(value)).toBe(count);
  });

  it.each<unknown>(['', '12a', '-5', '1.5', ' 7', -1, 1.5, Number.NaN, {}, []])(
    '%j is malformed',
    (value) => {
      expect(failureOf(() => parseCount(value))).toBe('youtube_malformed_response');
    },
  );
});

describe('parseChannelsPage', () => {
  it('finds the uploads playlist', () => {
    const body = { items: [{ id: 'UC1', contentDetails: { relatedPlaylists: { uploads: 'UU1' } } }] };
    expect(parseChannelsPage(body)).toBe('UU1');
  });

  it.each<[string, unknown]>([
    ['no items (unknown channel)', { kind: 'youtube#channelListResponse', pageInfo: { totalResults: 0 } }],
    ['an empty list', { items: [] }],
  ])('answers null for %s', (_case, body) => {
    expect(parseChannelsPage(body)).toBeNull();
  });

  it.each<[string, unknown]>([
    ['a string', 'oops'],
    ['items not a list', { items: {} }],
    ['no uploads playlist', { items: [{ id: 'UC1', contentDetails: {} }] }],
  ])('refuses %s', (_case, body) => {
    expect(failureOf(() => parseChannelsPage(body))).toBe('youtube_malformed_response');
  });
});

const goodItem = {
  snippet: {
    title: 'CSS Grid Layout Crash Course',
    description: 'Rows and columns.',
    publishedAt: '2026-09-24T08:00:00Z',
    thumbnails: {
      default: { url: 'https://i.ytimg.com/vi/cjc-bzhHM5s/default.jpg' },
      medium: { url: 'https://i.ytimg.com/vi/cjc-bzhHM5s/mqdefault.jpg' },
    },
  },
  contentDetails: { videoId: 'cjc-bzhHM5s', videoPublishedAt: '2026-09-23T17:00:00Z' },
  status: { privacyStatus: 'public' },
};

describe('parsePlaylistItemsPage', () => {
  it('reads an item and the next page token', () => {
    expect(parsePlaylistItemsPage({ items: [goodItem], nextPageToken: 'CDIQAA' })).toEqual({
      items: [
        {
          videoId: 'cjc-bzhHM5s',
          privacyStatus: 'public',
          title: 'CSS Grid Layout Crash Course',
          description: 'Rows and columns.',
          thumbnails: {
            default: 'https://i.ytimg.com/vi/cjc-bzhHM5s/default.jpg',
            medium: 'https://i.ytimg.com/vi/cjc-bzhHM5s/mqdefault.jpg',
          },
          publishedAt: '2026-09-23T17:00:00Z',
        },
      ],
      nextPageToken: 'CDIQAA',
    });
  });

  it('takes the playlist date when the video date is missing, and knows the last page', () => {
    const item = { ...goodItem, contentDetails: { videoId: 'cjc-bzhHM5s' } };
    const page = parsePlaylistItemsPage({ items: [item] });
    expect(page.items[0]?.publishedAt).toBe('2026-09-24T08:00:00Z');
    expect(page.nextPageToken).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['not an object', []],
    ['items not a list', { items: 'x' }],
    ['an item without contentDetails', { items: [{ snippet: goodItem.snippet, status: goodItem.status }] }],
    [
      'an item without status',
      { items: [{ snippet: goodItem.snippet, contentDetails: goodItem.contentDetails }] },
    ],
    ['a bad video id', { items: [{ ...goodItem, contentDetails: { videoId: 'short' } }] }],
    ['a title that is not text', { items: [{ ...goodItem, snippet: { ...goodItem.snippet, title: 7 } }] }],
    ['a page token that is not text', { items: [goodItem], nextPageToken: 3 }],
  ])('refuses %s', (_case, body) => {
    expect(failureOf(() => parsePlaylistItemsPage(body))).toBe('youtube_malformed_response');
  });
});

describe('parseVideosPage', () => {
  it('reads counts, and null for the ones the channel hides', () => {
    const body = {
      items: [
        { id: 'cjc-bzhHM5s', statistics: { viewCount: '8710', likeCount: '611', commentCount: '12' } },
        { id: 'b3URj1MkPwX', statistics: { viewCount: '16920' } },
        { id: 'Krp0R6uv1Cz' },
      ],
    };
    expect(parseVideosPage(body)).toEqual([
      { id: 'cjc-bzhHM5s', viewCount: 8710, likeCount: 611 },
      { id: 'b3URj1MkPwX', viewCount: 16920, likeCount: null },
      { id: 'Krp0R6uv1Cz', viewCount: null, likeCount: null },
    ]);
  });

  it.each<[string, unknown]>([
    ['an item without id', { items: [{ statistics: {} }] }],
    ['statistics that are not an object', { items: [{ id: 'cjc-bzhHM5s', statistics: 'many' }] }],
    ['a count that is not a number', { items: [{ id: 'cjc-bzhHM5s', statistics: { viewCount: 'lots' } }] }],
  ])('refuses %s', (_case, body) => {
    expect(failureOf(() => parseVideosPage(body))).toBe('youtube_malformed_response');
  });
});
