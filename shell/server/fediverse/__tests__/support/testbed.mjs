// The fediverse tests' testbed: a fresh local backend (the stand-in, with its schedule: the newsletter is sent as
// it is on `npm start`), the rows an owner or the channel's sync writes (through the Data API with the secret key), and
// the site's account in a process of its own (./accountServer.mjs) that a test may stop and start again.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { tsImport } from 'tsx/esm/api';
import { startBackend } from '../../../../../scripts/backend.mjs';

export const { LOCAL_SECRET_KEY: secretKey } = await tsImport('@site/supabase-local/keys', import.meta.url);

/** A port nothing listens on now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throwaway copy of the seeded backend, with its schedule running. */
export async function startFreshBackend() {
  const backend = await startBackend({ port: await freePort(), fresh: true, quiet: true });
  return { ...backend, secretKey };
}

/** The Data API with the secret key (what the owner's dashboard and the channel's sync write with). */
export function dataApi(backendUrl) {
  const call = async (method, pathAndQuery, body, headers = {}) => {
    const response = await fetch(`${backendUrl}/rest/v1/${pathAndQuery}`, {
      method,
      headers: {
        apikey: secretKey,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathAndQuery}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    select: (pathAndQuery) => call('GET', pathAndQuery),
    insert: async (table, row) => (await call('POST', table, row))[0],
    update: (tableAndFilter, changes) => call('PATCH', tableAndFilter, changes),
    rpc: (name, args = {}) => call('POST', `rpc/${name}`, args, { Prefer: '' }),
  };
}

/** Resolves when `check()` gives something truthy, asking again every 100 ms (the test's own timeout bounds it). */
export async function eventually(check) {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The site's account in a process of its own, on `port` (its origin: http://localhost:<port>).
 * @param {{ port: number, backendUrl: string } & Record<string, unknown>} options
 */
export async function startAccount(options) {
  const origin = `http://localhost:${options.port}`;
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, 'accountServer.mjs'),
      JSON.stringify({ secretKey, origin, allowPrivateAddress: true, ...options }),
    ],
    // An IPC channel: the account's process ends when the test's does, however it ends.
    { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  const log = [];
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      log.push(line);
      if (line.startsWith('listening ')) resolve(undefined);
    });
    createInterface({ input: child.stderr }).on('line', (line) => log.push(line));
    void exited.then(() => reject(new Error(`the account's process ended:\n${log.join('\n')}`)));
  });
  await listening;
  return {
    origin,
    log,
    /** Gone at once, mid-work, as a crash or a killed container is. */
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
