// The limits docs/security.md promises of every server we run, each checked at its number: the site's and a section's
// servers refuse a request target over 4 KB (414), every server refuses headers over 16 KB (431), the backend bounds a
// REST query at 4 KB (400), headers that never end are cut off at the 10 s header timeout (408), and every answer
// carries a request id of the server's own (a client-sent one is never taken).
import { expect, test } from '../../support/test.ts';
import { LOCAL_PUBLISHABLE_KEY } from '@site/supabase-local/keys';
import { sendRaw } from '../../support/hostileRequests.ts';
import { backendUrl, ports, siteUrl } from '../../support/site.ts';

const servers = [
  { name: 'the site', port: ports.shell, path: '/about' },
  { name: 'a section', port: ports.portfolio, path: '/mf-manifest.json' },
  { name: 'the backend', port: ports.backend, path: '/rest/v1/projects?select=title&limit=1' },
];

const request = (target: string, extraHeaders = '') =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\napikey: ${LOCAL_PUBLISHABLE_KEY}\r\n${extraHeaders}Connection: close\r\n\r\n`;

test('a request target over 4 KB is refused with 414 by the site and the sections; one of 4 KB is served', async () => {
  for (const { name, port, path } of servers.slice(0, 2)) {
    // The server's own page or file, with a query that makes the target exactly 4096 bytes, then one more.
    const padded = (length: number) => `${path}?q=${'a'.repeat(length - `${path}?q=`.length)}`;
    expect((await sendRaw(port, request(padded(4096)))).status, `${name}, 4096 bytes`).toBe(200);
    expect((await sendRaw(port, request(padded(4097)))).status, `${name}, 4097 bytes`).toBe(414);
  }
});

test('the backend bounds a REST query at 4 KB (400), as PostgREST cannot be interrupted mid-statement here', async () => {
  const target = `/rest/v1/projects?select=title&title=like.${'a'.repeat(4096)}`;
  expect((await sendRaw(ports.backend, request(target))).status).toBe(400);
});

test('headers over 16 KB are refused with 431 by every server; 15 KB of headers are served', async () => {
  for (const { name, port, path } of servers) {
    const under = `X-Padding: ${'b'.repeat(15 * 1024)}\r\n`;
    const over = `X-Padding: ${'b'.repeat(17 * 1024)}\r\n`;
    expect((await sendRaw(port, request(path, under))).status, `${name}, 15 KB`).toBe(200);
    expect((await sendRaw(port, request(path, over))).status, `${name}, 17 KB`).toBe(431);
  }
});

test('every answer carries a request id of its own server: new for each request, never the one a client sent', async () => {
  const forged = 'forged-by-the-client';
  for (const url of [
    `${siteUrl}/about`,
    `${siteUrl}/no-such-page`,
    `http://localhost:${ports.portfolio}/mf-manifest.json`,
    `${backendUrl}/rest/v1/projects?select=title&limit=1`,
    `${backendUrl}/rest/v1/no_such_table`,
  ]) {
    const ids = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await fetch(url, { headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'x-request-id': forged } });
      await answer.arrayBuffer();
      ids.push(answer.headers.get('x-request-id'));
    }
    for (const id of ids)
      expect(id, url).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[0], `${url}: a new id per request`).not.toBe(ids[1]);
  }
});

test('headers that never end are cut off at the 10 s header timeout (408), on every server at once', async () => {
  test.setTimeout(60_000);
  const timings = await Promise.all(
    servers.map(async ({ name, port }) => {
      const started = Date.now();
      const answer = await sendRaw(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', { waitMs: 30_000 });
      return { name, status: answer.status, seconds: (Date.now() - started) / 1000 };
    }),
  );
  for (const { name, status, seconds } of timings) {
    expect(status, name).toBe(408);
    // The timeout is 10 s, checked every second (connectionsCheckingInterval): not before it. That it comes is the
    // 408 (a server without the timeout keeps the connection past sendRaw's 30 s: no status).
    expect(seconds, name).toBeGreaterThanOrEqual(9.9);
  }
});
