// What any web page a developer visits could send the stand-in without a CORS preflight (a form's POST, a text/plain
// body, a key in the URL, a WebSocket from another origin) is refused; the site's own origins and Node clients work
// as before. And a request cannot ask the database for unbounded work (PGlite cannot interrupt a statement).
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import WebSocket from 'ws';
import { localSupabase, serviceClient } from '../support/localSupabase.ts';

const evil = 'https://evil.example';

describe('cross-site requests', () => {
  it('refuses any request from an origin that is not the site, even a simple one', async () => {
    const server = await localSupabase();
    const read = await fetch(`${server.url}/rest/v1/projects?select=title`, {
      headers: { Origin: evil, apikey: server.publishableKey },
    });
    assert.equal(read.status, 403);
    const write = await fetch(`${server.url}/rest/v1/projects?apikey=${server.secretKey}`, {
      method: 'POST',
      headers: { Origin: evil, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ title: 'planted', image_path: 'x.webp', link_to_project: 'https://x' }),
    });
    assert.equal(write.status, 403);
    const site = await fetch(`${server.url}/rest/v1/projects?select=title&limit=1`, {
      headers: { Origin: 'http://localhost:3001', apikey: server.publishableKey },
    });
    assert.equal(site.status, 200);
  });

  it('takes the key of a write only from a header, never from the URL (a form or <img> could send that)', async () => {
    const server = await localSupabase();
    const viaQuery = await fetch(`${server.url}/rest/v1/projects?apikey=${server.secretKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'planted', image_path: 'x.webp', link_to_project: 'https://x' }),
    });
    assert.equal(viaQuery.status, 401);
    const owner = await serviceClient();
    const { count } = await owner
      .from('projects')
      .select('*', { count: 'exact', head: true })
      .eq('title', 'planted');
    assert.equal(count, 0, 'nothing was written');
    // A read may still carry the key in the URL, as supabase-js's Realtime socket does.
    const read = await fetch(
      `${server.url}/rest/v1/projects?select=title&limit=1&apikey=${server.publishableKey}`,
    );
    assert.equal(read.status, 200);
  });

  it('refuses a write whose body is not JSON (415)', async () => {
    const server = await localSupabase();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await fetch(`${server.url}/rest/v1/rpc/search_videos`, {
        method: 'POST',
        headers: { apikey: server.publishableKey, 'Content-Type': type },
        body: '{"search_term":"x","sort":"views"}',
      });
      assert.equal(response.status, 415, type);
    }
  });

  it('refuses a Realtime socket opened by a page of another origin', async () => {
    const server = await localSupabase();
    const url = `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.publishableKey}&vsn=2.0.0`;
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(url, { headers: { Origin: evil } });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('error', () => undefined);
    });
    assert.equal(refused, 403);
    const opened = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(url, { headers: { Origin: 'http://localhost:3000' } });
      socket.on('open', () => {
        socket.close();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    assert.equal(opened, true, 'the site may open one');
  });

  it('bounds what one request may ask of the database: 32 filters, a 4 KB query', async () => {
    const server = await localSupabase();
    const filters = Array.from({ length: 33 }, (_, index) => `title=neq.x${index}`).join('&');
    const many = await fetch(`${server.url}/rest/v1/projects?select=title&${filters}`, {
      headers: { apikey: server.publishableKey },
    });
    assert.equal(many.status, 400);
    const long = await fetch(`${server.url}/rest/v1/projects?select=title&title=like.${'a'.repeat(5000)}`, {
      headers: { apikey: server.publishableKey },
    });
    assert.equal(long.status, 400);
  });

  it('runs no function for a page of another origin: the functions are behind the same guard', async () => {
    const server = await localSupabase();
    const foreign = await fetch(`${server.url}/functions/v1/public-echo`, {
      method: 'POST',
      headers: { Origin: evil, 'Content-Type': 'text/plain' },
      body: '{}',
    });
    assert.equal(foreign.status, 403);
    assert.match(((await foreign.json()) as { message: string }).message, /may not use this backend/);
    const site = await fetch(`${server.url}/functions/v1/public-echo`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(site.status, 200);
    // The site's preflight still reaches the function, which answers it (as on a hosted project).
    const preflight = await fetch(`${server.url}/functions/v1/public-echo`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    assert.ok(preflight.ok, `preflight ${preflight.status}`);
  });

  it('answers only to the names of this machine (a rebound DNS name gets 421), sockets too', async () => {
    const server = await localSupabase();
    const { port } = new URL(server.url);
    const statusFor = (host: string, path = '/rest/v1/projects?select=title&limit=1', upgrade = false) =>
      new Promise<number>((resolve, reject) => {
        const sent = httpRequest({
          host: '127.0.0.1',
          port,
          path,
          headers: {
            Host: host,
            apikey: server.publishableKey,
            ...(upgrade
              ? {
                  Connection: 'Upgrade',
                  Upgrade: 'websocket',
                  'Sec-WebSocket-Version': '13',
                  'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
                }
              : {}),
          },
        });
        sent.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        sent.on('upgrade', (response, socket) => {
          socket.destroy();
          resolve(response.statusCode ?? 0);
        });
        sent.on('error', reject);
        sent.end();
      });
    assert.equal(await statusFor(`rebound.evil.example:${port}`), 421);
    assert.equal(await statusFor('rebound.evil.example'), 421);
    assert.equal(await statusFor(`rebound.evil.example:${port}`, '/functions/v1/public-echo'), 421);
    assert.equal(
      await statusFor(
        `rebound.evil.example:${port}`,
        `/realtime/v1/websocket?apikey=${server.publishableKey}`,
        true,
      ),
      421,
    );
    assert.equal(await statusFor(`localhost:${port}`), 200);
    assert.equal(await statusFor(`127.0.0.1:${port}`), 200);
    assert.equal(await statusFor(`[::1]:${port}`), 200);
    assert.equal(
      await statusFor(`localhost:${port}`, `/realtime/v1/websocket?apikey=${server.publishableKey}`, true),
      101,
    );
  });
});
