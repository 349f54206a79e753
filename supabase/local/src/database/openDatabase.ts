// The embedded PostgreSQL (PGlite) behind the local stand-in.
//
// Building the database from scratch (initdb, bootstrap, migrations, seed) takes seconds, so it is done once per
// version of the SQL: the result is dumped as a pristine snapshot (supabase/.local/pristine-<hash>.tar.gz). From it,
//   - a persisted data directory (default supabase/.local/db) is created on first start, and re-created when the
//     hash changes; later starts just reopen it (a few hundred milliseconds);
//   - a throwaway in-memory copy ('memory') is loaded for tests and end-to-end runs that must not see earlier edits.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { paths } from '../paths.ts';
import {
  hashSchemaSources,
  readSchemaSources,
  type DefaultPrivileges,
  type SqlSource,
} from './schemaSources.ts';

export type Log = (line: string) => void;

export interface PristineSnapshot {
  hash: string;
  file: string;
  /** True when this call had to build it. */
  built: boolean;
}

export interface OpenedDatabase {
  db: PGlite;
  /** 'memory' or the data directory. */
  location: string;
  /** What happened: reopened, created from the snapshot, or loaded into memory. */
  how: 'reopened' | 'created' | 'memory';
  snapshot: PristineSnapshot;
  close(): Promise<void>;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const detail = (error as { detail?: string }).detail;
    return detail ? `${error.message} (${detail})` : error.message;
  }
  return String(error);
}

/** Applies bootstrap, migrations and seed to a new in-memory database and dumps it. */
async function buildSnapshot(file: string, sources: SqlSource[], log: Log): Promise<void> {
  const started = Date.now();
  const db = new PGlite();
  try {
    for (const { name, sql } of sources) {
      try {
        await db.exec(sql);
      } catch (error) {
        throw new Error(`${name} failed: ${errorText(error)}`, { cause: error });
      }
      if (name === 'local/bootstrap.sql') await db.exec('set search_path to "$user", public, extensions');
    }
    const dump = await db.dumpDataDir('gzip');
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file); // atomic: a parallel start never reads half a snapshot
  } finally {
    await db.close();
  }
  log(`built the database from bootstrap, migrations and seed in ${Date.now() - started} ms`);
}

/** The pristine snapshot for the current SQL, built if missing. Older snapshots of the same kind are removed. */
export async function ensurePristineSnapshot(
  log: Log,
  stateDir = paths.stateDir,
  defaultPrivileges: DefaultPrivileges = 'new-project',
): Promise<PristineSnapshot> {
  const sources = readSchemaSources(defaultPrivileges);
  const hash = hashSchemaSources(sources);
  const prefix = defaultPrivileges === 'new-project' ? 'pristine-' : 'pristine-old-project-';
  const file = path.join(stateDir, `${prefix}${hash}.tar.gz`);
  if (existsSync(file)) return { hash, file, built: false };
  mkdirSync(stateDir, { recursive: true });
  await buildSnapshot(file, sources, log);
  const sameKind = new RegExp(`^${prefix}[0-9a-f]+\\.tar\\.gz$`);
  for (const name of readdirSync(stateDir)) {
    if (sameKind.test(name) && name !== path.basename(file)) {
      rmSync(path.join(stateDir, name), { force: true });
    }
  }
  return { hash, file, built: true };
}

function snapshotBlob(snapshot: PristineSnapshot): Blob {
  return new Blob([readFileSync(snapshot.file)]);
}

/** PGlite's single session does not apply role settings, so set what Supabase gives the owner's sessions. */
async function ownerSession(db: PGlite): Promise<PGlite> {
  await db.waitReady;
  await db.exec('set search_path to "$user", public, extensions');
  return db;
}

/** A new in-memory database holding the pristine data. */
export async function openMemoryDatabase(
  snapshot: PristineSnapshot,
  extensions: Record<string, Extension> = {},
): Promise<PGlite> {
  return ownerSession(new PGlite({ loadDataDir: snapshotBlob(snapshot), extensions }));
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Data directories this process has open. */
const openHere = new Set<string>();

/** One PGlite at a time may open a persisted data directory (it has no locking of its own): a lock file with the
 *  owner's pid across processes, and a set within this one. */
function takeLock(dataDir: string): () => void {
  if (openHere.has(dataDir)) throw new Error(`${dataDir} is already open in this process.`);
  const lockFile = `${dataDir}.lock`;
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid !== process.pid && processIsAlive(pid)) {
      throw new Error(
        `${dataDir} is in use by another local Supabase (pid ${pid}). Stop it, or start this one with --fresh ` +
          `(a throwaway in-memory copy).`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  openHere.add(dataDir);
  return () => {
    openHere.delete(dataDir);
    rmSync(lockFile, { force: true });
  };
}

export interface OpenDatabaseOptions {
  /** A directory for persisted data, or 'memory' for a throwaway copy of the pristine data. */
  dataDir: string;
  log: Log;
  stateDir?: string;
}

export async function openDatabase({
  dataDir,
  log,
  stateDir = paths.stateDir,
}: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const snapshot = await ensurePristineSnapshot(log, stateDir);
  if (dataDir === 'memory') {
    const db = await openMemoryDatabase(snapshot);
    return { db, location: 'memory', how: 'memory', snapshot, close: () => db.close() };
  }

  const directory = path.resolve(dataDir);
  mkdirSync(path.dirname(directory), { recursive: true });
  const releaseLock = takeLock(directory);
  try {
    const stampFile = `${directory}.hash`;
    const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : undefined;
    let how: OpenedDatabase['how'] = 'reopened';
    let db: PGlite;
    if (stamp !== snapshot.hash || !existsSync(path.join(directory, 'PG_VERSION'))) {
      if (existsSync(directory)) log(`the migrations, seed or bootstrap changed: re-creating ${directory}`);
      rmSync(directory, { recursive: true, force: true });
      rmSync(stampFile, { force: true });
      db = await ownerSession(new PGlite(directory, { loadDataDir: snapshotBlob(snapshot) }));
      writeFileSync(stampFile, snapshot.hash);
      how = 'created';
    } else {
      db = await ownerSession(new PGlite(directory));
    }
    return {
      db,
      location: directory,
      how,
      snapshot,
      close: async () => {
        try {
          await db.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Removes the persisted data directory (and its stamp), so the next start re-creates it from the snapshot. */
export function wipeDataDir(dataDir: string): void {
  const directory = path.resolve(dataDir);
  const lockFile = `${directory}.lock`;
  if (openHere.has(directory)) throw new Error(`${directory} is open in this process; close it first.`);
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid !== process.pid && processIsAlive(pid)) {
      throw new Error(`${directory} is in use by a running local Supabase (pid ${pid}); stop it first.`);
    }
  }
  rmSync(directory, { recursive: true, force: true });
  rmSync(`${directory}.hash`, { force: true });
  rmSync(lockFile, { force: true });
}
