// Edge functions run under Node from their handler module, with the environment and the gateway's JWT check of a
// hosted project (fixture functions under test/fixtures/functions). That check knows JWTs only (a user's token, a
// legacy key): a publishable or secret key as bearer token is refused by it, as on a hosted project.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { localSupabase, serverLog, userToken } from '../support/localSupabase.ts';

describe('functions', () => {
  it('functions.invoke() by a signed-in user reaches the handler with the variables of a hosted project', async () => {
    const server = await localSupabase();
    const token = await userToken(server);
    const client = createClient(server.url, server.publishableKey, {
      accessToken: async () => token,
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
      publishableKeyProvided: true,
      jwksProvided: true,
    });
    assert.ok(projects >= 9, 'the function read the seeded projects with the secret key');
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
    for (const key of [server.publishableKey, server.secretKey]) {
      const apiKey = await fetch(`${server.url}/functions/v1/echo`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}` },
      });
      assert.equal(apiKey.status, 401, 'an API key is no JWT');
      assert.deepEqual(await apiKey.json(), { code: 401, message: 'Invalid JWT' });
    }
    for (const token of [await userToken(server), server.anonKey]) {
      const jwt = await fetch(`${server.url}/functions/v1/echo`, {
        method: 'POST',
        headers: { apikey: server.publishableKey, Authorization: `Bearer ${token}` },
      });
      assert.equal(jwt.status, 200, 'a token signed with the signing key, or the legacy secret');
    }
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
