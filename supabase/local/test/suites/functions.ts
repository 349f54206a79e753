// Edge functions run under Node from their handler module, with the environment and the gateway's JWT check of a
// hosted project (fixture functions under test/fixtures/functions).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { localSupabase, serverLog } from '../support/localSupabase.ts';

describe('functions', () => {
  it('functions.invoke() reaches the handler with the request and a working SUPABASE_URL / service key', async () => {
    const server = await localSupabase();
    const client = createClient(server.url, server.anonKey, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as never },
    });
    const { data, error } = await client.functions.invoke('echo/sub/path?x=1', { body: { hello: 'world' } });
    assert.equal(error, null);
    const { projects, ...request } = data as { projects: number };
    assert.deepEqual(request, {
      method: 'POST',
      path: '/echo/sub/path',
      query: '?x=1',
      body: '{"hello":"world"}',
      authorization: true,
      anonKeyProvided: true,
    });
    assert.ok(projects >= 9, 'the function read the seeded projects with the service key');
  });

  it('streams back status and headers of the Response', async () => {
    const server = await localSupabase();
    const response = await fetch(`${server.url}/functions/v1/echo`, {
      headers: { Authorization: `Bearer ${server.anonKey}` },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-echo'), 'yes');
    assert.equal(((await response.json()) as { method: string }).method, 'GET');
  });

  it('checks the JWT unless verify_jwt = false, and lets preflights through', async () => {
    const server = await localSupabase();
    const missing = await fetch(`${server.url}/functions/v1/echo`, { method: 'POST' });
    assert.equal(missing.status, 401);
    const forged = await fetch(`${server.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { Authorization: 'Bearer a.b.c' },
    });
    assert.equal(forged.status, 401);
    const open = await fetch(`${server.url}/functions/v1/public-echo`, { method: 'POST' });
    assert.equal(open.status, 200);
    assert.equal(await open.text(), 'public POST');
    const preflight = await fetch(`${server.url}/functions/v1/public-echo`, { method: 'OPTIONS' });
    assert.equal(await preflight.text(), 'public OPTIONS', 'the function itself answers the preflight');
  });

  it('a throwing function is a 500; unknown and private names are 404', async () => {
    const server = await localSupabase();
    const auth = { Authorization: `Bearer ${server.anonKey}` };
    const crash = await fetch(`${server.url}/functions/v1/crash`, { method: 'POST', headers: auth });
    assert.equal(crash.status, 500);
    assert.ok(
      serverLog.some((line) => line.includes('fixture failure')),
      'the error is logged',
    );
    for (const name of ['nope', 'no-handler', '_shared', '..%2F..%2Fsrc']) {
      const response = await fetch(`${server.url}/functions/v1/${name}`, { method: 'POST', headers: auth });
      assert.equal(response.status, 404, name);
    }
    const stillUp = await fetch(`${server.url}/functions/v1/public-echo`);
    assert.equal(stillUp.status, 200);
  });
});
