// Tokens: the demo anon and service-role keys work; a missing, malformed, expired or wrongly signed token is a 401
// before any SQL runs; a token naming a role the API does not know is refused too.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../../src/startLocalSupabase.ts';
import { localSupabase, userToken } from '../support/localSupabase.ts';

async function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; authenticate: string | null }> {
  const server = await localSupabase();
  const response = await fetch(`${server.url}${path}`, { headers });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    authenticate: response.headers.get('www-authenticate'),
  };
}

describe('auth: tokens', () => {
  it('the demo anon and service-role keys are accepted', async () => {
    const server = await localSupabase();
    const anon = await get('/rest/v1/ads?select=title', {
      apikey: server.anonKey,
      Authorization: `Bearer ${server.anonKey}`,
    });
    assert.equal(anon.status, 200);
    const owner = await get('/rest/v1/contacts?select=id', {
      apikey: server.anonKey,
      Authorization: `Bearer ${server.serviceRoleKey}`,
    });
    assert.equal(owner.status, 200, 'the bearer token decides the role');
  });

  it('no key at all is 401', async () => {
    const result = await get('/rest/v1/projects', {});
    assert.equal(result.status, 401);
    assert.equal(result.body.message, 'No API key found in request');
  });

  it('an expired token is 401 PGRST303', async () => {
    const server = await localSupabase();
    const expired = signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 60 }, server.jwtSecret);
    const result = await get('/rest/v1/projects', {
      apikey: server.anonKey,
      Authorization: `Bearer ${expired}`,
    });
    assert.equal(result.status, 401);
    assert.deepEqual(result.body, { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
    assert.match(result.authenticate ?? '', /invalid_token/);
  });

  it('a token signed with another secret is 401 PGRST301', async () => {
    const server = await localSupabase();
    const forged = signJwt({ role: 'service_role' }, 'another-secret-another-secret-another-secret');
    const result = await get('/rest/v1/contacts', {
      apikey: server.anonKey,
      Authorization: `Bearer ${forged}`,
    });
    assert.equal(result.status, 401);
    assert.equal(result.body.code, 'PGRST301');
    const client = createClient(server.url, forged, {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as never },
    });
    const { error, status } = await client.from('contacts').select('*');
    assert.equal(status, 401);
    assert.equal(error?.code, 'PGRST301');
  });

  it('a tampered payload, alg "none" and garbage are refused', async () => {
    const server = await localSupabase();
    const [header, , signature] = server.anonKey.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ role: 'service_role', iss: 'supabase-demo' })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')}.`;
    for (const token of [tampered, none, 'garbage', 'a.b.c']) {
      const result = await get('/rest/v1/contacts', {
        apikey: server.anonKey,
        Authorization: `Bearer ${token}`,
      });
      assert.equal(result.status, 401, token);
      assert.equal(result.body.code, 'PGRST301', token);
    }
  });

  it('an invalid apikey is 401 even with a valid bearer token', async () => {
    const server = await localSupabase();
    const result = await get('/rest/v1/projects', {
      apikey: 'not-a-key',
      Authorization: `Bearer ${server.anonKey}`,
    });
    assert.equal(result.status, 401);
    assert.equal(result.body.message, 'Invalid API key');
  });

  it('a token for a role outside anon / authenticated / service_role is refused', async () => {
    const server = await localSupabase();
    const superuser = signJwt({ role: 'postgres' }, server.jwtSecret);
    const result = await get('/rest/v1/contacts', {
      apikey: server.anonKey,
      Authorization: `Bearer ${superuser}`,
    });
    assert.equal(result.status, 401);
  });

  it('a user token runs as authenticated with its claims visible to SQL', async () => {
    const server = await localSupabase();
    const token = userToken(server, { email: 'user@example.com' });
    await server.db.exec(`
      create or replace function public.local_test_whoami() returns jsonb language sql stable as $$
        select jsonb_build_object('role', auth.role(), 'uid', auth.uid(), 'email', auth.email(), 'db_role', current_user,
                                  'method', current_setting('request.method', true))
      $$;`);
    await server.reloadSchema();
    try {
      const response = await fetch(`${server.url}/rest/v1/rpc/local_test_whoami`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      assert.deepEqual(await response.json(), {
        role: 'authenticated',
        uid: '6f1f6d0e-4c1b-4f55-9a55-2c1e1d3b7a10',
        email: 'user@example.com',
        db_role: 'authenticated',
        method: 'POST',
      });
    } finally {
      await server.db.exec('drop function public.local_test_whoami()');
      await server.reloadSchema();
    }
  });

  it('signJwt makes standard HS256 tokens', async () => {
    const server = await localSupabase();
    const token = signJwt({ role: 'anon' }, server.jwtSecret);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const expected = createHmac('sha256', server.jwtSecret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    assert.equal(signature, expected);
    assert.deepEqual(JSON.parse(Buffer.from(header, 'base64url').toString()), { alg: 'HS256', typ: 'JWT' });
  });
});
