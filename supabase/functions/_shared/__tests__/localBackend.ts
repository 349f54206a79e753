// Starts the local Supabase stand-in (supabase/local) on a free port with a throwaway copy of the seeded database,
// for tests that prove rows really land. Its own process group, so stopping it stops everything it started.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const localAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const localServiceRoleKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** Starting means opening PGlite and running every migration and the seed: allow for a slow, shared machine. */
export const BACKEND_START_TIMEOUT_MS = 90_000;

export interface LocalBackend {
  url: string;
  /** GET /rest/v1/<path> with the service-role key, as the owner's dashboard reads. */
  readAsOwner: <Row>(pathAndQuery: string) => Promise<Row[]>;
  /** POST, PATCH or DELETE /rest/v1/<path> with the service-role key; resolves with the status. */
  writeAsOwner: (
    method: 'POST' | 'PATCH' | 'DELETE',
    pathAndQuery: string,
    body?: unknown,
  ) => Promise<number>;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/rest/v1/`, { headers: { apikey: localAnonKey }, signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * @param env extra environment for the stand-in's process, which its edge functions read
 * @param options.schedule false: the stand-in does not send the outbox itself (tests that run it, with their settings)
 */
export async function startLocalBackend(
  env: Record<string, string> = {},
  { schedule = true }: { schedule?: boolean } = {},
): Promise<LocalBackend> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli.ts',
      'start',
      '--port',
      String(port),
      '--fresh',
      '--quiet',
      ...(schedule ? [] : ['--no-schedule']),
    ],
    {
      cwd: path.resolve(__dirname, '../../../local'),
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const deadline = Date.now() + BACKEND_START_TIMEOUT_MS;
  while (!(await answers(url))) {
    if (!running) throw new Error(`The local backend stopped while starting:\n${stderr}`);
    if (Date.now() > deadline) throw new Error('The local backend did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    readAsOwner: async <Row>(pathAndQuery: string) => {
      const response = await fetch(`${url}/rest/v1/${pathAndQuery}`, {
        headers: { apikey: localServiceRoleKey, Authorization: `Bearer ${localServiceRoleKey}` },
      });
      if (!response.ok)
        throw new Error(`GET ${pathAndQuery} answered ${response.status} ${await response.text()}`);
      return (await response.json()) as Row[];
    },
    writeAsOwner: async (method, pathAndQuery, body) => {
      const response = await fetch(`${url}/rest/v1/${pathAndQuery}`, {
        method,
        headers: {
          apikey: localServiceRoleKey,
          Authorization: `Bearer ${localServiceRoleKey}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      await response.arrayBuffer();
      return response.status;
    },
    stop: async () => {
      if (!running) return;
      process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
    },
  };
}

/** Puts these environment variables back as they were once the file's tests are done (the tests set them). */
export function restoreEnvAfterAll(names: readonly string[]): void {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  afterAll(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
}
