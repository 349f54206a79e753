// Starts the local Supabase stand-in (supabase/local) on a free port with a throwaway copy of the seeded database,
// for tests that prove rows really land. Its own process group, so stopping it stops everything it started.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from '@site/supabase-local/keys';
import { apiKeyHeaders } from '../apiKeys.ts';

/**
 * Starting means opening PGlite and running every migration and the seed. A safety net for a machine half as fast as
 * ours (one core) and busy: the stand-in took 108 s to answer its first read at a load of 35 here.
 */
export const BACKEND_START_TIMEOUT_MS = 300_000;

export interface LocalBackend {
  url: string;
  /** The project's keys: publishable and secret, or with apiKeys 'legacy' the anon and service-role keys. */
  publishableKey: string;
  secretKey: string;
  /** The variables a hosted project gives its functions (set them in process.env for handlers run in the test). */
  functionEnv: Record<string, string>;
  /** GET /rest/v1/<path> with the secret key, as the owner's dashboard reads. */
  readAsOwner: <Row>(pathAndQuery: string) => Promise<Row[]>;
  /** POST /functions/v1/<name> with these headers and a JSON body, as a caller of the function sends it. */
  callFunction: (name: string, headers: Record<string, string>, body?: unknown) => Promise<Response>;
  /** POST, PATCH or DELETE /rest/v1/<path> with the secret key; resolves with the status. */
  writeAsOwner: (
    method: 'POST' | 'PATCH' | 'DELETE',
    pathAndQuery: string,
    body?: unknown,
  ) => Promise<number>;
  stop: () => Promise<void>;
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
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
    await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * @param env extra environment for the stand-in's process, which its edge functions read
 * @param options.apiKeys the project's keys: 'current' (publishable and secret), 'legacy' (the anon and
 *   service-role JWTs alone, as a project created before the new keys) or 'both' (such a project once it has created
 *   the new keys: they are its keys, and its functions are given the legacy ones too)
 * @param options.schedule false: the stand-in does not send the outbox itself (tests that run it, with their settings)
 */
export async function startLocalBackend(
  env: Record<string, string> = {},
  {
    apiKeys = 'current',
    schedule = true,
  }: { apiKeys?: 'current' | 'legacy' | 'both'; schedule?: boolean } = {},
): Promise<LocalBackend> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [publishableKey, secretKey] =
    apiKeys === 'legacy'
      ? [LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY]
      : [LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY];
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
      '--api-keys',
      apiKeys,
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

  const ownerHeaders = apiKeyHeaders(secretKey);
  return {
    url,
    publishableKey,
    secretKey,
    functionEnv: {
      SUPABASE_URL: url,
      ...(apiKeys !== 'legacy' && {
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: publishableKey }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: secretKey }),
      }),
      ...(apiKeys !== 'current' && {
        SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      }),
    },
    callFunction: (name, headers, body = {}) =>
      fetch(`${url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    readAsOwner: async <Row>(pathAndQuery: string) => {
      const response = await fetch(`${url}/rest/v1/${pathAndQuery}`, { headers: ownerHeaders });
      if (!response.ok)
        throw new Error(`GET ${pathAndQuery} answered ${response.status} ${await response.text()}`);
      return (await response.json()) as Row[];
    },
    writeAsOwner: async (method, pathAndQuery, body) => {
      const response = await fetch(`${url}/rest/v1/${pathAndQuery}`, {
        method,
        headers: {
          ...ownerHeaders,
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

/** What mail-outbox answers for one run (the counts of each outcome), whatever the counts are. */
export const outboxRunAnswer = {
  sent: expect.any(Number),
  retried: expect.any(Number),
  failed: expect.any(Number),
  cancelled: expect.any(Number),
  waiting: expect.any(Number),
  released: expect.any(Number),
  unrecorded: expect.any(Number),
};

/** Every variable through which a hosted project gives its functions its URL and keys. */
export const projectVariables = [
  'SUPABASE_URL',
  'SUPABASE_PUBLISHABLE_KEYS',
  'SUPABASE_SECRET_KEYS',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'LEGACY_API_KEYS',
] as const;

/** Gives handlers run in this process the project's variables, and none of another project's. */
export function applyProjectEnv(backend: Pick<LocalBackend, 'functionEnv'>): void {
  for (const name of projectVariables) {
    const value = backend.functionEnv[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
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

/**
 * The stand-in for the handlers a test file (or a describe) runs under Node: started before its tests, stopped after;
 * before each test, the project's variables, the client's address read from x-forwarded-for as the gateway gives it,
 * and the handlers' console errors and warnings kept out of the output. `newClient()` is a caller of its own: the
 * limits and the visitors are per client.
 */
export function localBackendForEachTest(): { readonly backend: LocalBackend; newClient: () => string } {
  let backend: LocalBackend | undefined;
  let clientCount = 0;
  beforeAll(async () => {
    backend = await startLocalBackend();
  }, BACKEND_START_TIMEOUT_MS);
  afterAll(async () => {
    await backend?.stop();
  });
  beforeEach(() => {
    applyProjectEnv(started());
    process.env.CLIENT_IP_HEADER = 'x-forwarded-for';
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());
  function started(): LocalBackend {
    if (!backend)
      throw new Error(
        'The stand-in has not started (localBackendForEachTest is called at the top of a file or a describe)',
      );
    return backend;
  }
  return {
    get backend() {
      return started();
    },
    newClient: () => `198.51.100.${(clientCount += 1)}`,
  };
}
