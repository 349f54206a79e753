// No request, however malformed, stops a server we run, and nobody else notices it: a few hundred hostile requests
// over raw TCP at the shell's server, a section's server, the backend (REST, functions, storage) and its Realtime
// socket; each gets a 4xx or a closed connection (never a 5xx, never a hang), and afterwards every server still
// answers its ordinary requests, as npm start serves them.
import { expect, test } from '../../support/test.ts';
import { LOCAL_PUBLISHABLE_KEY } from '@site/supabase-local/keys';
import WebSocket from 'ws';
import {
  hostileRequests,
  hostileUpgrades,
  sendRaw,
  type HostileRequest,
} from '../../support/hostileRequests.ts';
import { backendUrl, ports, siteUrl } from '../../support/site.ts';

const socketPath = '/realtime/v1/websocket';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

/** Sends every request (16 at a time) and returns what went wrong: a 5xx or a hang. */
async function misbehaviours(port: number, requests: HostileRequest[]): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const hostile = requests[next++]!;
      const answer = await sendRaw(port, hostile.bytes, { waitMs: 15_000 });
      if (answer.hung) problems.push(`${hostile.name}: no answer and no close`);
      else if (answer.status !== null && answer.status >= 500)
        problems.push(`${hostile.name}: ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return problems;
}

/** What every server must still do after the abuse. */
async function everyServerStillAnswers() {
  const page = await fetch(`${siteUrl}/about`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<h1');
  const manifest = await fetch(`http://localhost:${ports.portfolio}/mf-manifest.json`);
  expect(manifest.status).toBe(200);
  const rows = await fetch(`${backendUrl}/rest/v1/projects?select=title&limit=1`, {
    headers: { apikey: LOCAL_PUBLISHABLE_KEY },
  });
  expect(rows.status).toBe(200);
  expect(await rows.json()).toHaveLength(1);
  const refusal = await fetch(`${backendUrl}/functions/v1/contact`, {
    method: 'POST',
    headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(refusal.status).toBe(400);
  expect(await refusal.json()).toMatchObject({ error: 'invalid_fields' });
  expect(await realtimeJoins()).toBe(true);
}

/** A Realtime client can still join a channel. */
function realtimeJoins(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(
      `${backendUrl.replace('http', 'ws')}${socketPath}?apikey=${LOCAL_PUBLISHABLE_KEY}&vsn=2.0.0`,
    );
    const timer = setTimeout(() => {
      socket.terminate();
      resolve(false);
    }, 10_000);
    socket.on('open', () =>
      socket.send(
        JSON.stringify(['1', '1', 'realtime:health', 'phx_join', { config: { postgres_changes: [] } }]),
      ),
    );
    socket.on('message', (data) => {
      const [, ref, , event, payload] = JSON.parse(String(data)) as [
        unknown,
        string,
        string,
        string,
        { status?: string },
      ];
      if (ref === '1' && event === 'phx_reply') {
        clearTimeout(timer);
        socket.close();
        resolve(payload.status === 'ok');
      }
    });
    socket.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

test('the shell server refuses malformed requests cleanly and keeps serving', async () => {
  const requests = [
    ...hostileRequests(['/', '/about', '/remotes.json', '/sitemap.xml', '/help/privacy-policy']),
    ...hostileUpgrades('/'),
  ];
  expect(requests.length).toBeGreaterThan(100);
  expect(await misbehaviours(ports.shell, requests)).toEqual([]);
  await everyServerStillAnswers();
});

test("a section's server refuses malformed requests cleanly and keeps serving", async () => {
  expect(
    await misbehaviours(ports.portfolio, hostileRequests(['/mf-manifest.json', '/remoteEntry.js'])),
  ).toEqual([]);
  await everyServerStillAnswers();
});

test('the backend (REST, functions, storage, Realtime upgrades) refuses malformed requests cleanly and keeps serving', async () => {
  const requests = [
    ...hostileRequests([
      '/rest/v1/projects',
      '/rest/v1/rpc/search_videos',
      '/functions/v1/contact',
      '/functions/v1/newsletter-subscribe',
      '/functions/v1/mail-events',
      '/storage/v1/object/public/content/projects/taskboard-kanban.webp',
    ]),
    ...hostileUpgrades(socketPath),
  ];
  expect(await misbehaviours(ports.backend, requests)).toEqual([]);
  await everyServerStillAnswers();
});

test('the Realtime socket survives garbage frames after a valid upgrade', async () => {
  const garbage: (string | Buffer)[] = [
    'not json',
    '{}',
    '[]',
    '[1,2]',
    'null',
    JSON.stringify(['1', '1', 'realtime:x', 'phx_join', 'not an object']),
    JSON.stringify(['1', '2', 'realtime:x', 'phx_join', { config: { postgres_changes: 'nope' } }]),
    JSON.stringify([
      '1',
      '3',
      'realtime:x',
      'phx_join',
      { config: { postgres_changes: [{ table: { a: 1 } }] } },
    ]),
    JSON.stringify([null, '4', 'phoenix', 'no_such_event', {}]),
    JSON.stringify(Array.from({ length: 10_000 }, () => 'x')),
    Buffer.from([0, 1, 2, 3, 255]),
    `["${'x'.repeat(2_000_000)}"]`,
  ];
  for (const frame of garbage) {
    await new Promise<void>((resolve) => {
      const socket = new WebSocket(
        `${backendUrl.replace('http', 'ws')}${socketPath}?apikey=${LOCAL_PUBLISHABLE_KEY}&vsn=2.0.0`,
      );
      const done = () => resolve();
      socket.on('open', () => {
        socket.send(frame, () => setTimeout(() => socket.terminate(), 100));
      });
      socket.on('close', done);
      socket.on('error', done);
    });
  }
  // Raw bytes that are no WebSocket frame at all, after the handshake.
  await new Promise<void>((resolve) => {
    const socket = new WebSocket(
      `${backendUrl.replace('http', 'ws')}${socketPath}?apikey=${LOCAL_PUBLISHABLE_KEY}&vsn=2.0.0`,
    );
    socket.on('open', () => {
      const raw = (socket as unknown as { _socket: import('node:net').Socket })._socket;
      raw.write(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01]));
      setTimeout(() => socket.terminate(), 200);
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
  await everyServerStillAnswers();
});

test('a request that never finishes is cut off, and costs nobody else anything', async () => {
  const stalled = await Promise.all(
    [ports.shell, ports.portfolio, ports.backend].map((port) =>
      // Headers that never end: the server closes the connection after its header timeout.
      sendRaw(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ', { waitMs: 30_000 }),
    ),
  );
  // Cut off by each server (its 10 s header timeout: limits.spec.ts holds each server to it), not left hanging.
  expect(stalled.map((answer) => answer.hung)).toEqual([false, false, false]);
  await everyServerStillAnswers();
});
