import type { VideoRow } from '@site/shared-ui/rows';
import { getSupabaseConfig } from '@site/shared-ui/supabaseClient';
import {
  maxSearchTermLength,
  searchTutorials,
  searchVideosArgs,
  type SearchVideosArgs,
  type SearchVideosCaller,
  type TutorialSearch,
} from '../searchTutorials.ts';

describe('searchVideosArgs', () => {
  it.each<[TutorialSearch, SearchVideosArgs]>([
    [
      { searchTerm: '', sort: 'VIEWS' },
      { search_term: '', sort: 'views' },
    ],
    [
      { searchTerm: 'angular', sort: 'TRENDING' },
      { search_term: 'angular', sort: 'trending' },
    ],
    [
      { searchTerm: '  Node.js API  ', sort: 'RECENT' },
      { search_term: 'Node.js API', sort: 'recent' },
    ],
    [
      { searchTerm: '   ', sort: 'VIEWS' },
      { search_term: '', sort: 'views' },
    ],
    [
      { searchTerm: '100% "css"', sort: 'VIEWS' },
      { search_term: '100% "css"', sort: 'views' },
    ],
  ])('%j -> %j', (search, args) => {
    expect(searchVideosArgs(search)).toEqual(args);
  });

  it(`cuts a term to the ${maxSearchTermLength} characters the server accepts`, () => {
    const args = searchVideosArgs({ searchTerm: 'a'.repeat(maxSearchTermLength + 50), sort: 'VIEWS' });
    expect(args.search_term).toHaveLength(maxSearchTermLength);
  });
});

const row: VideoRow = {
  id: '0b6a3a56-4a4d-4f0e-a3a8-6f0b8b7f5c01',
  video_id: 'b3URj1MkPwX',
  title: 'JavaScript Promises and async/await Explained',
  description: 'Callbacks, promises and async/await side by side.',
  thumbnail_url: 'videos/b3URj1MkPwX.webp',
  published_at: '2026-07-01T17:00:00+00:00',
  view_count: 16920,
  like_count: '1240',
  removed_at: null,
  created_at: '2026-11-01T00:00:00+00:00',
  updated_at: '2026-11-01T00:00:00+00:00',
};

/** The edge of this unit: what the REST API's database-function call answers. */
function answering(answer: { data: unknown; error: { message: string } | null }) {
  const calls: [string, SearchVideosArgs][] = [];
  const caller: SearchVideosCaller = (name, args) => {
    calls.push([name, args]);
    return answer.error ? Promise.reject(new Error(answer.error.message)) : Promise.resolve(answer.data);
  };
  return { caller, calls };
}

describe('searchTutorials', () => {
  it('calls search_videos with the term and the sort, and maps the rows to tutorials', async () => {
    const { caller, calls } = answering({ data: [row], error: null });
    const tutorials = await searchTutorials({ searchTerm: ' promises ', sort: 'RECENT' }, caller);
    expect(calls).toEqual([['search_videos', { search_term: 'promises', sort: 'recent' }]]);
    expect(tutorials).toEqual([
      {
        id: row.id,
        videoId: 'b3URj1MkPwX',
        title: row.title,
        description: row.description,
        thumbnailUrl: `${getSupabaseConfig().url}/storage/v1/object/public/content/videos/b3URj1MkPwX.webp`,
        publishedAt: row.published_at,
        viewCount: 16920,
        likeCount: 1240,
      },
    ]);
  });

  it('keeps unknown counts unknown', async () => {
    const { caller } = answering({ data: [{ ...row, view_count: null, like_count: null }], error: null });
    const [tutorial] = await searchTutorials({ searchTerm: '', sort: 'VIEWS' }, caller);
    expect(tutorial).toMatchObject({ viewCount: null, likeCount: null });
  });

  it('fails with the server message', async () => {
    const { caller } = answering({
      data: null,
      error: { message: 'sort must be views, trending or recent' },
    });
    await expect(searchTutorials({ searchTerm: '', sort: 'VIEWS' }, caller)).rejects.toThrow(
      'sort must be views, trending or recent',
    );
  });

  it('fails on an answer that is not a list', async () => {
    const { caller } = answering({ data: { items: [] }, error: null });
    await expect(searchTutorials({ searchTerm: '', sort: 'VIEWS' }, caller)).rejects.toThrow(
      /list of videos/,
    );
  });
});
