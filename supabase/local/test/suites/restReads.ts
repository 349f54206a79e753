// Reads through /rest/v1 with the real supabase-js client: every query shape the site uses, against the seed.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient } from '../support/localSupabase.ts';

describe('rest: reads', () => {
  let anon: SupabaseClient;
  before(async () => {
    anon = await anonClient();
  });

  it('selects all columns, ordered', async () => {
    const { data, error, status } = await anon.from('projects').select('*').order('title');
    assert.equal(error, null);
    assert.equal(status, 200);
    assert.ok(data && data.length >= 9);
    const titles = data.map((row) => row.title as string);
    assert.deepEqual(
      titles,
      [...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const first = data[0] as Record<string, unknown>;
    assert.deepEqual(Object.keys(first).sort(), [
      'created_at',
      'description',
      'featured_rank',
      'id',
      'image_path',
      'keywords',
      'link_to_project',
      'title',
      'updated_at',
    ]);
    assert.ok(Array.isArray(first.keywords), 'text[] arrives as a JSON array');
    assert.match(
      first.created_at as string,
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/,
      'timestamptz as PostgREST prints it',
    );
  });

  it('selects a column list with an alias and a cast', async () => {
    const { data, error } = await anon
      .from('projects')
      .select('label:title, featured_rank::text')
      .eq('featured_rank', 1);
    assert.equal(error, null);
    assert.deepEqual(data, [{ label: 'Harbour Freight Tracker', featured_rank: '1' }]);
  });

  it('the featured projects: not.is.null, ordered by rank', async () => {
    const { data, error } = await anon
      .from('projects')
      .select('title, featured_rank')
      .not('featured_rank', 'is', null)
      .order('featured_rank');
    assert.equal(error, null);
    assert.deepEqual(
      data?.map((row) => row.featured_rank),
      [1, 2, 3],
    );
  });

  it('filters with eq, neq, gt, gte, lt, lte compared as the column type', async () => {
    const rows = async (
      query: PromiseLike<{ data: unknown[] | null; error: unknown }>,
    ): Promise<number | undefined> => {
      const { data, error } = await query;
      assert.equal(error, null);
      return data?.length;
    };
    const videos = () => anon.from('videos').select('video_id');
    assert.equal(await rows(videos().eq('video_id', 'HYao9h5SlWZ')), 1);
    assert.equal(await rows(videos().neq('video_id', 'HYao9h5SlWZ')), 23);
    assert.equal(await rows(videos().gt('view_count', 17650)), 2, 'bigint compared as a number, not as text');
    assert.equal(await rows(videos().gte('view_count', 17650)), 3);
    assert.equal(await rows(videos().lt('view_count', 3000)), 1);
    assert.equal(await rows(videos().lte('view_count', 3150)), 2);
    assert.equal(
      await rows(videos().gte('published_at', '2026-01-01T00:00:00Z')),
      12,
      'timestamptz compared as time',
    );
  });

  it('filters with like, ilike, in, is and cs', async () => {
    const like = await anon.from('courses').select('title').like('title', '*Node.js*');
    assert.deepEqual(like.data, [{ title: 'REST APIs with Node.js and Express' }]);
    const ilike = await anon.from('courses').select('title').ilike('title', '%angular%');
    assert.deepEqual(ilike.data, [{ title: 'Angular from Zero to Real Apps' }]);
    const inList = await anon
      .from('videos')
      .select('video_id')
      .in('video_id', ['HYao9h5SlWZ', 'CzJs6DdB1QR', 'nope'])
      .order('video_id');
    assert.deepEqual(inList.data, [{ video_id: 'CzJs6DdB1QR' }, { video_id: 'HYao9h5SlWZ' }]);
    const hidden = await anon.from('videos').select('video_id').is('view_count', null);
    assert.deepEqual(hidden.data, [{ video_id: '4ojXa_6eGqA' }]);
    const chips = await anon
      .from('courses')
      .select('title')
      .contains('keywords', ['nodejs', 'mongodb'])
      .order('title');
    assert.deepEqual(
      chips.data?.map((row) => row.title),
      ['NestJS: Clean Back-ends in TypeScript', 'REST APIs with Node.js and Express'],
    );
    const platform = await anon.from('courses').select('title').eq('platform', 'SKILLSHARE');
    assert.equal(platform.data?.length, 4, 'enum compared as the enum');
  });

  it('or() and nested logic trees, and not()', async () => {
    const { data, error } = await anon
      .from('projects')
      .select('title')
      .or('title.ilike.*kanban*,and(featured_rank.gte.1,featured_rank.lte.1)')
      .order('title');
    assert.equal(error, null);
    assert.deepEqual(
      data?.map((row) => row.title),
      ['Harbour Freight Tracker', 'Taskboard Kanban'],
    );
    const without = await anon.from('courses').select('title').not('platform', 'eq', 'UDEMY');
    assert.equal(without.data?.length, 4);
  });

  it('orders by several columns with nulls first or last', async () => {
    const { data } = await anon
      .from('videos')
      .select('video_id, view_count')
      .order('view_count', { ascending: false, nullsFirst: true })
      .order('video_id')
      .limit(2);
    assert.deepEqual(
      data?.map((row) => row.view_count),
      [null, 21480],
    );
    const last = await anon
      .from('videos')
      .select('view_count')
      .order('view_count', { ascending: false, nullsFirst: false })
      .limit(1);
    assert.deepEqual(last.data, [{ view_count: 21480 }]);
  });

  it('limit and range with an exact count and Content-Range', async () => {
    const limited = await anon
      .from('videos')
      .select('video_id')
      .order('published_at', { ascending: false })
      .limit(3);
    assert.deepEqual(
      limited.data?.map((row) => row.video_id),
      ['exEHxCV3--d', 'umzh8krRyv3', 'cjc-bzhHM5s'],
    );
    const page = await anon
      .from('videos')
      .select('video_id', { count: 'exact' })
      .order('published_at', { ascending: false })
      .range(3, 5);
    assert.equal(page.error, null);
    assert.equal(page.count, 24);
    assert.equal(page.status, 206, 'a partial page, as PostgREST answers');
    assert.deepEqual(
      page.data?.map((row) => row.video_id),
      ['6XXmyhXQ2b5', 'Krp0R6uv1Cz', 'b3URj1MkPwX'],
    );
    const all = await anon.from('ads').select('title', { count: 'exact' });
    assert.equal(all.status, 200);
    assert.equal(all.count, 3);
  });

  it('head requests count without a body', async () => {
    const { data, count, error, status } = await anon
      .from('testimonials')
      .select('*', { count: 'exact', head: true });
    assert.equal(error, null);
    assert.equal(status, 200);
    assert.equal(data, null);
    assert.equal(count, 6);
  });

  it('single() and maybeSingle()', async () => {
    const one = await anon.from('ads').select('title, promo_percent').is('promo_percent', null).single();
    assert.equal(one.error, null);
    assert.deepEqual(one.data, { title: 'Need a web developer?', promo_percent: null });
    const none = await anon.from('ads').select('title').eq('title', 'no such ad').maybeSingle();
    assert.equal(none.error, null);
    assert.equal(none.data, null);
    const many = await anon.from('ads').select('title').single();
    assert.equal(many.status, 406);
    assert.equal(many.error?.code, 'PGRST116');
    assert.equal(many.error?.details, 'The result contains 3 rows');
  });

  it('text search (fts / wfts) on a text column', async () => {
    const { data, error } = await anon
      .from('videos')
      .select('video_id')
      .textSearch('title', 'deploy', { type: 'websearch', config: 'english' })
      .order('video_id');
    assert.equal(error, null);
    assert.deepEqual(
      data?.map((row) => row.video_id),
      ['Krp0R6uv1Cz', 'wmyjC-FWfP6'],
    );
  });

  it('caps a response at max_rows (1000), as Supabase does', async () => {
    const { data, error } = await anon.from('videos').select('video_id').limit(5000);
    assert.equal(error, null);
    assert.equal(data?.length, 24);
  });
});
