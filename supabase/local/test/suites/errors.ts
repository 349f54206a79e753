// Errors keep PostgREST's shape ({code, message, details, hint}) and status codes, as supabase-js surfaces them.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, localSupabase, serviceClient } from '../support/localSupabase.ts';

describe('rest: errors', () => {
  let anon: SupabaseClient;
  let owner: SupabaseClient;
  before(async () => {
    anon = await anonClient();
    owner = await serviceClient();
  });

  it('an unknown table is 404 PGRST205 with a hint', async () => {
    const { error, status } = await anon.from('project').select('*');
    assert.equal(status, 404);
    assert.equal(error?.code, 'PGRST205');
    assert.equal(error?.message, "Could not find the table 'public.project' in the schema cache");
    assert.equal(error?.hint, "Perhaps you meant the table 'public.projects'");
    assert.equal(error?.details, null);
  });

  it('an unknown column is 400 42703, in select, filter and order', async () => {
    for (const result of [
      await anon.from('projects').select('title, colour'),
      await anon.from('projects').select('title').eq('colour', 'blue'),
      await anon.from('projects').select('title').order('colour'),
    ]) {
      assert.equal(result.status, 400);
      assert.deepEqual(result.error, {
        code: '42703',
        details: null,
        hint: null,
        message: 'column projects.colour does not exist',
      });
    }
    const insert = await owner.from('projects').insert({ colour: 'blue' });
    assert.equal(insert.status, 400);
    assert.equal(insert.error?.code, 'PGRST204');
  });

  it('a value of the wrong type is 400 22P02', async () => {
    const { error, status } = await anon.from('projects').select('title').eq('id', 'not-a-uuid');
    assert.equal(status, 400);
    assert.equal(error?.code, '22P02');
    assert.match(error?.message ?? '', /invalid input syntax for type uuid/);
    const platform = await anon.from('courses').select('title').eq('platform', 'COURSERA');
    assert.equal(platform.status, 400);
    assert.equal(platform.error?.code, '22P02');
  });

  it('check, not-null and unique violations are 400, 400 and 409', async () => {
    const check = await owner.from('emails').insert({ email: 'not-an-address' });
    assert.equal(check.status, 400);
    assert.equal(check.error?.code, '23514');
    assert.match(check.error?.message ?? '', /emails_email_format/);
    const notNull = await owner
      .from('projects')
      .insert({ title: 'No image', link_to_project: 'https://example.com', image_path: null });
    assert.equal(notNull.status, 400);
    assert.equal(notNull.error?.code, '23502');
    const unique = await owner.from('projects').update({ featured_rank: 1 }).eq('featured_rank', 2);
    assert.equal(unique.status, 409);
    assert.equal(unique.error?.code, '23505');
  });

  it('an analytics event outside the spec list is refused', async () => {
    const { error, status } = await owner.from('analytics_events').insert({ name: 'userHacks' });
    assert.equal(status, 400);
    assert.equal(error?.code, '23514');
  });

  it('a malformed filter is 400 PGRST100; a bad body 400 PGRST102', async () => {
    const filter = await anon.from('projects').select('title').filter('title', 'resembles', 'x');
    assert.equal(filter.status, 400);
    assert.equal(filter.error?.code, 'PGRST100');
    const server = await localSupabase();
    const response = await fetch(`${server.url}/rest/v1/emails`, {
      method: 'POST',
      headers: { apikey: server.secretKey, 'Content-Type': 'application/json' },
      body: '{"email": ',
    });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), {
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    });
  });

  it('another schema is 406 PGRST106', async () => {
    const { error, status } = await anon.schema('private').from('projects').select('*');
    assert.equal(status, 406);
    assert.equal(error?.code, 'PGRST106');
  });

  it('an unsupported media type is 406 PGRST107', async () => {
    const { error, status } = await anon.from('projects').select('title').csv();
    assert.equal(status, 406);
    assert.equal(error?.code, 'PGRST107');
  });
});
