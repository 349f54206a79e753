// The real PostgreSQL and PostgREST, behind a gateway at /rest/v1 (supabase/local/scripts/serveRealBackend.ts), for
// the tests that need sessions that run at once, which the stand-in's one PGlite session cannot give: the functions'
// code reaches it as it reaches a project (its URL and the legacy service-role key, checked by PostgREST itself), and
// a test opens sessions of its own on the database to hold one claim open while another runs. In its own process
// group: stopping it stops the cluster and PostgREST.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { LOCAL_SERVICE_ROLE_KEY } from '@site/supabase-local/keys';
import type { ServiceBackend } from '../serviceBackend.ts';

/** Creating a cluster and applying the bootstrap, every migration and the seed: allow for a slow, shared machine. */
export const REAL_BACKEND_START_TIMEOUT_MS = 180_000;

export interface RealBackend {
  /** What the functions' code is given: the gateway's URL and the service-role key. */
  service: ServiceBackend;
  /** As the servers report themselves, e.g. "PostgREST 12.0.2 on PostgreSQL 17.10". */
  version: string;
  /** A session of its own on the database, as `postgres` (the caller ends it). */
  session: () => Promise<pg.Client>;
  stop: () => Promise<void>;
}

export async function startRealBackend(): Promise<RealBackend> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serveRealBackend.ts'], {
    cwd: path.resolve(__dirname, '../../../local'),
    env: { ...process.env, NODE_OPTIONS: '' },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ url: string; socketDir: string; port: number; version: string }>(
    (resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('{')) resolve(JSON.parse(line));
        else output += `${line}\n`;
      });
      void exited.then(() => reject(new Error(`The real backend stopped while starting:\n${output}`)));
    },
  );
  return {
    service: {
      supabaseUrl: ready.url,
      secretKey: LOCAL_SERVICE_ROLE_KEY,
      rateLimitSalt: 'the real backend tests salt',
    },
    version: ready.version,
    session: async () => {
      const client = new pg.Client({
        host: ready.socketDir,
        port: ready.port,
        user: 'postgres',
        database: 'postgres',
      });
      await client.connect();
      return client;
    },
    stop: async () => {
      child.stdin!.end();
      const stuck = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 30_000);
      await exited;
      clearTimeout(stuck);
    },
  };
}
