// Edge functions run in Deno, the `deno` package's, from their index.ts, with the environment and the gateway's
// verify_jwt check of a hosted project (fixture functions under test/fixtures/functions). That check takes a JWT of the
// project (a user's token, a legacy key) and, for migration compatibility, a publishable or secret key of the project
// on either header, as Supabase's guide "Authorization headers" has it (2026). Nothing
// a function does (throw, fail to load, end its process) stops the stand-in; functionLimits.test.ts has the calls
// that run out of time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { localSupabase, logged, serverLog, userToken } from '../support/localSupabase.ts';

const denoPackage = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('deno/package.json'), 'utf8'),
) as { version: string };

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
      deno: denoPackage.version,
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

  it('checks the caller unless verify_jwt = false (a JWT of the project, or one of its keys on either header), and lets preflights through', async () => {
    const server = await localSupabase();
    const missing = await fetch(`${server.url}/functions/v1/echo`, { method: 'POST' });
    assert.equal(missing.status, 401);
    assert.deepEqual(await missing.json(), { code: 401, message: 'Missing authorization header' });
    const forged = await fetch(`${server.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { Authorization: 'Bearer a.b.c' },
    });
    assert.equal(forged.status, 401);
    for (const headers of <Record<string, string>[]>[
      { apikey: 'sb_publishable_not_this_projects' },
      { Authorization: 'Bearer sb_secret_nope' },
    ]) {
      const unknown = await fetch(`${server.url}/functions/v1/echo`, { method: 'POST', headers });
      assert.equal(unknown.status, 401, JSON.stringify(headers));
    }
    for (const key of [server.publishableKey, server.secretKey]) {
      for (const headers of <Record<string, string>[]>[{ apikey: key }, { Authorization: `Bearer ${key}` }]) {
        const apiKey = await fetch(`${server.url}/functions/v1/echo`, { method: 'POST', headers });
        assert.equal(
          apiKey.status,
          200,
          `a key of the project passes, as hosted since 2026: ${Object.keys(headers)[0]}`,
        );
        await apiKey.arrayBuffer();
      }
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

  it('a throwing function is a 500, one that fails to load a 503; unknown and private names are 404', async () => {
    const server = await localSupabase();
    const auth = { Authorization: `Bearer ${server.anonKey}` };
    const crash = await fetch(`${server.url}/functions/v1/crash`, { method: 'POST', headers: auth });
    assert.equal(crash.status, 500);
    assert.equal(((await crash.json()) as { code: string }).code, 'WORKER_ERROR');
    await logged(serverLog, /fixture failure/);
    const noServe = await fetch(`${server.url}/functions/v1/no-serve`, { method: 'POST', headers: auth });
    assert.equal(noServe.status, 503);
    assert.equal(((await noServe.json()) as { code: string }).code, 'BOOT_ERROR');
    await logged(serverLog, /no-serve failed to start/);
    for (const name of ['nope', 'no-entry', '_shared', '_health', '..%2F..%2Fsrc']) {
      const response = await fetch(`${server.url}/functions/v1/${name}`, { method: 'POST', headers: auth });
      assert.equal(response.status, 404, name);
    }
    const stillUp = await fetch(`${server.url}/functions/v1/public-echo`);
    assert.equal(stillUp.status, 200);
  });

  it('an error nobody catches is logged, and the functions go on', async () => {
    const server = await localSupabase();
    const auth = { Authorization: `Bearer ${server.anonKey}` };
    const answered = await fetch(`${server.url}/functions/v1/unhandled`, { method: 'POST', headers: auth });
    assert.equal(await answered.text(), 'answered');
    await logged(serverLog, /unhandled rejection: Error: fixture rejection/);
    await logged(serverLog, /uncaught error: Error: fixture timer error/);
    const next = await fetch(`${server.url}/functions/v1/public-echo`);
    assert.equal(await next.text(), 'public GET');
  });

  it('a function that ends its process is a 500, and the next call starts the runtime again', async () => {
    const server = await localSupabase();
    const auth = { Authorization: `Bearer ${server.anonKey}` };
    const exited = await fetch(`${server.url}/functions/v1/exit`, { method: 'POST', headers: auth });
    assert.equal(exited.status, 500);
    await logged(serverLog, /the Deno runtime stopped \(exit code 3\)/);
    const next = await fetch(`${server.url}/functions/v1/public-echo`);
    assert.equal(await next.text(), 'public GET');
  });
});
