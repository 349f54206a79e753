// Writes and functions through /rest/v1 with the real supabase-js client: insert (minimal / representation, arrays,
// missing columns taking defaults), upsert (ignore / merge), update, delete, tx=rollback, and rpc.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, localSupabase, serviceClient, unique } from '../support/localSupabase.ts';

describe('rest: writes', () => {
  let owner: SupabaseClient;
  const createdProjects: string[] = [];

  before(async () => {
    owner = await serviceClient();
  });

  after(async () => {
    if (createdProjects.length > 0) await owner.from('projects').delete().in('id', createdProjects);
  });

  it('insert without select: 201 and no body (return=minimal), as the analytics-events function writes', async () => {
    const result = await owner
      .from('analytics_events')
      .insert({ name: 'userRoutes', payload: { route: '/about' }, route: '/about' });
    assert.equal(result.error, null);
    assert.equal(result.status, 201);
    assert.equal(result.data, null);
  });

  it('insert().select().single() returns the stored row', async () => {
    const title = unique('Inserted project');
    const { data, error, status } = await owner
      .from('projects')
      .insert({
        title,
        image_path: 'projects/adpulse.webp',
        link_to_project: 'https://example.com',
        keywords: ['html', 'css'],
      })
      .select('id, title, keywords, description, featured_rank')
      .single();
    assert.equal(error, null);
    assert.equal(status, 201);
    assert.equal(data?.title, title);
    assert.deepEqual(data?.keywords, ['html', 'css']);
    assert.equal(data?.description, '', 'a column left out takes its default');
    assert.equal(data?.featured_rank, null);
    createdProjects.push(data?.id as string);
  });

  it('inserts an array whose objects have different keys: NULL for a missing key, or its default with defaultToNull: false', async () => {
    const rows = (titles: string[]) => [
      { title: titles[0], image_path: 'projects/adpulse.webp', link_to_project: 'https://example.com/a' },
      {
        title: titles[1],
        image_path: 'projects/adpulse.webp',
        link_to_project: 'https://example.com/b',
        description: 'Second',
      },
    ];
    // supabase-js's default, as PostgREST answers it: the missing description is NULL, which the column refuses.
    const asNull = await owner.from('projects').insert(rows([unique('Batch A'), unique('Batch B')]));
    assert.equal(asNull.status, 400);
    assert.equal(asNull.error?.code, '23502');
    const titles = [unique('Batch A'), unique('Batch B')];
    const { data, error } = await owner
      .from('projects')
      .insert(rows(titles), { defaultToNull: false })
      .select('id, title, description');
    assert.equal(error, null);
    assert.deepEqual(
      data?.map((row) => [row.title, row.description]),
      [
        [titles[0], ''],
        [titles[1], 'Second'],
      ],
    );
    createdProjects.push(...(data ?? []).map((row) => row.id as string));
  });

  it('subscribing twice, in any case, with upsert(ignoreDuplicates) keeps one row (newsletter-subscribe)', async () => {
    const address = `${unique('reader').replace(/\W+/g, '.')}@example.com`;
    const first = await owner
      .from('emails')
      .upsert({ email: address }, { onConflict: 'email', ignoreDuplicates: true });
    assert.equal(first.error, null);
    assert.equal(first.status, 201);
    const again = await owner
      .from('emails')
      .upsert({ email: address.toUpperCase() }, { onConflict: 'email', ignoreDuplicates: true });
    assert.equal(again.error, null, 'subscribing again is no error');
    assert.equal(again.status, 201);
    const stored = await owner.from('emails').select('email').eq('email', address.toLowerCase());
    assert.deepEqual(stored.data, [{ email: address.toLowerCase() }]);
    const plain = await owner.from('emails').insert({ email: address });
    assert.equal(plain.status, 409, 'a plain second insert is a conflict: the function must upsert');
    assert.equal(plain.error?.code, '23505');
  });

  it('upsert with merge-duplicates updates the existing row (youtube-sync)', async () => {
    const videoId = `t${Date.now().toString(36).slice(-6)}xyzw`.slice(0, 11);
    const video = {
      video_id: videoId,
      title: 'Upserted',
      thumbnail_url: `https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`,
      published_at: '2026-01-01T00:00:00Z',
      view_count: 1,
      like_count: 0,
    };
    const first = await owner.from('videos').upsert(video, { onConflict: 'video_id' }).select('view_count');
    assert.equal(first.error, null);
    const second = await owner
      .from('videos')
      .upsert({ ...video, view_count: 42 }, { onConflict: 'video_id' })
      .select('view_count');
    assert.equal(second.error, null);
    assert.deepEqual(second.data, [{ view_count: 42 }]);
    const { count } = await owner
      .from('videos')
      .select('*', { count: 'exact', head: true })
      .eq('video_id', videoId);
    assert.equal(count, 1);
    await owner.from('videos').delete().eq('video_id', videoId);
  });

  it('update().eq().select() changes the row and refreshes updated_at', async () => {
    const { data: created } = await owner
      .from('projects')
      .insert({
        title: unique('To update'),
        image_path: 'projects/adpulse.webp',
        link_to_project: 'https://example.com',
      })
      .select('id, updated_at')
      .single();
    createdProjects.push(created?.id as string);
    const { data, error, status } = await owner
      .from('projects')
      .update({ title: 'Updated title', featured_rank: null })
      .eq('id', created?.id)
      .select('title, updated_at');
    assert.equal(error, null);
    assert.equal(status, 200);
    assert.equal(data?.[0]?.title, 'Updated title');
    assert.notEqual(data?.[0]?.updated_at, created?.updated_at);
    const minimal = await owner.from('projects').update({ title: 'Updated again' }).eq('id', created?.id);
    assert.equal(minimal.status, 204);
  });

  it('update and delete need a filter, as on Supabase', async () => {
    const update = await owner.from('projects').update({ title: 'everything' });
    assert.equal(update.status, 400);
    assert.equal(update.error?.code, '21000');
    const remove = await owner.from('projects').delete();
    assert.equal(remove.status, 400);
    assert.equal(remove.error?.code, '21000');
  });

  it('delete().select() with an exact count returns the deleted rows', async () => {
    const title = unique('To delete');
    await owner
      .from('projects')
      .insert({ title, image_path: 'projects/adpulse.webp', link_to_project: 'https://example.com' });
    const { data, count, error, status } = await owner
      .from('projects')
      .delete({ count: 'exact' })
      .eq('title', title)
      .select('title');
    assert.equal(error, null);
    assert.equal(status, 200);
    assert.equal(count, 1);
    assert.deepEqual(data, [{ title }]);
  });

  it('Prefer: tx=rollback answers but keeps nothing', async () => {
    const title = unique('Rolled back');
    const { data, error } = await owner
      .from('projects')
      .insert({ title, image_path: 'projects/adpulse.webp', link_to_project: 'https://example.com' })
      .select('title')
      .rollback();
    assert.equal(error, null);
    assert.deepEqual(data, [{ title }]);
    const { count } = await owner
      .from('projects')
      .select('*', { count: 'exact', head: true })
      .eq('title', title);
    assert.equal(count, 0);
  });
});

describe('rest: rpc', () => {
  let anon: SupabaseClient;

  before(async () => {
    anon = await anonClient();
    const server = await localSupabase();
    await server.db.exec(`
      create or replace function public.local_test_add(a int, b int default 10) returns int
        language sql immutable as $$ select a + b $$;
      create or replace function public.local_test_projects(min_rank int) returns setof public.projects
        language sql stable as $$ select * from public.projects where featured_rank >= min_rank $$;
      create or replace function public.local_test_summary() returns table (platform text, total bigint)
        language sql stable as $$ select platform::text, count(*) from public.courses group by 1 $$;
      create or replace function public.local_test_words(words text[]) returns text
        language sql immutable as $$ select array_to_string(words, '+') $$;
      create or replace function public.local_test_nothing() returns void language sql as $$ select $$;
      create or replace function public.local_test_fail() returns void language plpgsql as $$
        begin raise exception 'the fixture refuses' using errcode = 'P0001', hint = 'fixture'; end $$;
      create or replace function public.local_test_private() returns int language sql as $$ select 1 $$;
      revoke execute on function public.local_test_private() from public, anon, authenticated;
    `);
    await server.reloadSchema();
  });

  after(async () => {
    const server = await localSupabase();
    await server.db.exec(`
      drop function public.local_test_add(int, int); drop function public.local_test_projects(int);
      drop function public.local_test_summary(); drop function public.local_test_words(text[]);
      drop function public.local_test_nothing(); drop function public.local_test_fail(); drop function public.local_test_private();
    `);
    await server.reloadSchema();
  });

  it('calls a scalar function with named arguments and defaults', async () => {
    assert.deepEqual(await anon.rpc('local_test_add', { a: 2 }), {
      success: true,
      error: null,
      data: 12,
      count: null,
      status: 200,
      statusText: 'OK',
    });
    const both = await anon.rpc('local_test_add', { a: 2, b: 3 });
    assert.equal(both.data, 5);
    const viaGet = await anon.rpc('local_test_add', { a: 4, b: 1 }, { get: true });
    assert.equal(viaGet.data, 5);
  });

  it('passes arrays as arrays', async () => {
    const { data, error } = await anon.rpc('local_test_words', { words: ['nest', 'js'] });
    assert.equal(error, null);
    assert.equal(data, 'nest+js');
  });

  it('a set-returning function takes select, filters, order, range and count', async () => {
    const { data, error, count } = await anon
      .rpc('local_test_projects', { min_rank: 1 }, { count: 'exact' })
      .select('title, featured_rank')
      .lte('featured_rank', 2)
      .order('featured_rank', { ascending: false })
      .range(0, 0);
    assert.equal(error, null);
    assert.equal(count, 2);
    assert.deepEqual(data, [{ title: 'Taskboard Kanban', featured_rank: 2 }]);
    const table = await anon.rpc('local_test_summary').order('platform');
    assert.deepEqual(table.data, [
      { platform: 'SKILLSHARE', total: 4 },
      { platform: 'UDEMY', total: 4 },
    ]);
  });

  it('a void function answers 204 without data', async () => {
    const { data, error, status } = await anon.rpc('local_test_nothing');
    assert.equal(error, null);
    assert.equal(status, 204);
    assert.equal(data, null);
  });

  it('raise exception becomes a PostgREST error', async () => {
    const { error, status } = await anon.rpc('local_test_fail');
    assert.equal(status, 400);
    assert.deepEqual(error, {
      code: 'P0001',
      details: null,
      hint: 'fixture',
      message: 'the fixture refuses',
    });
  });

  it('unknown functions and wrong arguments are 404 PGRST202; no EXECUTE is 401 for a visitor', async () => {
    const unknown = await anon.rpc('local_test_missing');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.error?.code, 'PGRST202');
    const missingArgument = await anon.rpc('local_test_projects', {});
    assert.equal(missingArgument.status, 404);
    assert.equal(missingArgument.error?.code, 'PGRST202');
    const denied = await anon.rpc('local_test_private');
    assert.equal(denied.status, 401);
    assert.equal(denied.error?.code, '42501');
  });
});
