// Keys and tokens as a Supabase project created today takes them: the publishable key is the anon role and the secret
// key the service_role, through a token the gateway signs with the project's asymmetric signing key, whose public half
// is served as the JWKS; an unknown key, or an API key sent as someone else's bearer token, is a 401. The legacy
// HS256 keys and tokens still work. A missing, malformed, expired or wrongly signed token is a 401 before any SQL runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import { createLocalJWKSet, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose';
import WebSocket from 'ws';
import { signLegacyToken } from '../../src/startLocalSupabase.ts';
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

interface Whoami {
  role: string;
  db_role: string;
  iss?: string;
  uid?: string | null;
  email?: string | null;
  method?: string;
}

/** Who SQL sees for these request headers (an RPC created for this suite). */
async function whoami(headers: Record<string, string>): Promise<{ status: number; body: Whoami }> {
  const server = await localSupabase();
  const response = await fetch(`${server.url}/rest/v1/rpc/local_test_whoami`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, body: (await response.json()) as Whoami };
}

describe('auth: keys and tokens', () => {
  before(async () => {
    const server = await localSupabase();
    await server.db.exec(`
      create or replace function public.local_test_whoami() returns jsonb language sql stable as $$
        select jsonb_build_object('role', auth.role(), 'uid', auth.uid(), 'email', auth.email(), 'db_role', current_user,
                                  'method', current_setting('request.method', true), 'iss', auth.jwt()->>'iss')
      $$;
      grant execute on function public.local_test_whoami() to anon, authenticated, service_role;`);
    await server.reloadSchema();
  });

  after(async () => {
    const server = await localSupabase();
    await server.db.exec('drop function public.local_test_whoami()');
    await server.reloadSchema();
  });

  it('the publishable key runs as anon and the secret key as service_role, alone or copied as bearer', async () => {
    const server = await localSupabase();
    for (const [key, role] of [
      [server.publishableKey, 'anon'],
      [server.secretKey, 'service_role'],
    ] as const) {
      for (const headers of [{ apikey: key }, { apikey: key, Authorization: `Bearer ${key}` }] as Record<
        string,
        string
      >[]) {
        const { status, body } = await whoami(headers);
        assert.equal(status, 200);
        assert.deepEqual(
          { role: body.role, db_role: body.db_role, iss: body.iss },
          {
            role,
            db_role: role,
            iss: 'supabase-local',
          },
        );
      }
    }
    const owner = await get('/rest/v1/contacts?select=id', { apikey: server.secretKey });
    assert.equal(owner.status, 200, 'the secret key reads what only the owner may');
  });

  it('the key passed as ?apikey= (what a WebSocket or a link can carry) counts the same', async () => {
    const server = await localSupabase();
    const anon = await get(`/rest/v1/ads?select=title&apikey=${server.publishableKey}`, {});
    assert.equal(anon.status, 200);
  });

  it('a key this project does not have is 401, whatever the bearer token', async () => {
    const server = await localSupabase();
    for (const headers of [
      { apikey: 'sb_publishable_NotThisProject0000000000_0000000' } as Record<string, string>,
      { apikey: `${server.secretKey}x`, Authorization: `Bearer ${server.anonKey}` },
      { apikey: 'not-a-key', Authorization: `Bearer ${server.anonKey}` },
    ]) {
      const result = await get('/rest/v1/projects', headers);
      assert.equal(result.status, 401, headers.apikey);
      assert.equal(result.body.message, 'Invalid API key');
      assert.equal(result.body.code, 'PGRST301');
    }
  });

  it('a publishable or secret key is no bearer token: one that is not the apikey is refused', async () => {
    const server = await localSupabase();
    for (const headers of [
      { apikey: server.publishableKey, Authorization: `Bearer ${server.secretKey}` } as Record<
        string,
        string
      >,
      { Authorization: `Bearer ${server.secretKey}` },
    ]) {
      const result = await get('/rest/v1/contacts?select=id', headers);
      assert.equal(result.status, 401, 'no way up from the publishable key, nor a key without apikey');
      assert.equal(result.body.message, 'Invalid API key');
    }
  });

  it('serves the JWKS, which verifies the tokens the project signs and holds no private part', async () => {
    const server = await localSupabase();
    const response = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
    assert.equal(response.status, 200);
    const jwks = (await response.json()) as JSONWebKeySet;
    assert.deepEqual(jwks, server.jwks);
    assert.equal(jwks.keys.length, 1);
    assert.deepEqual(
      {
        kty: jwks.keys[0]!.kty,
        alg: jwks.keys[0]!.alg,
        crv: jwks.keys[0]!.crv,
        private: 'd' in jwks.keys[0]!,
      },
      { kty: 'EC', alg: 'ES256', crv: 'P-256', private: false },
    );
    const token = await userToken(server);
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks));
    assert.equal(protectedHeader.alg, 'ES256');
    assert.equal(payload.role, 'authenticated');
  });

  it('a user token signed with the signing key runs as authenticated with its claims visible to SQL', async () => {
    const server = await localSupabase();
    const token = await userToken(server, { email: 'user@example.com' });
    const { body } = await whoami({ apikey: server.publishableKey, Authorization: `Bearer ${token}` });
    assert.deepEqual(
      { ...body, iss: undefined },
      {
        role: 'authenticated',
        uid: '6f1f6d0e-4c1b-4f55-9a55-2c1e1d3b7a10',
        email: 'user@example.com',
        db_role: 'authenticated',
        method: 'POST',
        iss: undefined,
      },
    );
  });

  it('a token signed by another key, even under the same key id, is 401 PGRST301', async () => {
    const server = await localSupabase();
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid: server.jwks.keys[0]!.kid! })
      .sign(privateKey);
    const result = await get('/rest/v1/contacts', {
      apikey: server.publishableKey,
      Authorization: `Bearer ${forged}`,
    });
    assert.equal(result.status, 401);
    assert.deepEqual(result.body, {
      code: 'PGRST301',
      details: null,
      hint: null,
      message: 'JWSError JWSInvalidSignature',
    });
  });

  it('the legacy anon and service-role keys still work, as apikey and as bearer token', async () => {
    const server = await localSupabase();
    const anon = await whoami({ apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}` });
    assert.equal(anon.body.role, 'anon');
    const owner = await whoami({ apikey: server.anonKey, Authorization: `Bearer ${server.serviceRoleKey}` });
    assert.equal(owner.body.role, 'service_role', 'the bearer token decides the role');
    const mixed = await whoami({
      apikey: server.publishableKey,
      Authorization: `Bearer ${server.serviceRoleKey}`,
    });
    assert.equal(mixed.body.role, 'service_role');
  });

  it('no key at all is 401', async () => {
    const result = await get('/rest/v1/projects', {});
    assert.equal(result.status, 401);
    assert.equal(result.body.message, 'No API key found in request');
  });

  it('an expired token is 401 PGRST303', async () => {
    const server = await localSupabase();
    const now = Math.floor(Date.now() / 1000);
    for (const expired of [
      await signLegacyToken({ role: 'anon', exp: now - 60 }, server.jwtSecret),
      await server.signToken({ role: 'anon', exp: now - 60 }),
    ]) {
      const result = await get('/rest/v1/projects', {
        apikey: server.publishableKey,
        Authorization: `Bearer ${expired}`,
      });
      assert.equal(result.status, 401);
      assert.deepEqual(result.body, { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
      assert.match(result.authenticate ?? '', /invalid_token/);
    }
  });

  it('a token signed with another secret is 401 PGRST301', async () => {
    const server = await localSupabase();
    const forged = await signLegacyToken(
      { role: 'service_role' },
      'another-secret-another-secret-another-secret',
    );
    const result = await get('/rest/v1/contacts', {
      apikey: server.publishableKey,
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
        apikey: server.publishableKey,
        Authorization: `Bearer ${token}`,
      });
      assert.equal(result.status, 401, token);
      assert.equal(result.body.code, 'PGRST301', token);
    }
  });

  it('a token for a role outside anon / authenticated / service_role is refused', async () => {
    const server = await localSupabase();
    for (const superuser of [
      await signLegacyToken({ role: 'postgres' }, server.jwtSecret),
      await server.signToken({ role: 'postgres' }),
    ]) {
      const result = await get('/rest/v1/contacts', {
        apikey: server.publishableKey,
        Authorization: `Bearer ${superuser}`,
      });
      assert.equal(result.status, 401);
    }
  });

  it('the Realtime socket takes the publishable key and the legacy anon key, and refuses a key it does not have', async () => {
    const server = await localSupabase();
    const open = (key: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(
          `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(key)}&vsn=2.0.0`,
        );
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        socket.once('error', () => undefined);
      });
    assert.equal(await open(server.publishableKey), 101);
    assert.equal(await open(server.anonKey), 101);
    assert.equal(await open('sb_publishable_NotThisProject0000000000_0000000'), 401);
  });
});
