// CORS: the site's origins (ports 3000-3004 on localhost and 127.0.0.1) may call the API from the browser with the
// headers supabase-js sends, and read Content-Range; other origins get no CORS headers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localSupabase } from '../support/localSupabase.ts';

const supabaseJsHeaders =
  'authorization, apikey, content-type, x-client-info, prefer, accept-profile, content-profile, range, x-supabase-api-version';

describe('cors', () => {
  it('answers the preflight of a site origin', async () => {
    const server = await localSupabase();
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3003', 'http://localhost:3004']) {
      const response = await fetch(`${server.url}/rest/v1/emails?on_conflict=email`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': supabaseJsHeaders,
        },
      });
      assert.equal(response.status, 204, origin);
      assert.equal(response.headers.get('access-control-allow-origin'), origin);
      assert.match(response.headers.get('access-control-allow-methods') ?? '', /POST/);
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
      for (const header of supabaseJsHeaders.split(', '))
        assert.ok(allowed.includes(header), `${header} is allowed`);
    }
  });

  it('exposes Content-Range to the site', async () => {
    const server = await localSupabase();
    const response = await fetch(`${server.url}/rest/v1/ads?select=title`, {
      headers: { Origin: 'http://localhost:3003', apikey: server.publishableKey, Prefer: 'count=exact' },
    });
    assert.equal(response.headers.get('access-control-allow-origin'), 'http://localhost:3003');
    assert.match(response.headers.get('access-control-expose-headers') ?? '', /content-range/);
    assert.equal(response.headers.get('content-range'), '0-2/3');
    const error = await fetch(`${server.url}/rest/v1/ads?select=nope`, {
      headers: { Origin: 'http://localhost:3003', apikey: server.publishableKey },
    });
    assert.equal(error.status, 400);
    assert.equal(
      error.headers.get('access-control-allow-origin'),
      'http://localhost:3003',
      'errors are readable by the site too',
    );
  });

  it('gives other origins nothing', async () => {
    const server = await localSupabase();
    const preflight = await fetch(`${server.url}/rest/v1/projects`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    const read = await fetch(`${server.url}/rest/v1/projects?select=title`, {
      headers: { Origin: 'http://localhost:8080', apikey: server.publishableKey },
    });
    assert.equal(read.headers.get('access-control-allow-origin'), null);
  });
});
